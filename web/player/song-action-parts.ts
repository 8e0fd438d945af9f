/*
 * The song actions' chunks (like, add to playlist), loaded by the player bar when it shows them
 * and prefetched with the player's other parts (player-parts.ts).
 */
export const loadLikeButton = () => import('./like-button.tsx');
export const loadPlaylistPopup = () => import('./add-to-playlist-popup.tsx');
