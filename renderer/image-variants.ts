// WebP copies of an uploaded image at the widths the PWA's srcsets ask for. PocketBase's own
// thumbs are JPEG at quality 95 (its image library's default): several times the bytes of a
// WebP that looks the same, and the phone's LCP image waits for those bytes. PocketBase's
// hooks cannot encode images, so they hand the original to this process (a file in a work
// folder both processes share on the same machine) and store what it writes.
import { tmpdir } from 'node:os';
import { relative, resolve, sep } from 'node:path';

/** The only folder the hooks may point this process at (both read TMPDIR). */
export const IMAGE_WORK_ROOT = resolve(tmpdir(), 'atelier-images');

const QUALITY = 78;
// libwebp effort 2 of 6: about 4× faster than the default 4 for some 3 % more bytes
const EFFORT = 2;
const MAX_WIDTH = 4000;

export interface VariantRequest {
  /** The original, inside IMAGE_WORK_ROOT. */
  src: string;
  /** Wanted widths; none is larger than the original (no upscaling). */
  widths: number[];
}

export interface VariantResult {
  width: number;
  height: number;
  files: { width: number; path: string }[];
}

export class VariantError extends Error {}

function inWorkRoot(path: unknown): string {
  if (typeof path !== 'string' || !path) throw new VariantError('src: a path is required');
  const full = resolve(path);
  const rel = relative(IMAGE_WORK_ROOT, full);
  if (!rel || rel.startsWith('..') || rel.startsWith(sep)) throw new VariantError(`src: not inside ${IMAGE_WORK_ROOT}`);
  return full;
}

/** Checks a request body: a path in the work folder and 1–10 sane widths. */
export function parseVariantRequest(body: unknown): VariantRequest {
  const b = (body ?? {}) as Record<string, unknown>;
  const src = inWorkRoot(b.src);
  const widths = b.widths;
  if (
    !Array.isArray(widths) ||
    widths.length < 1 ||
    widths.length > 10 ||
    !widths.every((w) => Number.isInteger(w) && w >= 16 && w <= MAX_WIDTH)
  )
    throw new VariantError(`widths: 1 to 10 whole numbers from 16 to ${MAX_WIDTH}`);
  return { src, widths: [...new Set(widths as number[])].sort((a, b) => a - b) };
}

/**
 * The widths to make for an original `width` px wide: each wanted width below it, and the
 * original's own width when it is narrower than the widest wanted (so the largest slot is
 * still filled, without upscaling).
 */
export function variantWidths(wanted: number[], width: number): number[] {
  const below = wanted.filter((w) => w < width);
  if (wanted.some((w) => w >= width)) below.push(Math.min(width, MAX_WIDTH));
  return [...new Set(below)].sort((a, b) => a - b);
}

/** Writes `<src>-w<width>.webp` beside the original for each width; returns what it wrote. */
export async function makeVariants(req: VariantRequest): Promise<VariantResult> {
  // sharp is a native module outside the renderer's bundle; load it only when asked
  const { default: sharp } = await import('sharp');
  const meta = await sharp(req.src)
    .metadata()
    .catch((err: unknown) => {
      throw new VariantError(`src: not an image this server can read (${err instanceof Error ? err.message : err})`);
    });
  // EXIF orientation applied, as PocketBase's thumbs do: 5–8 swap width and height
  const upright = (meta.orientation ?? 1) >= 5;
  const width = (upright ? meta.height : meta.width) ?? 0;
  const height = (upright ? meta.width : meta.height) ?? 0;
  if (!width || !height) throw new VariantError('src: not an image');
  const files = [];
  for (const w of variantWidths(req.widths, width)) {
    const path = `${req.src}-w${w}.webp`;
    await sharp(req.src)
      .rotate()
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: QUALITY, effort: EFFORT })
      .toFile(path);
    files.push({ width: w, path });
  }
  return { width, height, files };
}
