export function imagesWithoutCopies(url: string, token: string): Promise<string[]>;
export function makeImageCopies(url: string, token: string, ms?: number): Promise<void>;
