import { MoreHorizontal } from 'lucide-react';
import { useRef, useSyncExternalStore } from 'react';
import { useMenuGestures } from '../ui/menu-gestures.ts';
import {
  closeSongMenu,
  openSongMenu,
  type SongMenuRequest,
  songMenu,
} from './song-menu-request.ts';

const GAP = 6;

/** The song a menu is for, and the list it sits in. */
export type SongMenuTarget = Pick<SongMenuRequest, 'song' | 'playlistId'>;

/** A row's menu gives the focus back to the row's "⋯" button, or to the row. */
function openerIn(element: HTMLElement): HTMLElement {
  return element.querySelector<HTMLElement>('[data-song-menu-button]') ?? element;
}

/**
 * A row's right-click and long-press (touch only) open the song menu where the pointer is. A list
 * calls this once; its rows share the one press in progress (ui/menu-gestures.ts).
 */
export function useSongMenuGestures() {
  const gestures = useMenuGestures();
  return (target: SongMenuTarget) =>
    gestures(({ x, y, row }) =>
      openSongMenu({ ...target, place: { top: y, left: x }, opener: openerIn(row) }),
    );
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
