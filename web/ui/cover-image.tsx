import { useState } from 'react';
import { imageSrcSet } from '../../contract/media.ts';

interface CoverImageProps {
  src: string | null | undefined;
  alt: string;
  /** Rendered width in CSS pixels, so the browser picks the right variant from srcset. */
  sizes: string;
  className?: string;
  fallback?: string;
  loading?: 'lazy' | 'eager';
}

/** An image from the media store with its WebP variants, falling back when missing or broken. */
export function CoverImage({
  src,
  alt,
  sizes,
  className,
  fallback = '/default-cover.svg',
  loading = 'lazy',
}: CoverImageProps) {
  const [failed, setFailed] = useState(false);
  const usable = src && !failed ? src : fallback;
  return (
    <img
      src={usable}
      srcSet={usable === src ? imageSrcSet(src) : undefined}
      sizes={sizes}
      alt={alt}
      loading={loading}
      decoding="async"
      className={className}
      onError={() => setFailed(true)}
      // An image the server drew may have failed before the browser's code could listen.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0 && usable !== fallback) setFailed(true);
      }}
    />
  );
}
