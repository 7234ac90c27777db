export const OUTPUT: string;
export function generateTypes(collections: unknown[]): string;
export function generatedFiles(collections: unknown[]): Array<{ path: string; text: string }>;
export function fetchCollections(url: string, token: string): Promise<unknown[]>;
