import { IMAGE_THUMB_WIDTHS } from '@/lib/contract/contract.gen';
import { pb } from './client';

/** A thumb size every image field declares (docs/data-model.md). */
export type ThumbWidth = (typeof IMAGE_THUMB_WIDTHS)[number];

interface FileOwner {
  id: string;
  collectionName: string;
  /** WebP copies of the record's images, made by the server (pb_hooks/lib/pages/image-variants.js). */
  image_variant_map?: unknown;
}

/**
 * URL of a record's file, optionally a `{width}x0` thumb. Empty filename → undefined (no image).
 * URLs use the collection *name*, not its id, so the service worker can tell public
 * content images (cached for offline use) from anything else. They are root-relative: the
 * server renderer reaches PocketBase at another address than the browser, and both must
 * write the same markup.
 */
export function fileUrl(
  record: FileOwner,
  filename: string | null | undefined,
  thumb?: ThumbWidth,
): string | undefined {
  if (!filename) return undefined;
  const owner = { id: record.id, collectionName: record.collectionName };
  const url = pb.files.getURL(owner, filename, thumb ? { thumb: `${thumb}x0` } : {});
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '') || undefined;
}

/** `srcset` from the thumbs, for responsive images. */
function fileSrcSet(record: FileOwner, filename: string | null | undefined): string | undefined {
  if (!filename) return undefined;
  return IMAGE_THUMB_WIDTHS.map((w) => `${fileUrl(record, filename, w)} ${w}w`).join(', ');
}

/**
 * `srcset` of the image's WebP copies, or undefined while the server has made none:
 * image_variant_map is {"<image file>": {"webp": [[width, "<copy file>"], …]}}.
 */
function webpSrcSet(record: FileOwner, filename: string): string | undefined {
  const map = record.image_variant_map;
  if (!map || typeof map !== 'object') return undefined;
  const webp = (map as Record<string, { webp?: unknown } | undefined>)[filename]?.webp;
  if (!Array.isArray(webp)) return undefined;
  const entries = webp.filter(
    (pair): pair is [number, string] =>
      Array.isArray(pair) && Number.isInteger(pair[0]) && pair[0] > 0 && typeof pair[1] === 'string' && !!pair[1],
  );
  if (!entries.length) return undefined;
  return entries.map(([w, name]) => `${fileUrl(record, name)} ${w}w`).join(', ');
}

export interface ImageSource {
  /** The JPEG thumb: for browsers without WebP, and before the server has made the copies. */
  src: string;
  srcSet: string;
  /** The same widths as WebP, when the server has made them. */
  webpSrcSet?: string;
}

/** src (the middle thumb) and srcset for an image field, or undefined when the field is empty. */
export function imageSource(
  record: FileOwner,
  filename: string | null | undefined,
  fallbackWidth: ThumbWidth = 800,
): ImageSource | undefined {
  const src = fileUrl(record, filename, fallbackWidth);
  const srcSet = fileSrcSet(record, filename);
  if (!src || !srcSet || !filename) return undefined;
  const webp = webpSrcSet(record, filename);
  return webp ? { src, srcSet, webpSrcSet: webp } : { src, srcSet };
}
