import { createSignal } from '../lib/signal.ts';
import type { MenuPlace } from '../ui/menu-list.tsx';
import type { PlayerSong } from './player-state.ts';

/**
 * The song menu that is open, if any. Rows and players ask for it here (a "⋯" button, a
 * right-click, a long-press); `PlayerMenus` renders it, loading its code the first time.
 */
export interface SongMenuRequest {
  song: PlayerSong;
  place: MenuPlace;
  /** What gets the focus back when the menu closes (the "⋯" button, or the row). */
  opener: HTMLElement | null;
  /** The owned playlist the row belongs to: the menu offers "Remove from this playlist". */
  playlistId?: number;
  /** The menu's actions, or the playlist choices "Add to playlist" opens in its place. */
  view?: 'actions' | 'playlists';
}

export const songMenu = createSignal<SongMenuRequest | null>(null);

export function openSongMenu(request: SongMenuRequest): void {
  songMenu.set(request);
}

export function closeSongMenu(refocus: boolean): void {
  const opener = songMenu.get()?.opener;
  songMenu.set(null);
  if (refocus) opener?.focus();
}
