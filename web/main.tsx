import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './lib/query-client.ts';
import { restoreSession } from './lib/session.ts';
import { Toasts } from './lib/toasts.tsx';
import { restorePlayer } from './player/player-store.ts';
import { AppRouter } from './router.tsx';
import './styles.css';

restorePlayer();
void restoreSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <Toasts />
    </QueryClientProvider>
  </StrictMode>,
);
