import { resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..', '..');

/** Directory flags every PocketBase invocation of this project uses. */
export function pbDirArgs({
  dataDir = process.env.PB_DATA_DIR ?? 'pb_data',
  publicDir = 'dist',
  migrationsDir = 'pb_migrations',
} = {}) {
  return [
    `--dir=${resolve(root, dataDir)}`,
    `--hooksDir=${resolve(root, 'pb_hooks')}`,
    `--migrationsDir=${resolve(root, migrationsDir)}`,
    `--publicDir=${resolve(root, publicDir)}`,
    '--automigrate=false',
    // PocketBase treats a binary under the user cache dir (~/.cache) as `go run` and
    // turns dev mode (SQL logging) on by default; keep it off unless asked for.
    process.env.PB_DEV ? '--dev' : '--dev=false',
  ];
}
