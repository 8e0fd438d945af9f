import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loginPrompt } from '../lib/login-prompt.ts';
import { loadSongMenu } from './player-parts.ts';
import { songMenu } from './song-menu-request.ts';

// Both load when first asked for (the menu sooner, when the browser is idle: see player-parts.ts).
const SongMenu = lazy(() => loadSongMenu().then((m) => ({ default: m.SongMenu })));
const LoginPrompt = lazy(() =>
  import('../ui/login-prompt.tsx').then((m) => ({ default: m.LoginPrompt })),
);

const none = () => null;

/** Draws the song menu and the log-in prompt when asked for; beside the player on every page. */
export function PlayerMenus() {
  const menu = useSyncExternalStore(songMenu.subscribe, songMenu.get, none);
  const login = useSyncExternalStore(loginPrompt.subscribe, loginPrompt.get, none);
  return (
    <Suspense fallback={null}>
      {menu ? <SongMenu request={menu} /> : null}
      {login ? <LoginPrompt request={login} /> : null}
    </Suspense>
  );
}
