// WebP versions of uploaded images, made with sharp (libvips). PocketBase's own thumbs are
// JPEG/PNG only; the hooks store these beside them (pb_hooks/lib/image-variants.js).
import type { Sharp } from 'sharp';

type SharpFactory = (input: Buffer, options?: { failOn?: 'none' | 'error' }) => Sharp;
let loaded: Promise<SharpFactory> | undefined;

/** Loaded on first use, so a missing native module costs the WebP variants only, not the pages. */
function sharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then((m) => {
    // one image at a time: the renderer shares the machine with PocketBase
    m.default.concurrency(1);
    return m.default as unknown as SharpFactory;
  });
  return loaded;
}

/** `input` scaled down (never up) to `width` pixels wide, EXIF rotation applied, as WebP. */
export async function toWebp(input: Buffer, width: number): Promise<Buffer> {
  const make = await sharp();
  return make(input, { failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78, effort: 4 })
    .toBuffer();
}
