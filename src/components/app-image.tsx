import { Suspense, useState, useSyncExternalStore, type ImgHTMLAttributes, type ReactNode } from 'react';
import { afterNextPaint } from '@/lib/after-paint';
import { safeImageUrl } from '@/lib/trust/safe-url';

const PLACEHOLDER_IMAGE = '/img/placeholder.svg';
/**
 * What an image waiting for the route's lead image shows: a transparent pixel, so it keeps its box (an <img> without
 * a source is drawn as an empty inline, its width and height ignored, and the page would jump when it gets one).
 */
export const WAITING_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

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

const preloaded = new Map<string, Promise<boolean>>();

/**
 * Fetches a route's largest image as soon as its URL is known (a route's `data` in app/routes.ts: when the CMS
 * answers), before the page that shows it has loaded and rendered. The sources pass the same checks as in `AppImage`,
 * and the page gives `AppImage` the same sources, so the browser uses this response for the <img>. Resolves when the
 * image has loaded (true) or failed (false, at once when the sources are refused); asking again for the same sources
 * shares the first request.
 */
export function preloadImage({ src: rawSrc, srcSet, sizes }: ImageSources): Promise<boolean> {
  const src = safeImageUrl(rawSrc);
  if (!src) return Promise.resolve(false);
  const responsive = srcSet && srcSetIsSafe(srcSet) ? srcSet : undefined;
  const key = `${src}|${responsive ?? ''}|${sizes ?? ''}`;
  const known = preloaded.get(key);
  if (known) return known;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = src;
  link.setAttribute('fetchpriority', 'high');
  if (responsive) {
    link.setAttribute('imagesrcset', responsive);
    if (sizes) link.setAttribute('imagesizes', sizes);
  }
  const settled = new Promise<boolean>((resolve) => {
    link.addEventListener('load', () => resolve(true), { once: true });
    link.addEventListener('error', () => resolve(false), { once: true });
  });
  preloaded.set(key, settled);
  document.head.append(link);
  return settled;
}

/**
 * The route's largest image goes first. From the moment a route starts the read that names it until that
 * image has loaded and been painted, the page's other images (every `AppImage` without `priority`) and its deferred
 * sections (`AfterLeadImage`) wait: on a slow connection a carousel's or a grid's thumbnails would otherwise share
 * the bandwidth with it, and the page's main image would appear last. Never longer than LEAD_IMAGE_WAIT_MS.
 */
const LEAD_IMAGE_WAIT_MS = 3000;
let leadImagesPending = 0;
const leadImageListeners = new Set<() => void>();

function setLeadImagesPending(change: number) {
  leadImagesPending += change;
  // Told after the current task's work, not now: the gate closes while a route starts its reads during render
  // (RoutePage), and a component must not be updated while another one renders (React warns, issue 40.6).
  queueMicrotask(() => {
    for (const listener of leadImageListeners) listener();
  });
}

/**
 * Holds the page's other images until the lead image that `sources` names has loaded (or failed), and the page's own
 * priority `AppImage` showing it has been decoded and painted: released any earlier, they would be fetched and decoded
 * while the page is still rendering it. `sources` is the route's read; it resolving to nothing (no image, a failed
 * read) or the preload failing releases them at once.
 */
export function leadImage(sources: Promise<ImageSources | null | undefined>): void {
  setLeadImagesPending(1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    afterNextPaint(() => setLeadImagesPending(-1));
  };
  const timer = setTimeout(release, LEAD_IMAGE_WAIT_MS);
  sources
    .then((found) =>
      found ? preloadImage(found).then((loaded) => (loaded ? shownOnPage(found) : undefined)) : undefined,
    )
    .then(release, release);
}

/**
 * The sources (safe URLs) of the priority images the page has shown, and what waits for one of them. The preload
 * settling is not enough: the page that shows the image may still be rendering, and what the gate holds would then
 * compete with that render and paint.
 */
const shownPriorityImages = new Set<string>();
const priorityImageWaiters = new Map<string, (() => void)[]>();

/** Resolves once the image can be painted (decoding finished or failed; at once where `decode` is missing). */
function decoded(image: HTMLImageElement): Promise<void> {
  return typeof image.decode === 'function' ? image.decode().catch(() => undefined) : Promise.resolve();
}

function priorityImageShown(src: string) {
  shownPriorityImages.add(src);
  for (const resolve of priorityImageWaiters.get(src) ?? []) resolve();
  priorityImageWaiters.delete(src);
}

/** Resolves when a priority `AppImage` with these sources has loaded (or failed) on the page. */
function shownOnPage({ src: rawSrc }: ImageSources): Promise<void> {
  const src = safeImageUrl(rawSrc);
  if (!src || shownPriorityImages.has(src)) return Promise.resolve();
  return new Promise((resolve) => priorityImageWaiters.set(src, [...(priorityImageWaiters.get(src) ?? []), resolve]));
}

/** True while a route's lead image is on its way: `leadImageShown` would wait. */
export function leadImagePending(): boolean {
  return leadImagesPending !== 0;
}

/**
 * Resolves once no lead image is on its way (at once when none is): for work that should not compete with it, such
 * as a page's chain reads, whose code and answers would otherwise share the connection and the main thread with the
 * route's largest image. Rejects with `signal`'s reason if it is aborted first.
 */
export function leadImageShown(signal?: AbortSignal): Promise<void> {
  if (leadImagesPending === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const listener = () => {
      if (leadImagesPending !== 0) return;
      leadImageListeners.delete(listener);
      resolve();
    };
    leadImageListeners.add(listener);
    // A read nobody waits for any more (its page has gone) is not made at all.
    signal?.addEventListener('abort', () => {
      leadImageListeners.delete(listener);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    });
  });
}

function subscribeToLeadImages(listener: () => void) {
  leadImageListeners.add(listener);
  return () => leadImageListeners.delete(listener);
}

/** False while a route's lead image is still on its way (see `leadImage`): what may wait for it waits. */
function useLeadImageShown(): boolean {
  return useSyncExternalStore(
    subscribeToLeadImages,
    () => leadImagesPending === 0,
    () => true,
  );
}

/**
 * A deferred section: `children` (typically lazy code) once the route's lead image has been painted, `fallback`
 * until then and while that code loads.
 */
export function AfterLeadImage({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useLeadImageShown() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
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
  onLoad,
  loading,
  priority = false,
  srcSet,
  sizes,
  ...rest
}: AppImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const leadShown = useLeadImageShown();
  const src = safeImageUrl(rawSrc);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_IMAGE;
  const responsive = usable !== PLACEHOLDER_IMAGE && srcSet && srcSetIsSafe(srcSet);
  // Waiting for the route's lead image: nothing is fetched yet.
  const waiting = !priority && !leadShown;
  return (
    <img
      {...rest}
      src={waiting ? WAITING_IMAGE : usable}
      srcSet={responsive && !waiting ? srcSet : undefined}
      sizes={responsive ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : (loading ?? 'lazy')}
      fetchPriority={priority ? 'high' : undefined}
      onLoad={(event) => {
        // Shown once decoded: the frame after that paints it (Chrome's LCP entry for it).
        if (priority && !waiting) void decoded(event.currentTarget).then(() => priorityImageShown(usable));
        onLoad?.(event);
      }}
      onError={(event) => {
        if (src) setFailedSrc(src);
        if (priority && src) priorityImageShown(src);
        onError?.(event);
      }}
    />
  );
}
