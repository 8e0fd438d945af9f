import type { MenuPlace } from '../ui/menu.tsx';
import type { PlayerSong } from './player-state.ts';

/**
 * The song menu that is open, if any. Rows and players ask for it here (a "⋯" button, a
 * right-click, a long-press); `PlayerMenus` draws it, loading its code the first time.
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

let current: SongMenuRequest | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function openSongMenu(request: SongMenuRequest): void {
  current = request;
  emit();
}

export function closeSongMenu(refocus: boolean): void {
  const opener = current?.opener;
  current = null;
  emit();
  if (refocus) opener?.focus();
}

export function subscribeSongMenu(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentSongMenu(): SongMenuRequest | null {
  return current;
}
