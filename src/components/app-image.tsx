import { useState, type ImgHTMLAttributes } from 'react';

const PLACEHOLDER_IMAGE = '/img/placeholder.svg';

type AppImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'fetchPriority'> & {
  src: string | null | undefined;
  alt: string;
  /**
   * The route's largest image (its LCP element): fetched at high priority and never lazy. Every
   * other image loads lazily unless `loading="eager"` is asked for (small images at the top).
   */
  priority?: boolean;
};

/**
 * An image that falls back to the placeholder when the source is missing or fails to load.
 * `srcSet`/`sizes` (Strapi's smaller copies, lib/cms/parse.ts mediaSrcSet) apply to the real
 * source only. Its box comes from CSS (aspect-ratio or fixed size) or width/height, so it never
 * moves the page when the bytes arrive.
 */
export function AppImage({ src, alt, onError, loading, priority = false, srcSet, sizes, ...rest }: AppImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_IMAGE;
  const responsive = usable !== PLACEHOLDER_IMAGE && srcSet;
  return (
    <img
      {...rest}
      src={usable}
      srcSet={responsive ? srcSet : undefined}
      sizes={responsive ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : (loading ?? 'lazy')}
      fetchPriority={priority ? 'high' : undefined}
      onError={(event) => {
        if (src) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
