export const POCKETBASE_VERSION: string;
export const cacheDir: string;
export function ensurePocketBase(): string;
export function ensureStripeMock(): string;
export function ensureVersityGw(): string;
