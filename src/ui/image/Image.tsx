import { type ImgHTMLAttributes, useState } from 'react';
import * as styles from './Image.css';

const PLACEHOLDER_SRC = '/placeholder.svg';

declare module 'react' {
  interface ImgHTMLAttributes<T> {
    /** Element Timing: the browser reports when the image was shown (the boot script waits for it). */
    elementtiming?: string;
  }
}

export interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> {
  src: string | undefined;
  srcSet?: string;
  /** The same image as WebP (the server's copies); offered first, with srcSet as the fallback. */
  webpSrcSet?: string;
  /** Required: describe the image, or '' when it is decorative. */
  alt: string;
  /** LCP image: eager, high fetch priority, reported when shown (the app's scripts wait for it). */
  priority?: boolean;
}

/**
 * <img> that falls back to the placeholder when the file is missing or broken; inside a
 * <picture> with a WebP <source> when there is one. An empty `src` renders the placeholder
 * too (callers that want "no image" render nothing).
 */
export function Image({ src, srcSet, webpSrcSet, alt, priority = false, onError, ...rest }: ImageProps) {
  // Remember which src failed, so a new src gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string>();
  const broken = !src || failedSrc === src;
  const img = (
    <img
      {...rest}
      src={broken ? PLACEHOLDER_SRC : src}
      srcSet={broken ? undefined : srcSet}
      alt={alt}
      loading={priority ? 'eager' : (rest.loading ?? 'lazy')}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : rest.fetchPriority}
      elementtiming={priority ? 'hero' : rest.elementtiming}
      onError={(event) => {
        if (!broken) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
  if (broken || !webpSrcSet) return img;
  return (
    // display: contents, so the <img> sizes and places itself in its parent as it would alone
    <picture className={styles.picture}>
      <source type="image/webp" srcSet={webpSrcSet} sizes={rest.sizes} />
      {img}
    </picture>
  );
}
