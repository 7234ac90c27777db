export function loadDotEnv(): void;
export const DROP_HOOKS_POOL: number;
export function serveEnv<T extends Record<string, string | undefined>>(env: T): T & { PB_HOOKS_POOL: string };
export function runtimeEnv(overrides?: Record<string, string | undefined>): Record<string, string>;
