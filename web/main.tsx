import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { queryClient } from './lib/query-client.ts';
import { restoreSession, setRenderedSession } from './lib/session.ts';
import { preloadPlayer } from './player/player-dock.tsx';
import { restorePlayer } from './player/player-store.ts';
import { AppRouter, preloadRoute } from './router.tsx';
import { readPageState } from './ssr/page-state.ts';
import './styles.css';

restorePlayer();
void restoreSession();

// A page the server rendered (web/ssr) comes with what it was drawn with; the first render here
// uses the same, so it takes over the server's markup as it is.
const state = readPageState();
if (state) {
  setRenderedSession(state.session);
  for (const [key, data] of state.queries) queryClient.setQueryData(key, data);
}

// The first page's code (and the player bar's, when a saved song shows in it) comes before the
// first render, so the page draws with the shell. (Not a top-level await: the page's modules
// import this entry's chunk, which must finish evaluating.)
void Promise.all([preloadRoute(window.location.pathname), preloadPlayer()]).then(() => {
  const root = document.getElementById('root')!;
  const app = (
    <App client={queryClient}>
      <AppRouter />
    </App>
  );
  if (state && root.firstChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
