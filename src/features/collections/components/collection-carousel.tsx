import { lazy, useEffect, useState } from 'react';
import { AfterLeadImage } from '@/components/app-image';
import { EmptyState } from '@/components/empty-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { SectionErrorBoundary } from '@/components/section-error-boundary';
import type { Collection } from '@/lib/cms/types';
import { CollectionCard } from './collection-card';

// react-slick (≈15 kB gzipped with its helpers) is not needed to paint the page, so it lives in its own chunk,
// requested once the route's lead image (the home hero) has been painted: on a slow connection it would otherwise
// share the bandwidth with it. Until then, and while it downloads, the carousel shows its skeleton.
const CollectionSlider = lazy(() => import('./collection-slider'));

/** Breakpoints of deployed-system.md §P9: 6 slides, 5/4/3/2/1 below 1900/1600/1200/750/500 px. */
const BREAKPOINTS: [maxWidth: number, slides: number][] = [
  [500, 1],
  [750, 2],
  [1200, 3],
  [1600, 4],
  [1900, 5],
];

export function slidesForWidth(width: number): number {
  return BREAKPOINTS.find(([maxWidth]) => width <= maxWidth)?.[1] ?? 6;
}

// react-slick's own `responsive` option applies its breakpoints only after a resize, so a phone
// opening the page saw six 46 px slides. The slide count is derived from the window here instead.
function useSlidesToShow(): number {
  const [slides, setSlides] = useState(() => slidesForWidth(window.innerWidth));
  useEffect(() => {
    const update = () => setSlides(slidesForWidth(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return slides;
}

export function CollectionCarousel({ collections, label }: { collections: Collection[]; label: string }) {
  const slidesToShow = useSlidesToShow();
  if (collections.length === 0) return <EmptyState variant="itemsCapital" />;
  return (
    <div className="collection-carousel" role="region" aria-label={label}>
      <SectionErrorBoundary>
        <AfterLeadImage fallback={<LoadingSkeleton rows={Math.min(slidesToShow, 4)} variant="cards" />}>
          <CollectionSlider slidesToShow={slidesToShow}>
            {collections.map((collection) => (
              <div key={collection.id} className="collection-slide">
                <CollectionCard collection={collection} />
              </div>
            ))}
          </CollectionSlider>
        </AfterLeadImage>
      </SectionErrorBoundary>
    </div>
  );
}
