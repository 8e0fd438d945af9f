import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { RenderedSession, type SessionHints, VISITOR } from './lib/session.ts';
import { Toasts } from './lib/toasts.tsx';
import { ConnectionBanner } from './shell/connection-banner.tsx';

/**
 * What the browser renders and the server renders (web/ssr) around the router: one tree, so a
 * page rendered by the server hydrates as rendered. `renderedSession`: the hints the server rendered the
 * page with (none for a page the browser renders alone).
 */
export function App({
  client,
  renderedSession = VISITOR,
  children,
}: {
  client: QueryClient;
  renderedSession?: SessionHints;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <RenderedSession.Provider value={renderedSession}>
        <QueryClientProvider client={client}>
          {children}
          <ConnectionBanner />
          <Toasts />
        </QueryClientProvider>
      </RenderedSession.Provider>
    </StrictMode>
  );
}
