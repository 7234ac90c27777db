/** Copies the template into `dataDir` (an empty dir a throwaway server is about to use). */
export function copyMigratedTemplate(dataDir: string): void;
