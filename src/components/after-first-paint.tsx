import { useDeferredValue, type ReactNode } from 'react';

/**
 * A section that renders just after the rest of its page, so that it never delays the first paint: the page's first commit shows `fallback` in its
 * place, and React renders `children` right after, at low priority. For a large section below the page's lead
 * content (the collection's grid under its banner): the lead content is committed and painted without waiting for
 * it, and the section follows within a frame or two.
 */
export function AfterFirstPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
