import { useState, type ImgHTMLAttributes } from 'react';
import { safeImageUrl } from '@/lib/trust/safe-url';

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

/** Every candidate of a `srcset` ("url 320w, url 640w") passes `safeImageUrl` unchanged. */
function srcSetIsSafe(srcSet: string): boolean {
  return srcSet.split(',').every((candidate) => {
    const url = candidate.trim().split(/\s+/)[0];
    return Boolean(url) && safeImageUrl(url) === url;
  });
}

/** An image's sources as `AppImage` takes them: the URL, and Strapi's smaller copies with the width it is shown at. */
export interface ImageSources {
  src: string | null | undefined;
  srcSet?: string;
  sizes?: string;
}

const preloaded = new Set<string>();

/**
 * Fetches a route's largest image as soon as its URL is known (app/route-data.ts: when the CMS answers), before the
 * page that shows it has loaded and rendered. The sources pass the same checks as in `AppImage`, and the page gives
 * `AppImage` the same sources, so the browser uses this response for the <img>.
 */
export function preloadImage({ src: rawSrc, srcSet, sizes }: ImageSources): void {
  const src = safeImageUrl(rawSrc);
  if (!src) return;
  const responsive = srcSet && srcSetIsSafe(srcSet) ? srcSet : undefined;
  const key = `${src}|${responsive ?? ''}|${sizes ?? ''}`;
  if (preloaded.has(key)) return;
  preloaded.add(key);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = src;
  link.setAttribute('fetchpriority', 'high');
  if (responsive) {
    link.setAttribute('imagesrcset', responsive);
    if (sizes) link.setAttribute('imagesizes', sizes);
  }
  document.head.append(link);
}

/**
 * The one image component: the source goes through `safeImageUrl` (https, ipfs through the
 * gateway, the configured CMS, the app's own files), and the placeholder is shown when the
 * source is missing, refused or fails to load. `srcSet`/`sizes` (Strapi's smaller copies,
 * lib/cms/parse.ts mediaSrcSet) apply to the real source only, and only when every candidate
 * passes the same check. Its box comes from CSS (aspect-ratio or fixed size) or width/height, so
 * it never moves the page when the bytes arrive.
 */
export function AppImage({
  src: rawSrc,
  alt,
  onError,
  loading,
  priority = false,
  srcSet,
  sizes,
  ...rest
}: AppImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = safeImageUrl(rawSrc);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_IMAGE;
  const responsive = usable !== PLACEHOLDER_IMAGE && srcSet && srcSetIsSafe(srcSet);
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
