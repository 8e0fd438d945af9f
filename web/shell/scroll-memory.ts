import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * How long Back waits for a page to grow tall enough to reach its old place (its data may come
 * after it renders); past it the page stays where it is rather than jump under the listener.
 */
const RESTORE_WAIT_MS = 3000;

/** Where the pane stood on each history entry's page, by the entry's key. */
const positions = new Map<string, number>();
/**
 * Whether the navigation under way leaves the pane where it is (`preventScrollReset`): set before
 * the history moves, so however soon the page renders it is known, and used up by that render.
 */
let keepPlaceNext = false;

/** The listener's own ways of scrolling: any of them ends a restore still waiting. */
const LISTENER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** Marks the next navigation as one that leaves the pane where it is. */
export function keepScrollOnNext(): void {
  keepPlaceNext = true;
}

/**
 * Keeps the scroll of `pane`, the element the pages scroll in, per history entry: Back and
 * Forward return to where the listener left each page, and any other navigation starts at the
 * top (unless it asked to stay). A page whose content comes after it renders is restored once it
 * is tall enough, unless the listener scrolls first.
 */
export function useScrollMemory(pane: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const action = useNavigationType();
  /** The entry whose page the pane shows, under whose key its scroll position is remembered. */
  const shown = useRef<string | null>(null);
  /** Whether a restore waits for its page to grow: the pane's moves are then not the listener's. */
  const waiting = useRef(false);

  useEffect(() => {
    const element = pane.current;
    if (!element) return;
    const onScroll = () => {
      if (shown.current && !waiting.current) positions.set(shown.current, element.scrollTop);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [pane]);

  // Before the page paints, so it never shows at the wrong place first.
  useLayoutEffect(() => {
    const element = pane.current;
    if (!element) return;
    shown.current = location.key;
    if (action !== NavigationType.Pop) {
      // A page left in place stays where it is, and its new entry (a replace makes one) is
      // remembered there, so Back to it returns there too.
      if (keepPlaceNext) positions.set(location.key, element.scrollTop);
      else element.scrollTop = 0;
      keepPlaceNext = false;
      return;
    }
    const target = positions.get(location.key) ?? 0;
    const reachable = () => element.scrollHeight - element.clientHeight >= target;
    if (reachable()) {
      element.scrollTop = target;
      return;
    }
    element.scrollTop = 0;
    const deadline = performance.now() + RESTORE_WAIT_MS;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of LISTENER_INPUT) element.removeEventListener(type, stop);
      waiting.current = false;
    };
    const check = () => {
      if (reachable()) {
        element.scrollTop = target;
        stop();
      } else if (performance.now() > deadline) stop();
      else frame = requestAnimationFrame(check);
    };
    for (const type of LISTENER_INPUT) element.addEventListener(type, stop, { passive: true });
    waiting.current = true;
    frame = requestAnimationFrame(check);
    return stop;
  }, [pane, location.key, action]);
}
