import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { Toasts } from './lib/toasts.tsx';
import { ConnectionBanner } from './shell/connection-banner.tsx';

/**
 * What the browser renders and the server renders (web/ssr) around the router: one tree, so a
 * page drawn by the server hydrates as drawn.
 */
export function App({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        {children}
        <ConnectionBanner />
        <Toasts />
      </QueryClientProvider>
    </StrictMode>
  );
}
