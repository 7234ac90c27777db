// Releases before the outbox joined the device database kept it in a database of its own.
// On first start its rows move over (each kept once), then that database is deleted.
import Dexie, { type Table } from 'dexie';
import type { OutboxRow } from './outbox';

const LEGACY_OUTBOX_DB = 'atelier-outbox';

/** Moves rows queued by an older release into `target`; resolves how many it found. */
export async function importLegacyOutbox(target: Table<OutboxRow, string>, name = LEGACY_OUTBOX_DB): Promise<number> {
  if (typeof indexedDB === 'undefined' || !(await Dexie.exists(name))) return 0;
  const legacy = new Dexie(name);
  legacy.version(1).stores({ rows: 'id, op, status, coalesceKey, userId, createdAt' });
  let found: OutboxRow[];
  try {
    found = await legacy.table<OutboxRow, string>('rows').toArray();
    // A start cut short after the copy copies again: rows already here (maybe sent since) stay as they are.
    await target.db.transaction('rw', target, async () => {
      const have = new Set(
        await target
          .where('id')
          .anyOf(found.map((r) => r.id))
          .primaryKeys(),
      );
      await target.bulkAdd(found.filter((r) => !have.has(r.id)));
    });
  } finally {
    legacy.close();
  }
  await Dexie.delete(name);
  return found.length;
}
