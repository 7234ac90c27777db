export const root: string;
export function pbDirArgs(opts?: { dataDir?: string; publicDir?: string; migrationsDir?: string }): string[];
