import { useEffect, useRef } from 'react';

/**
 * Calls `onReach` when the returned sentinel element scrolls into view (with a margin, so the
 * next page is usually there before the user arrives). Inactive while `enabled` is false.
 */
export function useInfiniteScroll<T extends Element>(onReach: () => void, enabled: boolean) {
  const sentinel = useRef<T>(null);
  const callback = useRef(onReach);
  useEffect(() => {
    callback.current = onReach;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}
