import { useState, type ImgHTMLAttributes } from 'react';

const PLACEHOLDER_IMAGE = '/img/placeholder.svg';

type AppImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  alt: string;
};

/** An image that falls back to the placeholder when the source is missing or fails to load. */
export function AppImage({ src, alt, onError, loading = 'lazy', ...rest }: AppImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
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
