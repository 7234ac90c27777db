export const TEST_SUPERUSER: Readonly<{ email: string; password: string }>;
export function superuserToken(url: string, opts?: { ip?: string }): Promise<string>;
