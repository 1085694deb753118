import type { ImageSources } from '@/components/app-image';
import type { Collection } from '@/lib/cms/types';

/**
 * The sources of a collection's images as its components show them, in a module of its own so that the route's
 * start (app/routes.ts) can preload the largest one without loading the components.
 */

/** The banner, full width: the home hero's backdrop and the collection page's header (each route's LCP image). */
export function bannerSources(collection: Pick<Collection, 'bannerUrl' | 'bannerSrcSet'>): ImageSources {
  return { src: collection.bannerUrl, srcSet: collection.bannerSrcSet, sizes: '100vw' };
}

/** A tile is one column on a phone, 14–22rem in the carousels and the explore grid. */
export function tileSources(collection: Pick<Collection, 'featureImageUrl' | 'featureImageSrcSet'>): ImageSources {
  return {
    src: collection.featureImageUrl,
    srcSet: collection.featureImageSrcSet,
    sizes: '(max-width: 575px) 100vw, 22rem',
  };
}
