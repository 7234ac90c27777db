// Sending the visitor forms (newsletter, contact/inquiry) to their pb_hooks routes
// (docs/api.md). Online: sent at once so the toast can tell the real outcome. Offline, or
// when the request never reached the server: queued in the outbox with the same clientId,
// so a later replay is stored once, and the caller says honestly that it will be sent.
import { enqueue, registerOutboxHandler } from '@/lib/offline/outbox-runtime';
import { classifyError, type OutboxHandler, type OutboxRow, type SendResult } from '@/lib/offline/outbox';
import { pb } from '@/lib/pocketbase/client';
import { CONSENT_TEXT_VERSIONS, type Enums } from '@/lib/contract/contract.gen';
import { isNetworkError, toAppError } from '@/lib/pocketbase/errors';
import { newClientId } from './client-id';

/** The form a sign-up came from (stored as its consent source). */
type NewsletterSource = (typeof Enums.newsletter_subscribers.consent_source)[number];

/**
 * A sign-up. What it is about is named by slug (the artwork of the viewing room, the drop,
 * the exhibition); the server looks up the titles it records and mails.
 */
export interface NewsletterInput {
  email: string;
  source: NewsletterSource;
  name?: string;
  /** The viewing-room gate's name, in two parts (the server joins them). */
  firstName?: string;
  lastName?: string;
  artworkSlug?: string;
  dropSlug?: string;
  exhibitionSlug?: string;
}

/**
 * A contact message, or an artwork inquiry as its form's fields: the server writes the
 * inquiry's subject and message from the artwork's record (pb_hooks/lib/forms/inquiry.js).
 */
export type ContactInput =
  | { kind?: 'contact'; name: string; email: string; subject: string; message: string }
  | {
      kind: 'inquiry';
      firstName: string;
      lastName: string;
      email: string;
      phone?: string;
      comments?: string;
      artworkId: string;
    };

export const FormOps = { newsletter: 'newsletter', contact: 'contact' } as const;
export type FormOp = (typeof FormOps)[keyof typeof FormOps];

/**
 * Where each form goes: the app sends JSON there, and the server-rendered <form> posts there
 * itself before the app has started (or without JavaScript), answered with a result page.
 */
export const FORM_ACTIONS: Record<FormOp, string> = {
  newsletter: '/api/atelier/subscribe-newsletter',
  contact: '/api/atelier/send-contact',
};
const ROUTES = FORM_ACTIONS;

export type SubmitOutcome = { status: 'sent'; response: unknown } | { status: 'queued' };

export class FormError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string>,
  ) {
    super(message);
    this.name = 'FormError';
  }
}

function post(op: FormOp, body: Record<string, unknown>) {
  return pb.send(ROUTES[op], { method: 'POST', body });
}

async function submit(op: FormOp, payload: Record<string, unknown>): Promise<SubmitOutcome> {
  const clientId = newClientId();
  const body = { ...payload, clientId };
  const queue = async (): Promise<SubmitOutcome> => {
    await enqueue(op, body, { idempotencyKey: clientId });
    return { status: 'queued' };
  };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return queue();
  try {
    return { status: 'sent', response: await post(op, body) };
  } catch (err) {
    if (isNetworkError(err)) return queue();
    const e = toAppError(err);
    throw new FormError(e.message, e.status, e.fieldErrors);
  }
}

export function subscribeNewsletter(input: NewsletterInput): Promise<SubmitOutcome> {
  return submit(FormOps.newsletter, {
    ...input,
    email: input.email.trim(),
    consentVersion: CONSENT_TEXT_VERSIONS[input.source],
  });
}

export function sendContact(input: ContactInput): Promise<SubmitOutcome> {
  return submit(FormOps.contact, { ...input });
}

type Client = Pick<typeof pb, 'send'>;

/**
 * The outbox handler of one visitor form: each row is posted with its client id, so a replay
 * after a cut connection is stored once. `onSent` and `onRefused` let the app tell the
 * visitor when something written offline has gone out, or was refused by the server.
 */
export function createFormOutboxHandler(
  client: Client,
  op: FormOp,
  onSent: (op: FormOp, payload: Record<string, unknown>, answer: unknown) => void = () => {},
  onRefused: (op: FormOp, error: string) => void = () => {},
): OutboxHandler {
  return {
    batchSize: 5,
    async send(rows: OutboxRow[], ctx?: { signal?: AbortSignal }): Promise<SendResult[]> {
      const results: SendResult[] = [];
      for (const row of rows) {
        const payload = { ...(row.payload as Record<string, unknown>), clientId: row.idempotencyKey };
        try {
          const answer = await client.send(ROUTES[op], { method: 'POST', body: payload, signal: ctx?.signal });
          results.push({ ok: true });
          onSent(op, payload, answer);
        } catch (err) {
          const result = classifyError(err);
          if (!result.ok && !result.retriable) onRefused(op, toAppError(err).message);
          results.push(result);
        }
      }
      return results;
    },
  };
}

/** Registers the app's outbox handlers for queued forms (see createFormOutboxHandler). */
export function registerFormOutboxHandlers(
  onSent: (op: FormOp, payload: Record<string, unknown>, answer: unknown) => void,
  onRefused: (op: FormOp, error: string) => void = () => {},
): void {
  for (const op of [FormOps.newsletter, FormOps.contact])
    registerOutboxHandler(op, createFormOutboxHandler(pb, op, onSent, onRefused));
}
