// What the course's status chip says, from this learner's progress rows in the outbox alone
// (other accounts' rows and queued forms are not theirs). Pure, so the fault harness checks
// the chip against the outbox with the same function the chip uses.

export type SyncChipState = 'ok' | 'local' | 'syncing' | 'auth' | 'error';

export interface ChipRow {
  status: 'pending' | 'failed';
}

export function syncChipState(rows: readonly ChipRow[], env: { online: boolean; sessionLive: boolean }): SyncChipState {
  if (rows.some((r) => r.status === 'failed')) return 'error';
  if (rows.length === 0) return 'ok';
  if (!env.online) return 'local';
  return env.sessionLive ? 'syncing' : 'auth';
}

export const SYNC_CHIP_TEXT: Record<Exclude<SyncChipState, 'error'>, string> = {
  ok: 'Progress synced',
  local: 'Progress saved on this device; it syncs when you are back online',
  syncing: 'Saving progress…',
  auth: 'Progress saved on this device. Sign in again to sync it to your account',
};
