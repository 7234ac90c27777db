export function archiveAssets(opts: { publicDir: string; archiveDir: string; now?: () => number }): void;
