import { IMAGE_THUMB_WIDTHS } from '@/lib/contract/contract.gen';
import { pb } from './client';

/** A thumb size every image field declares (docs/data-model.md). */
export type ThumbWidth = (typeof IMAGE_THUMB_WIDTHS)[number];

interface FileOwner {
  id: string;
  collectionName: string;
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

export interface ImageSource {
  src: string;
  srcSet: string;
}

/** src (the middle thumb) and srcset for an image field, or undefined when the field is empty. */
export function imageSource(
  record: FileOwner,
  filename: string | null | undefined,
  fallbackWidth: ThumbWidth = 800,
): ImageSource | undefined {
  const src = fileUrl(record, filename, fallbackWidth);
  const srcSet = fileSrcSet(record, filename);
  if (!src || !srcSet) return undefined;
  return { src, srcSet };
}
