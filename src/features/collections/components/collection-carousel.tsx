import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import SlickModule, { type Settings } from 'react-slick';
import { EmptyState } from '@/components/empty-state';
import type { Collection } from '@/lib/cms/types';
import { CollectionCard } from './collection-card';

// Production builds can hand over the CommonJS module object instead of the component
// (React error #130, DESIGN.md §4): take `.default` when it is there.
const Slider = (SlickModule as unknown as { default?: typeof SlickModule }).default ?? SlickModule;

/** 6 slides, shrinking to 5/4/3/2/1 below 1900/1600/1200/750/500 px (spec §9). */
export const CAROUSEL_SETTINGS: Settings = {
  slidesToShow: 6,
  slidesToScroll: 1,
  // Not infinite: cloned slides would repeat every collection (and every link) in the page.
  infinite: false,
  arrows: true,
  dots: false,
  responsive: [
    { breakpoint: 1900, settings: { slidesToShow: 5 } },
    { breakpoint: 1600, settings: { slidesToShow: 4 } },
    { breakpoint: 1200, settings: { slidesToShow: 3 } },
    { breakpoint: 750, settings: { slidesToShow: 2 } },
    { breakpoint: 500, settings: { slidesToShow: 1 } },
  ],
};

export function CollectionCarousel({ collections, label }: { collections: Collection[]; label: string }) {
  if (collections.length === 0) return <EmptyState variant="itemsCapital" />;
  return (
    <div className="collection-carousel" role="region" aria-label={label}>
      <Slider {...CAROUSEL_SETTINGS}>
        {collections.map((collection) => (
          <div key={collection.id} className="collection-slide">
            <CollectionCard collection={collection} />
          </div>
        ))}
      </Slider>
    </div>
  );
}
