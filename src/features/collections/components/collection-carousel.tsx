import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import { useEffect, useState } from 'react';
import SlickModule, { type Settings } from 'react-slick';
import { EmptyState } from '@/components/empty-state';
import type { Collection } from '@/lib/cms/types';
import { CollectionCard } from './collection-card';

// Production builds can hand over the CommonJS module object instead of the component
// (React error #130, DESIGN.md §4): take `.default` when it is there.
const Slider = (SlickModule as unknown as { default?: typeof SlickModule }).default ?? SlickModule;

/** Breakpoints of spec §9: 6 slides, 5/4/3/2/1 below 1900/1600/1200/750/500 px. */
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

const BASE_SETTINGS: Settings = {
  slidesToScroll: 1,
  // Not infinite: cloned slides would repeat every collection (and every link) in the page.
  infinite: false,
  arrows: true,
  dots: false,
};

export function CollectionCarousel({ collections, label }: { collections: Collection[]; label: string }) {
  const slidesToShow = useSlidesToShow();
  if (collections.length === 0) return <EmptyState variant="itemsCapital" />;
  return (
    <div className="collection-carousel" role="region" aria-label={label}>
      <Slider {...BASE_SETTINGS} slidesToShow={slidesToShow}>
        {collections.map((collection) => (
          <div key={collection.id} className="collection-slide">
            <CollectionCard collection={collection} />
          </div>
        ))}
      </Slider>
    </div>
  );
}
