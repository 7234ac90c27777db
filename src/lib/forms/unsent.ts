// Visitor forms written offline that the server refused when they were sent: kept on the
// device and shown on every page (app/layout/UnsentForms.tsx) until the visitor discards them,
// so nothing typed disappears without a word.
import { db } from '@/lib/offline/db';
import { useLiveQuery } from '@/lib/offline/live';
import type { OutboxRow } from '@/lib/offline/outbox';
import { outbox } from '@/lib/offline/outbox-runtime';
import { type FormOp, FormOps } from './submit';

const FORM_OPS: readonly string[] = Object.values(FormOps);

export interface UnsentForm {
  id: string;
  op: FormOp;
  /** What the visitor wrote (the message, or the email they signed up with). */
  summary: string;
  reason: string;
}

function summary(row: OutboxRow): string {
  const p = (row.payload ?? {}) as Record<string, unknown>;
  const text = row.op === FormOps.contact ? p.message : p.email;
  return typeof text === 'string' ? text : '';
}

export function useUnsentForms(): UnsentForm[] {
  return (
    useLiveQuery(async () => {
      const refused = await db.outbox.where('status').equals('failed').toArray();
      return refused
        .filter((r) => FORM_OPS.includes(r.op))
        .map((r) => ({
          id: r.id,
          op: r.op as FormOp,
          summary: summary(r),
          reason: r.lastError ?? 'Refused by the server.',
        }));
    }, []) ?? []
  );
}

export const discardUnsentForm = (id: string) => outbox.discard(id);
