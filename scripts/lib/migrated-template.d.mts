/** Where the template of the current migrations, hooks and binary lives (made when missing). */
export function migratedTemplate(): string;
/** Copies the template into `dataDir` (an empty dir a throwaway server is about to use). */
export function copyMigratedTemplate(dataDir: string): void;
