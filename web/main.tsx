import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './lib/query-client.ts';
import { restoreSession } from './lib/session.ts';
import { Toasts } from './lib/toasts.tsx';
import { preloadPlayer } from './player/player-dock.tsx';
import { restorePlayer } from './player/player-store.ts';
import { AppRouter, preloadRoute } from './router.tsx';
import './styles.css';

restorePlayer();
void restoreSession();

// The first page's code (and the player bar's, when a saved song shows in it) comes before the
// first render, so the page draws with the shell. (Not a top-level await: the page's modules
// import this entry's chunk, which must finish evaluating.)
void Promise.all([preloadRoute(window.location.pathname), preloadPlayer()]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
        <Toasts />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
