#!/usr/bin/env node
// `npm run restore -- <name>.zip [--url <origin>]`: replaces the data with a backup's (see
// scripts/lib/backups.mjs). Without a name it lists the backups.
import { connect, formatSize, listBackups, parseArgs, restoreBackup } from './lib/backups.mjs';
import { loadDotEnv, runtimeEnv } from './lib/env.mjs';

loadDotEnv();
const { url, rest } = parseArgs(process.argv.slice(2));
let conn;
try {
  conn = await connect({ env: runtimeEnv(), url });
  const name = rest[0];
  if (!name) {
    const list = await listBackups(conn);
    console.log('Usage: npm run restore -- <name>.zip\nBackups, newest first:');
    for (const b of list) console.log(`  ${b.key}  ${formatSize(b.size)}  ${b.modified}`);
    if (!list.length) console.log('  (none)');
    process.exitCode = 1;
  } else {
    console.log(`[atelier] restoring ${name}; the server restarts itself with the restored data…`);
    const media = await restoreBackup(conn, name);
    console.log(`Restored ${name}.`);
    if (media) {
      console.log(`[atelier] ${media.restored} media files put back from the backup's copies.`);
      if (media.missing.length)
        console.error(
          `[atelier] ${media.missing.length} files the backup names have no copy: ${media.missing.join(', ')}`,
        );
      if (media.error) console.error(`[atelier] putting the media back failed: ${media.error}`);
      if (media.missing.length || media.error) process.exitCode = 1;
    }
  }
} catch (err) {
  console.error(`[atelier] ${err.message}`);
  process.exitCode = 1;
} finally {
  await conn?.stop();
}
