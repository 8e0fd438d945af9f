import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Where focus goes when a dialog that has no Radix trigger closes (Radix would send it to the
 * page's body): back to the control that had it when the dialog opened, as WAI-ARIA dialogs do.
 * When that control has gone with what it acted on (a deleted row), or the dialog opened with
 * nothing focused (from the address), `fallback` takes it. A dialog opened from a menu item
 * goes back to the menu's button: the item leaves with its menu. Give the result to the dialog
 * content's `onCloseAutoFocus`.
 */
export function useReturnFocus(
  open: boolean,
  fallback?: RefObject<HTMLElement | null>,
): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's own effects move focus into it.
  useLayoutEffect(() => {
    if (!open) return;
    const focused = document.activeElement;
    opener.current =
      focused instanceof HTMLElement && focused !== document.body ? menuButtonOf(focused) : null;
  }, [open]);
  return (event: Event) => {
    const target = opener.current?.isConnected ? opener.current : fallback?.current;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
}

/** The button that opened the menu `element` is an item of (its label), else `element`. */
function menuButtonOf(element: HTMLElement): HTMLElement {
  const labelledBy = element.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const button = labelledBy ? document.getElementById(labelledBy) : null;
  return button ?? element;
}

/**
 * Gives `target` the focus when `away` turns false with the focus lost to the page's body: a
 * control disabled while its request runs, or a form that closes, drops it there, and a keyboard
 * user would start again from the top of the page.
 */
export function useFocusWhenBack(away: boolean, target: RefObject<HTMLElement | null>): void {
  const wasAway = useRef(away);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (wasAway.current && !away && lost) target.current?.focus();
    wasAway.current = away;
  }, [away, target]);
}
