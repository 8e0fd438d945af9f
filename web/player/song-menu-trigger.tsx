import { MoreHorizontal } from 'lucide-react';
import { type MouseEvent, type PointerEvent, useRef, useSyncExternalStore } from 'react';
import {
  closeSongMenu,
  openSongMenu,
  type SongMenuRequest,
  songMenu,
} from './song-menu-request.ts';

/** How long a finger rests on a row before its menu opens. */
export const LONG_PRESS_MS = 500;
/** A finger that moves farther than this is scrolling, not pressing. */
const PRESS_SLOP_PX = 10;
const GAP = 6;

/** The song a menu is for, and the list it sits in. */
export type SongMenuTarget = Pick<SongMenuRequest, 'song' | 'playlistId'>;

/** A row's menu gives the focus back to the row's "⋯" button, or to the row. */
function openerIn(element: HTMLElement): HTMLElement {
  return element.querySelector<HTMLElement>('[data-song-menu-button]') ?? element;
}

/**
 * A row's right-click and long-press (touch only) open the song menu where the pointer is. A list
 * calls this once; its rows share the one press in progress. The click that ends a long-press
 * does not reach the row (it would play the song).
 */
export function useSongMenuGestures() {
  const press = useRef<{ timer: number; x: number; y: number; opened: boolean } | null>(null);
  const forget = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  return (target: SongMenuTarget) => ({
    onContextMenu(event: MouseEvent<HTMLElement>) {
      event.preventDefault();
      const pressed = press.current;
      // A long-press on Android also raises `contextmenu`: one menu for the one gesture.
      if (pressed) {
        clearTimeout(pressed.timer);
        if (pressed.opened) return;
        pressed.opened = true;
      }
      openSongMenu({
        ...target,
        place: { top: event.clientY, left: event.clientX },
        opener: openerIn(event.currentTarget),
      });
    },
    onPointerDown(event: PointerEvent<HTMLElement>) {
      forget();
      if (event.pointerType !== 'touch') return;
      const row = event.currentTarget;
      const { clientX: x, clientY: y } = event;
      const timer = window.setTimeout(() => {
        if (press.current) press.current.opened = true;
        openSongMenu({ ...target, place: { top: y, left: x }, opener: openerIn(row) });
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
    onClickCapture(event: MouseEvent<HTMLElement>) {
      if (!press.current?.opened) return;
      event.preventDefault();
      event.stopPropagation();
      press.current = null;
    },
  });
}

/** The "⋯" button: opens the song menu under it (click, Enter, Space or ArrowDown). */
export function SongMenuButton({
  target,
  className = 'grid size-8 place-items-center rounded-full text-muted hover:text-white',
}: {
  target: SongMenuTarget;
  className?: string;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const open = useSyncExternalStore(
    songMenu.subscribe,
    () => button.current !== null && songMenu.get()?.opener === button.current,
    () => false,
  );
  const show = (from: HTMLElement) => {
    const box = from.getBoundingClientRect();
    openSongMenu({
      ...target,
      place: { top: box.bottom + GAP, right: document.documentElement.clientWidth - box.right },
      opener: from,
    });
  };
  return (
    <button
      ref={button}
      type="button"
      data-song-menu-button=""
      aria-label={`More options for ${target.song.title}`}
      aria-haspopup="menu"
      aria-expanded={open}
      title="More options"
      onClick={(event) => (open ? closeSongMenu(false) : show(event.currentTarget))}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        show(event.currentTarget);
      }}
      className={className}
    >
      <MoreHorizontal className="size-5" />
    </button>
  );
}
