#!/usr/bin/env node
// `npm run pocketbase -- <args>`: runs the pinned PocketBase with this repo's dirs.
// With no args it only ensures the binary exists and prints its path.
import { spawn } from 'node:child_process';
import { ensurePocketBase, ensureStripeMock } from './lib/binaries.mjs';
import { pbDirArgs } from './lib/pb-args.mjs';

const args = process.argv.slice(2);
if (args[0] === '--ensure-all') {
  console.log(ensurePocketBase());
  console.log(ensureStripeMock());
} else if (args.length === 0) {
  console.log(ensurePocketBase());
} else {
  const bin = ensurePocketBase();
  const child = spawn(bin, [...args, ...pbDirArgs()], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
}
