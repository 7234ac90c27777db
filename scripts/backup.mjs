#!/usr/bin/env node
// `npm run backup [-- <name>.zip] [--url <origin>]`: makes a backup now (see scripts/lib/backups.mjs).
// `npm run backup -- --list` lists the backups.
import { checkBackupName, connect, createBackup, formatSize, listBackups, parseArgs } from './lib/backups.mjs';
import { loadDotEnv, runtimeEnv } from './lib/env.mjs';

loadDotEnv();
const { url, rest } = parseArgs(process.argv.slice(2));
let conn;
try {
  if (rest[0] && rest[0] !== '--list') checkBackupName(rest[0]);
  conn = await connect({ env: runtimeEnv(), url });
  if (rest[0] === '--list') {
    const list = await listBackups(conn);
    if (!list.length) console.log('No backups yet.');
    for (const b of list) console.log(`${b.key}  ${formatSize(b.size)}  ${b.modified}`);
  } else {
    const made = await createBackup(conn, rest[0]);
    console.log(
      `Backup ${made.key} (${formatSize(made.size)}) made on ${conn.temporary ? 'a temporary server' : conn.url}.`,
    );
    console.log(`Restore it with: npm run restore -- ${made.key}`);
  }
} catch (err) {
  console.error(`[atelier] ${err.message}`);
  process.exitCode = 1;
} finally {
  await conn?.stop();
}
