import { renderToString } from 'react-dom/server';
import type { Playlist } from '../../contract/playlists.ts';
import { App } from '../app.tsx';
import { playlistHeadKey } from '../features/playlist/api/get-playlist.ts';
import { createQueryClient } from '../lib/query-client.ts';
import type { SessionHints } from '../lib/session.ts';
import { preloadRoute, StaticRouter } from '../router.tsx';
import type { PageState } from './page-state.ts';

/** What the server knows of a page it renders. */
export interface PageInput {
  /** The page's address (path and query). */
  url: string;
  /** The caller's hints, from the session cookie. */
  session: SessionHints;
  /** At /viewPlaylist/:id: the header and first songs, as the API returns them to the caller. */
  playlist?: Playlist;
}

/**
 * Renders a page on the server, run by the server process (server/modules/pages). The browser
 * then hydrates it (web/main.tsx) with the same state, so a page opened in a new tab shows its
 * content as soon as the HTML arrives, not once the app's code has loaded and run.
 */
export async function renderPage(input: PageInput): Promise<{ html: string; state: PageState }> {
  // The page's code, without its data (which the caller hands in).
  await preloadRoute(input.url.split('?')[0] ?? '/', null, false);
  const queries: PageState['queries'] = [];
  if (input.playlist) queries.push([playlistHeadKey(input.playlist._id), input.playlist]);
  const client = createQueryClient();
  for (const [key, data] of queries) client.setQueryData(key, data);
  try {
    const html = renderToString(
      <App client={client} renderedSession={input.session}>
        <StaticRouter url={input.url} />
      </App>,
    );
    return { html, state: { session: input.session, queries } };
  } finally {
    client.clear();
  }
}
