import type { RoomWork } from '../api/works';

export interface ArtworkImage {
  field: string;
  file: string;
  alt: string;
}

/** Main image plus up to 5 detail images, in order, skipping empty fields. */
export function artworkImages(a: RoomWork): ArtworkImage[] {
  const out: ArtworkImage[] = [];
  if (a.main_image) out.push({ field: 'main_image', file: a.main_image, alt: a.main_image_alt || a.title });
  for (const i of [1, 2, 3, 4, 5] as const) {
    const file = a[`detail_image_${i}`];
    if (file)
      out.push({ field: `detail_image_${i}`, file, alt: a[`detail_image_${i}_alt`] || `${a.title}, detail ${i}` });
  }
  return out;
}
