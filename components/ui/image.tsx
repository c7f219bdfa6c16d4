import { preload } from 'react-dom';

export interface ImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above the fold (LCP candidate): preloaded, fetched with high priority, not lazy. */
  priority?: boolean;
  /** next/image's newer name for `priority`. */
  preload?: boolean;
  /** Accepted for drop-in use in place of next/image; every image here is served as is. */
  unoptimized?: boolean;
}

/**
 * A plain <img> with the markup next/image gives an unoptimized image (lazy unless priority,
 * async decoding, intrinsic size), rendered on the server without shipping next/image's client
 * component (about 8 KiB of gzip JavaScript) to every page. Our images are SVG or already sized
 * files under /public, so there is nothing for the image optimizer to do.
 */
export function Image({ src, alt, width, height, className, priority: eager = false, preload: preloaded = false }: ImageProps) {
  const priority = eager || preloaded;
  if (priority) preload(src, { as: 'image', fetchPriority: 'high' });
  return (
    // eslint-disable-next-line @next/next/no-img-element -- deliberately not next/image, see above
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      decoding="async"
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}

export default Image;
