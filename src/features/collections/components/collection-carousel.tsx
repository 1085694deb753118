import { lazy, Suspense, useEffect, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { SectionErrorBoundary } from '@/components/section-error-boundary';
import type { Collection } from '@/lib/cms/types';
import { CollectionCard } from './collection-card';

// react-slick (≈15 kB gzipped with its helpers) is not needed to paint the page, so it lives in
// its own chunk. The request starts when this module is evaluated, alongside the carousel's CMS
// query, so the slider is normally there by the time the collections are.
const sliderChunk = import('./collection-slider');
// A failed download surfaces where the slider renders (its error boundary below); this only
// keeps it from also being reported as unhandled when no carousel is shown.
sliderChunk.catch(() => undefined);
const CollectionSlider = lazy(() => sliderChunk);

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
        <Suspense fallback={<LoadingSkeleton rows={Math.min(slidesToShow, 4)} variant="cards" />}>
          <CollectionSlider slidesToShow={slidesToShow}>
            {collections.map((collection) => (
              <div key={collection.id} className="collection-slide">
                <CollectionCard collection={collection} />
              </div>
            ))}
          </CollectionSlider>
        </Suspense>
      </SectionErrorBoundary>
    </div>
  );
}
