import { useState, type ImgHTMLAttributes } from 'react';
import { safeImageUrl } from '@/lib/trust/safe-url';

const PLACEHOLDER_IMAGE = '/img/placeholder.svg';

type AppImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  alt: string;
};

/**
 * The one image component: the source goes through `safeImageUrl` (https, ipfs through the
 * gateway, the configured CMS, the app's own files), and the placeholder is shown when the
 * source is missing, refused or fails to load.
 */
export function AppImage({ src: rawSrc, alt, onError, loading = 'lazy', ...rest }: AppImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = safeImageUrl(rawSrc);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_IMAGE;
  return (
    <img
      {...rest}
      src={usable}
      alt={alt}
      loading={loading}
      onError={(event) => {
        if (src) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
