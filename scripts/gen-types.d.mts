export const OUTPUT: string;
export function generateTypes(collections: unknown[]): string;
export function fetchCollections(url: string, token: string): Promise<unknown[]>;
