import { imageSource } from '@/lib/pocketbase/files';
import type { CoursesRecord } from '@/lib/pocketbase/types.gen';
import { Image } from '@/ui/image/Image';
import * as c from './course.css';

/** The course's cover picture, loaded first (it is the page's largest), or nothing without one. */
export function CourseCover({ course }: { course: CoursesRecord | null | undefined }) {
  const cover = course ? imageSource(course, course.cover_image, 1600) : undefined;
  if (!course || !cover) return null;
  return (
    <Image
      src={cover.src}
      srcSet={cover.srcSet}
      webpSrcSet={cover.webpSrcSet}
      sizes="(min-width: 768px) 30vw, 100vw"
      alt={course.cover_image_alt ?? ''}
      className={c.cover}
      priority
    />
  );
}
