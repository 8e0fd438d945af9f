/*
 * The player's pieces that the first screen does not need, each its own chunk: the full player
 * bar (only once there is a song), the song actions, the queue panel, the `?` overlay and the
 * song menu. They load when the browser is idle after the first page, or when first shown if
 * that comes sooner.
 */
import { loadLikeButton, loadPlaylistPopup } from './song-action-parts.ts';

export const loadPlayerBar = () => import('./player-bar.tsx');
export const loadQueuePanel = () => import('./queue-panel.tsx');
export const loadShortcutsHelp = () => import('./shortcuts-help.tsx');
export const loadSongMenu = () => import('./song-menu.tsx');

export function prefetchPlayerParts(): Promise<unknown> {
  return Promise.all([
    loadPlayerBar(),
    loadLikeButton(),
    loadPlaylistPopup(),
    loadQueuePanel(),
    loadShortcutsHelp(),
    loadSongMenu(),
  ]);
}
