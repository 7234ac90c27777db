// The visitor's answer to the analytics consent banner, kept in this browser. An answer to an
// older banner text (another version) counts as no answer: the visitor is asked again.
import { ANALYTICS_CONSENT_VERSION, CLIENT_ID_PATTERN } from '@/lib/contract/contract.gen';
import { newClientId } from '@/lib/forms/client-id';

export type ConsentChoice = 'accepted' | 'refused';

export interface StoredConsent {
  choice: ConsentChoice;
  version: string;
  /** When the visitor answered (ms). */
  at: number;
  /** Random id sent with every answer, so the server can tell a changed answer from a new visitor. */
  visitor: string;
  /** The server has recorded this answer (else it is sent again on the next visit). */
  recorded: boolean;
}

const KEY = 'atelier-analytics-consent';

/** The current answer, or null when there is none for the current text. */
export function readConsent(storage: Storage = localStorage): StoredConsent | null {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as StoredConsent | null;
    if (!value || (value.choice !== 'accepted' && value.choice !== 'refused')) return null;
    return value.version === ANALYTICS_CONSENT_VERSION ? value : null;
  } catch {
    return null;
  }
}

/** The id of this browser's earlier answers, whatever their version, else a new one. */
function visitorId(storage: Storage): string {
  try {
    const earlier = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<StoredConsent> | null;
    if (earlier?.visitor && CLIENT_ID_PATTERN.test(earlier.visitor)) return earlier.visitor;
  } catch {}
  return newClientId();
}

export function writeConsent(choice: ConsentChoice, storage: Storage = localStorage): StoredConsent {
  const value: StoredConsent = {
    choice,
    version: ANALYTICS_CONSENT_VERSION,
    at: Date.now(),
    visitor: visitorId(storage),
    recorded: false,
  };
  storage.setItem(KEY, JSON.stringify(value));
  return value;
}

export function markRecorded(value: StoredConsent, storage: Storage = localStorage): void {
  const current = readConsent(storage);
  if (current && current.at === value.at) storage.setItem(KEY, JSON.stringify({ ...current, recorded: true }));
}
