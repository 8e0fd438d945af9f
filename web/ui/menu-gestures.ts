import type { MouseEvent, PointerEvent, TouchEvent } from 'react';
import { useRef } from 'react';

/** How long a finger rests on a row before its menu opens. */
export const LONG_PRESS_MS = 500;
/** A finger that moves farther than this is scrolling, not pressing. */
const PRESS_SLOP_PX = 10;

/** Where a right-click or long-press happened, and the row it happened on. */
export interface MenuPress {
  x: number;
  y: number;
  row: HTMLElement;
}

/**
 * A row's right-click and long-press (touch only) open its menu: the song rows' and the library's.
 * A list calls this once; its rows share the one press in progress. The click that ends a
 * long-press does not reach the row (it would play the song or follow the link).
 */
export function useMenuGestures() {
  const press = useRef<{ timer: number; x: number; y: number; opened: boolean } | null>(null);
  const forget = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  return (open: (at: MenuPress) => void) => ({
    onContextMenu(event: MouseEvent<HTMLElement>) {
      event.preventDefault();
      const pressed = press.current;
      // A long-press on Android also raises `contextmenu`: one menu for the one gesture.
      if (pressed) {
        clearTimeout(pressed.timer);
        if (pressed.opened) return;
        pressed.opened = true;
      }
      open({ x: event.clientX, y: event.clientY, row: event.currentTarget });
    },
    onPointerDown(event: PointerEvent<HTMLElement>) {
      forget();
      if (event.pointerType !== 'touch') return;
      const row = event.currentTarget;
      const { clientX: x, clientY: y } = event;
      const timer = window.setTimeout(() => {
        if (press.current) press.current.opened = true;
        open({ x, y, row });
      }, LONG_PRESS_MS);
      press.current = { timer, x, y, opened: false };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const pressed = press.current;
      if (!pressed || pressed.opened) return;
      if (Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) > PRESS_SLOP_PX)
        forget();
    },
    onPointerUp() {
      if (press.current && !press.current.opened) forget();
    },
    onPointerCancel() {
      if (press.current && !press.current.opened) forget();
    },
    onTouchEnd(event: TouchEvent<HTMLElement>) {
      // No mouse events follow a long-press: their mousedown would move the focus out of the
      // menu just opened, which closes a menu that shuts when focus leaves it.
      if (press.current?.opened) event.preventDefault();
    },
    onClickCapture(event: MouseEvent<HTMLElement>) {
      if (!press.current?.opened) return;
      event.preventDefault();
      event.stopPropagation();
      press.current = null;
    },
  });
}
