// WebP copies of an uploaded image at the widths the PWA's srcsets ask for. PocketBase's own
// thumbs are JPEG at quality 95 (its image library's default): several times the bytes of a
// WebP that looks the same, and the phone's LCP image waits for those bytes. PocketBase's
// hooks cannot encode images, so they hand the original to this process (a file in a work
// folder both processes share on the same machine) and store what it writes.
//
// The work folder (IMAGE_WORK_DIR) is made fresh by whatever starts both processes
// (scripts/lib/renderer.mjs, the package's start.sh): private to this user (0700), owned by it,
// not a link; a folder that is not all that is refused. Inside it, a path is taken only when its
// real location is inside the folder, the original is opened without following a link, and each
// copy is written to a new file that must not exist yet (O_EXCL, O_NOFOLLOW): nothing planted
// there can be read or overwritten through this endpoint.
import { constants, lstatSync, realpathSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

const QUALITY = 78;
// libwebp effort 2 of 6: about 4× faster than the default 4 for some 3 % more bytes
const EFFORT = 2;
const MAX_WIDTH = 4000;
// image fields take up to 20 MB
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export interface VariantRequest {
  /** The original, inside the work folder (its real path). */
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

/** The work folder is not fit to use; the endpoint answers 503 until it is. */
export class WorkFolderError extends Error {}

/**
 * The work folder's real path, once it is checked: a directory (not a link to one), owned by
 * this process's user, closed to everyone else.
 */
export function workFolder(dir: string | undefined = process.env.IMAGE_WORK_DIR): string {
  if (!dir || !isAbsolute(dir)) throw new WorkFolderError('IMAGE_WORK_DIR is not set to an absolute path');
  let st: ReturnType<typeof lstatSync>;
  try {
    st = lstatSync(dir);
  } catch {
    throw new WorkFolderError(`the work folder ${dir} does not exist`);
  }
  if (st.isSymbolicLink() || !st.isDirectory()) throw new WorkFolderError(`the work folder ${dir} is not a directory`);
  if (typeof process.getuid === 'function' && st.uid !== process.getuid())
    throw new WorkFolderError(`the work folder ${dir} belongs to another user`);
  if (st.mode & 0o077) throw new WorkFolderError(`the work folder ${dir} is open to other users`);
  return realpathSync(dir);
}

/**
 * `path` if its real location is a plain name in a folder inside `root`, else a VariantError
 * naming `field` (the certificates' files are checked the same way).
 */
export function inWorkFolder(path: unknown, root: string, field = 'src'): string {
  if (typeof path !== 'string' || !path) throw new VariantError(`${field}: a path is required`);
  if (!isAbsolute(path) || path.split(sep).includes('..')) throw new VariantError(`${field}: not inside ${root}`);
  const name = basename(path);
  if (!NAME.test(name)) throw new VariantError(`${field}: not a file name the hooks make`);
  let parent: string;
  try {
    parent = realpathSync(dirname(path));
  } catch {
    throw new VariantError(`${field}: not inside ${root}`);
  }
  const rel = relative(root, parent);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new VariantError(`${field}: not inside ${root}`);
  return join(parent, name);
}

/** Checks a request body: a path in the work folder `root` and 1–10 sane widths. */
export function parseVariantRequest(body: unknown, root: string): VariantRequest {
  const b = (body ?? {}) as Record<string, unknown>;
  const src = inWorkFolder(b.src, root);
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

/** The original's bytes, read without following a link (at most MAX_SOURCE_BYTES). */
async function readSource(src: string): Promise<Buffer> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(src, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    throw new VariantError(`src: not an image this server can read (${(err as NodeJS.ErrnoException).code ?? err})`);
  }
  try {
    const st = await file.stat();
    if (!st.isFile() || st.size > MAX_SOURCE_BYTES) throw new VariantError('src: not an image file of at most 25 MB');
    return await file.readFile();
  } finally {
    await file.close();
  }
}

/** Writes a new file; a file or link already at `path` is an error, never followed or replaced. */
async function writeNew(path: string, bytes: Buffer): Promise<void> {
  const file = await open(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    await file.writeFile(bytes);
  } finally {
    await file.close();
  }
}

/** Writes `<src>-w<width>.webp` beside the original for each width; returns what it wrote. */
export async function makeVariants(req: VariantRequest): Promise<VariantResult> {
  // sharp is a native module outside the renderer's bundle; load it only when asked
  const { default: sharp } = await import('sharp');
  const source = await readSource(req.src);
  const meta = await sharp(source)
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
    const webp = await sharp(source)
      .rotate()
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: QUALITY, effort: EFFORT })
      .toBuffer();
    try {
      await writeNew(path, webp);
    } catch (err) {
      throw new VariantError(`a file is in the way of the copy (${(err as NodeJS.ErrnoException).code ?? err})`);
    }
    files.push({ width: w, path });
  }
  return { width, height, files };
}
