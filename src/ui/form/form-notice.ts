// What a visitor form says when it is submitted: one mapping from the outcome (sent, queued
// offline, refused with field errors, failed otherwise) to the toast, for every form.
import type { ToastInput } from '@/ui/toast/toast-store';

export type FormOutcome =
  | { kind: 'sent' }
  | { kind: 'queued' }
  /** The server refused what was typed; `fieldErrors` says where. */
  | { kind: 'invalid'; message: string; fieldErrors: Record<string, string> }
  | { kind: 'failed'; message: string };

/** A form's own texts: what success says, and the failure toast's title and description. */
export interface FormNotices {
  sent: ToastInput;
  /** What a form saved offline says, when the common notice would not be true for it. */
  queued?: ToastInput;
  failed: {
    title: string;
    /** Shown as the description; with `reason`, only when the server gave none. */
    description?: string;
    /** Show the server's reason (e.g. "HTML is not allowed") as the description. */
    reason?: boolean;
  };
}

/** Every form says the same when it was saved on the device to be sent later. */
const QUEUED_NOTICE: ToastInput = {
  title: 'Saved offline',
  description: 'You are offline. It will be sent as soon as you are back online.',
};

export function formNotice(outcome: FormOutcome, notices: FormNotices): ToastInput {
  switch (outcome.kind) {
    case 'sent':
      return notices.sent;
    case 'queued':
      return notices.queued ?? QUEUED_NOTICE;
    default: {
      const { title, description, reason } = notices.failed;
      const text = (reason && outcome.message) || description;
      return text ? { title, description: text, destructive: true } : { title, destructive: true };
    }
  }
}
