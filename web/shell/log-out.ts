import { queryClient } from '../lib/query-client.ts';
import { logout } from '../lib/session.ts';
import { usePlayer } from '../player/player-store.ts';

/**
 * Logging out, from the listener's pages or the admin area: the session ends, and what this
 * browser holds of the account goes with it (the cached answers, the player's queue), so the next
 * person to use it starts afresh.
 */
export async function logOutHere(): Promise<void> {
  try {
    await logout();
  } catch (error) {
    console.error('logout failed', error);
  }
  queryClient.clear();
  usePlayer.getState().forget();
}
