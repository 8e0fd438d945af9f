import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

function scrollParentOf(element: HTMLElement): HTMLElement | null {
  let node = element.parentElement;
  while (node) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
    node = node.parentElement;
  }
  return null;
}

/**
 * The rows `[start, end)` of a list that are in view, plus `overscan` each side: the list's top
 * is `listTop` pixels below the top of a view `viewHeight` high (negative once scrolled past).
 */
export function rowRange(view: {
  listTop: number;
  viewHeight: number;
  rowHeight: number;
  count: number;
  overscan: number;
}): { start: number; end: number } {
  const { listTop, viewHeight, rowHeight, count, overscan } = view;
  const first = Math.floor(-listTop / rowHeight) - overscan;
  const last = Math.ceil((viewHeight - listTop) / rowHeight) + overscan;
  const start = Math.max(0, Math.min(count, first));
  return { start, end: Math.max(start, Math.min(count, last)) };
}

export interface RowWindow {
  /** Put on the element that holds the rows; its height is set to fit them all. */
  ref: (element: HTMLElement | null) => void;
  start: number;
  end: number;
  totalHeight: number;
}

/**
 * Which rows of a long list are on screen (plus a margin), for lists that render only those:
 * a playlist of thousands of songs costs as much to show as one of twenty. Rows have a fixed
 * height; the list may sit anywhere inside a scrolling ancestor (or the window).
 */
export function useRowWindow(count: number, rowHeight: number, overscan = 8): RowWindow {
  const [element, setElement] = useState<HTMLElement | null>(null);
  // Before the first measure (in the same task, before paint): at most a screenful of rows.
  const [range, setRange] = useState(() => ({
    start: 0,
    end: Math.min(count, Math.ceil((globalThis.innerHeight || 800) / rowHeight)),
  }));
  const frame = useRef(0);

  // Looked up once per list element, not on every scroll frame.
  const parent = useMemo(() => (element ? scrollParentOf(element) : null), [element]);

  const measure = useCallback(() => {
    if (!element) return;
    const viewTop = parent ? parent.getBoundingClientRect().top : 0;
    const viewHeight = parent ? parent.clientHeight : window.innerHeight;
    const listTop = element.getBoundingClientRect().top - viewTop;
    const { start, end } = rowRange({ listTop, viewHeight, rowHeight, count, overscan });
    setRange((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, [element, parent, count, rowHeight, overscan]);

  useLayoutEffect(measure, [measure]);

  useEffect(() => {
    if (!element) return;
    const target: HTMLElement | Window = parent ?? window;
    const onScroll = () => {
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(measure);
    };
    target.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame.current);
      target.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [element, parent, measure]);

  return { ref: setElement, start: range.start, end: range.end, totalHeight: count * rowHeight };
}
