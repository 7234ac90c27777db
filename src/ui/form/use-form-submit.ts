import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormError, type SubmitOutcome } from '@/lib/forms/submit';
import { type ToastInput, toast } from '@/ui/toast/toast-store';
import { type FormNotices, type FormOutcome, formNotice } from './form-notice';

/** What a form's own check says about the input before anything is sent. */
export type FormCheck =
  /** Say this (and mark these fields) instead of sending. */
  | { notice: ToastInput; fieldErrors?: Record<string, string> }
  /** Do nothing, silently (e.g. an empty notify-me field). */
  | 'ignore';

export interface FormSubmitOptions<Input> {
  /** Sends the input, or queues it in the outbox when offline (lib/forms/submit.ts). */
  send: (input: Input) => Promise<SubmitOutcome>;
  notices: FormNotices;
  check?: (input: Input) => FormCheck | undefined;
  /** After the input was sent or queued: clear the fields, remember the email, unlock the room. */
  onDone?: (input: Input, outcome: SubmitOutcome) => void;
}

export interface FormSubmit<Input> {
  submit: (input: Input) => void;
  sending: boolean;
  /** The server's (or the check's) errors by field name; cleared on the next submit. */
  fieldErrors: Record<string, string>;
}

function failure(err: unknown): FormOutcome {
  if (err instanceof FormError && Object.keys(err.fieldErrors).length > 0) {
    return { kind: 'invalid', message: err.message, fieldErrors: err.fieldErrors };
  }
  return { kind: 'failed', message: err instanceof Error ? err.message : '' };
}

/**
 * The one way a visitor form submits: the form's check, then send (or queue offline), then one
 * toast for the outcome and the field errors to show. A failure keeps what the visitor typed
 * (only `onDone` clears fields). Query must not pause it offline: `send` queues it then.
 */
export function useFormSubmit<Input>({ send, notices, check, onDone }: FormSubmitOptions<Input>): FormSubmit<Input> {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // each outcome replaces this form's last one (an old "Invalid email" beside "Subscribed")
  const group = useId();
  const say = (notice: ToastInput) => toast({ ...notice, group });
  const mutation = useMutation({
    mutationFn: send,
    networkMode: 'always',
    onSuccess: (outcome, input) => {
      say(formNotice({ kind: outcome.status }, notices));
      onDone?.(input, outcome);
    },
    onError: (err) => {
      const outcome = failure(err);
      if (outcome.kind === 'invalid') setFieldErrors(outcome.fieldErrors);
      say(formNotice(outcome, notices));
    },
  });

  const submit = (input: Input) => {
    if (mutation.isPending) return;
    const verdict = check?.(input);
    if (verdict === 'ignore') return;
    if (verdict) {
      setFieldErrors(verdict.fieldErrors ?? {});
      say(verdict.notice);
      return;
    }
    setFieldErrors({});
    mutation.mutate(input);
  };

  return { submit, sending: mutation.isPending, fieldErrors };
}
