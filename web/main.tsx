import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { onSessionRefused } from './lib/api.ts';
import { onServerStatus } from './lib/connection.ts';
import { followServerStatus, queryClient } from './lib/query-client.ts';
import { clearSession, getSession, restoreSession, sessionChangedSince } from './lib/session.ts';
import { recoverFromStaleCode } from './lib/stale-code.ts';
import { notify } from './lib/toast.ts';
import { preloadPlayer } from './player/player-dock.tsx';
import { restorePlayer, usePlayer } from './player/player-store.ts';
import { AppRouter, preloadRoute } from './router.tsx';
import { readPageState } from './ssr/page-state.ts';
import './styles.css';

// A page the server rendered (web/ssr) comes with what it was rendered with; the first render here
// uses the same, so it takes over the server's markup as it is.
const state = readPageState();
if (state) {
  for (const [key, data] of state.queries) queryClient.setQueryData(key, data);
}

restorePlayer();
followServerStatus(queryClient);
// Without the server the next song cannot load: stop now rather than fail song after song.
onServerStatus((status) => {
  if (status === 'unreachable') usePlayer.getState().pause();
});
// The server no longer knows this tab's session (it expired, or was ended: a logout elsewhere, a
// blocked account): the tab stops showing the listener as logged in, and says why. A refusal of a
// call sent before a login since (here or in another tab) is about the session before.
onSessionRefused((message, sentAt) => {
  if (!getSession().isAuth || sessionChangedSince(sentAt)) return;
  clearSession();
  notify.error(message);
});
// A code file of an older build failed to preload (a deploy happened since the page opened).
window.addEventListener('vite:preloadError', recoverFromStaleCode);
// The server saw a session the hints here do not know of (a login in another browser profile,
// cleared storage): ask for it too.
void restoreSession(state?.session.isAuth === true);

// The first page's code (and the player bar's, when a saved song shows in it) comes before the
// first render, so the page renders with the shell. A page the server rendered is on screen already, so
// its code is waited for however long it takes: hydrating without it would put the page's
// fallback in place of the rendered page. (Not a top-level await: the page's modules import this
// entry's chunk, which must finish evaluating.)
const route = preloadRoute(window.location.pathname, state ? null : 500);
void Promise.all([route, preloadPlayer()]).then(() => {
  const root = document.getElementById('root')!;
  const app = (
    <App client={queryClient} renderedSession={state?.session}>
      <AppRouter />
    </App>
  );
  if (state && root.firstChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
