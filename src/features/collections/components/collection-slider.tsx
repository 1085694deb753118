import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import type { ReactNode } from 'react';
import SlickModule, { type Settings } from 'react-slick';

// Production builds can hand over the CommonJS module object instead of the component
// (React error #130, DESIGN.md §4): take `.default` when it is there.
const Slider = (SlickModule as unknown as { default?: typeof SlickModule }).default ?? SlickModule;

const BASE_SETTINGS: Settings = {
  slidesToScroll: 1,
  // Not infinite: cloned slides would repeat every collection (and every link) in the page.
  infinite: false,
  arrows: true,
  dots: false,
};

/** react-slick with the carousel's settings; its own chunk, loaded by collection-carousel.tsx. */
export default function CollectionSlider({ slidesToShow, children }: { slidesToShow: number; children: ReactNode }) {
  return (
    <Slider {...BASE_SETTINGS} slidesToShow={slidesToShow}>
      {children}
    </Slider>
  );
}
