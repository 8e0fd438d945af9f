import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

function scrollParentOf(element: HTMLElement): HTMLElement | null {
  let node = element.parentElement;
  while (node) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
    node = node.parentElement;
  }
  return null;
}

/** `scrollParentOf(list)`, looked up once and kept in `known` (undefined: not looked up yet). */
function knownScrollParent(
  list: HTMLElement,
  known: { current: HTMLElement | null | undefined },
): HTMLElement | null {
  if (known.current === undefined) known.current = scrollParentOf(list);
  return known.current;
}

/** Where a list of `count` rows `rowHeight` high sits in a view, and the margin to render. */
interface RowView {
  listTop: number;
  viewHeight: number;
  rowHeight: number;
  count: number;
  overscan: number;
}

/**
 * The rows `[start, end)` of a list that are in view, plus `overscan` each side: the list's top
 * is `listTop` pixels below the top of a view `viewHeight` high (negative once scrolled past).
 */
export function rowRange(view: RowView): { start: number; end: number } {
  const { listTop, viewHeight, rowHeight, count, overscan } = view;
  const first = Math.floor(-listTop / rowHeight) - overscan;
  const last = Math.ceil((viewHeight - listTop) / rowHeight) + overscan;
  const start = Math.max(0, Math.min(count, first));
  return { start, end: Math.max(start, Math.min(count, last)) };
}

/**
 * The range to render next: `current` while it still holds every row in view and half the
 * overscan, so small scrolls and the first measure after mounting cost no render; otherwise the
 * rows in view plus `overscan` each side.
 */
export function nextRange(
  current: { start: number; end: number },
  view: RowView,
): { start: number; end: number } {
  // Rows in view and half the overscan: the range moves before a missing row reaches the screen
  // (a browser scrolling off the main thread would paint it blank for a frame).
  const inView = rowRange({ ...view, overscan: Math.floor(view.overscan / 2) });
  const covered =
    current.start <= inView.start &&
    current.end >= inView.end &&
    current.end <= view.count &&
    // Not so wide that it renders far more than a screenful and its margins.
    current.end - current.start <= inView.end - inView.start + 4 * view.overscan;
  return covered ? current : rowRange(view);
}

/**
 * The first guess's height: a tall screen. It does not read the window, so a list the server
 * rendered (web/ssr) starts with the rows the browser's first render shows, and hydrates as rendered.
 */
const FIRST_GUESS_PX = 1080;

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
 *
 * The element lives in a ref, not in state, and the first guess (a tall screenful from the
 * list's top) stands while it holds the rows in view: mounting renders the list once, where
 * keeping the element in state and narrowing the guess rendered it three times before the first
 * paint. The overscan comes with the first scroll that needs it.
 */
export function useRowWindow(count: number, rowHeight: number, overscan = 8): RowWindow {
  const element = useRef<HTMLElement | null>(null);
  // Found once per list element (it costs a style lookup per ancestor), not on every frame.
  const parent = useRef<HTMLElement | null | undefined>(undefined);
  const [range, setRange] = useState(() => ({
    start: 0,
    end: Math.min(count, Math.ceil(FIRST_GUESS_PX / rowHeight)),
  }));
  const frame = useRef(0);

  const measure = useCallback(() => {
    const list = element.current;
    if (!list) return;
    const view = knownScrollParent(list, parent);
    const viewTop = view ? view.getBoundingClientRect().top : 0;
    const viewHeight = view ? view.clientHeight : window.innerHeight;
    const listTop = list.getBoundingClientRect().top - viewTop;
    setRange((old) => nextRange(old, { listTop, viewHeight, rowHeight, count, overscan }));
  }, [count, rowHeight, overscan]);

  // Callers may pass a new ref callback each render (React then calls it with null and the node
  // again): only a different node resets the scrolling ancestor.
  const ref = useCallback((node: HTMLElement | null) => {
    if (node === null || node === element.current) return;
    element.current = node;
    parent.current = undefined;
  }, []);

  useLayoutEffect(measure, [measure]);

  useEffect(() => {
    const list = element.current;
    if (!list) return;
    const target: HTMLElement | Window = knownScrollParent(list, parent) ?? window;
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
  }, [measure]);

  return { ref, start: range.start, end: range.end, totalHeight: count * rowHeight };
}
