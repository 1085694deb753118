import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type FocusEvent } from 'react';

/** Rows kept rendered above and below the viewport, in pixels: scrolling and Tab find cards already there. */
const OVERSCAN_PX = 800;
/**
 * Up to this many items every one is rendered (four pages of 24: a few hundred memoised cards cost
 * little, and every card of a short list can be found on the page); above it, only the window.
 */
const MIN_WINDOWED_ITEMS = 96;
/** A focused card stays rendered while its row is at most this many rows outside the window. */
const KEEP_FOCUSED_ROWS = 12;

interface Layout {
  /** Grid columns at the current width. */
  columns: number;
  /** The tallest card's natural height: every row gets it, so row n starts at n × (height + gap). */
  rowHeight: number;
  rowGap: number;
  /** Rows sized by their content for one render (after a width change), to measure them again. */
  natural: boolean;
  /** Rows [first, last] are rendered. */
  first: number;
  last: number;
}

export interface WindowedGrid {
  /** Ref for the grid element (a CSS grid whose children are the items, in order). */
  attach: (element: HTMLElement | null) => void;
  /** Items [start, end) are rendered; the rest is padding of the right height. */
  start: number;
  end: number;
  /** Style for the grid element: fixed row height and the padding that stands in for the rows not rendered. */
  style: CSSProperties | undefined;
  /** Put on the grid element: remembers which item holds the focus, so it is not unmounted under it. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

const sameLayout = (a: Layout | null, b: Layout | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.columns === b.columns &&
    a.rowHeight === b.rowHeight &&
    a.rowGap === b.rowGap &&
    a.natural === b.natural &&
    a.first === b.first &&
    a.last === b.last);

/**
 * Renders only the rows of a page-scrolled CSS grid that are near the viewport, so that a grid of
 * thousands of cards holds a few dozen in the DOM and adding a page costs the same at page 1 and
 * page 80 (lists of up to 96 items are rendered whole). Rows get one height (the tallest card's natural height, measured), so the position of
 * every row is known without rendering it; the rows not rendered are padding. Before the first
 * measurement (and where there is no layout, as in jsdom) every item is rendered. The item holding
 * the focus stays rendered while the window moves away from it (up to 12 rows), and Tab reaches the
 * next card because the window follows the focused card as the browser scrolls it into view.
 */
export function useWindowedGrid(count: number, wanted = true): WindowedGrid {
  const enabled = wanted && count > MIN_WINDOWED_ITEMS;
  const [layout, setLayout] = useState<Layout | null>(null);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const width = useRef(0);
  const frame = useRef(0);

  const measure = useCallback(() => {
    frame.current = 0;
    const grid = element;
    if (!grid || !enabled) return;
    const style = getComputedStyle(grid);
    const columns = style.gridTemplateColumns.split(' ').filter(Boolean).length;
    const rowGap = Number.parseFloat(style.rowGap) || 0;
    const gridWidth = grid.clientWidth;
    const items = Array.from(grid.children) as HTMLElement[];
    // Row 0 starts at the grid's padding edge; the padding stands in for the rows above the window.
    const rowZero = grid.getBoundingClientRect().top + (Number.parseFloat(style.borderTopWidth) || 0);
    setLayout((current) => {
      if (columns < 1) return null;
      // A new width changes every card's height: one render with rows sized by their content, then measure.
      if (current && !current.natural && gridWidth !== width.current) {
        width.current = gridWidth;
        return { ...current, columns, natural: true };
      }
      width.current = gridWidth;
      let rowHeight = current && !current.natural ? current.rowHeight : 0;
      for (const item of items) {
        // Rows sized by content: the item's height. A fixed row: the card's content, which may overflow it.
        const height = current && !current.natural ? (item.firstElementChild ?? item).scrollHeight : item.offsetHeight;
        rowHeight = Math.max(rowHeight, height);
      }
      if (rowHeight <= 0) return null;
      const rows = Math.ceil(count / columns);
      const stride = rowHeight + rowGap;
      const first = Math.max(0, Math.floor((-rowZero - OVERSCAN_PX) / stride));
      const last = Math.max(
        first,
        Math.min(rows - 1, Math.floor((window.innerHeight - rowZero + OVERSCAN_PX) / stride)),
      );
      const next = { columns, rowHeight, rowGap, first, last, natural: false };
      return sameLayout(current, next) ? current : next;
    });
  }, [count, enabled, element]);

  const schedule = useCallback(() => {
    if (frame.current === 0) frame.current = requestAnimationFrame(measure);
  }, [measure]);

  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [enabled, schedule]);

  // After every render (new items, new window): measure what is on screen now.
  useLayoutEffect(() => {
    if (enabled) schedule();
  });

  const indexOf = (event: FocusEvent<HTMLElement>): number | null => {
    const item = (event.target as Element).closest('[data-index]');
    const index = item ? Number(item.getAttribute('data-index')) : Number.NaN;
    return Number.isInteger(index) ? index : null;
  };
  const onFocus = (event: FocusEvent<HTMLElement>) => setFocused(indexOf(event));
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
  };

  if (!enabled || !layout) return { attach: setElement, start: 0, end: count, style: undefined, onFocus, onBlur };
  const rows = Math.ceil(count / layout.columns);
  let first = Math.min(layout.first, Math.max(0, rows - 1));
  let last = Math.min(layout.last, rows - 1);
  // The focused card's row and one row on either side stay rendered (decided here, at render time:
  // a focus change re-renders at once, so the next Tab always finds the next card).
  const row = focused === null ? null : Math.floor(focused / layout.columns);
  if (row !== null && row < rows && row >= first - KEEP_FOCUSED_ROWS && row <= last + KEEP_FOCUSED_ROWS) {
    first = Math.min(first, Math.max(0, row - 1));
    last = Math.max(last, Math.min(rows - 1, row + 1));
  }
  const stride = layout.rowHeight + layout.rowGap;
  return {
    attach: setElement,
    start: first * layout.columns,
    end: Math.min(count, (last + 1) * layout.columns),
    style: {
      gridAutoRows: layout.natural ? undefined : `${layout.rowHeight}px`,
      paddingTop: first * stride,
      paddingBottom: Math.max(0, rows - 1 - last) * stride,
    },
    onFocus,
    onBlur,
  };
}
