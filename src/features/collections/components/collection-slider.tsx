import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import { useEffect, useRef, type ReactNode } from 'react';
import SlickModule, { type Settings } from 'react-slick';

// Production builds can hand over the CommonJS module object instead of the component
// (React error #130 in production builds): take `.default` when it is there.
const Slider = (SlickModule as unknown as { default?: typeof SlickModule }).default ?? SlickModule;

const BASE_SETTINGS: Settings = {
  slidesToScroll: 1,
  // Not infinite: cloned slides would repeat every collection (and every link) in the page.
  infinite: false,
  arrows: true,
  dots: false,
};

/**
 * react-slick marks the slides out of view `aria-hidden` but leaves their links focusable, so a
 * keyboard user would tab onto cards nobody can see. Hidden slides are made `inert` (out of the
 * tab order too) and follow react-slick's attribute as the carousel moves; the arrows stay the
 * way to reach them.
 */
function useInertHiddenSlides() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const sync = () => {
      for (const slide of Array.from(root.querySelectorAll('.slick-slide'))) {
        slide.toggleAttribute('inert', slide.getAttribute('aria-hidden') === 'true');
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, []);
  return ref;
}

/** react-slick with the carousel's settings; its own chunk, loaded by collection-carousel.tsx. */
export default function CollectionSlider({ slidesToShow, children }: { slidesToShow: number; children: ReactNode }) {
  const ref = useInertHiddenSlides();
  return (
    <div ref={ref}>
      <Slider {...BASE_SETTINGS} slidesToShow={slidesToShow}>
        {children}
      </Slider>
    </div>
  );
}
