import type { FastifyRequest } from 'fastify';
import { Id } from '../../../contract/common.ts';
import type { Playlist } from '../../../contract/playlists.ts';
import { matchClientRoute, PLAYLIST_FIRST_SONGS } from '../../../contract/routes.ts';
import { pageTitle } from '../../../contract/rules/page-title.ts';
import { type PageState, pageStateJson } from '../../../web/ssr/page-state.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/policies.ts';

/** A page rendered on the server: the markup for `#root`, its state as JSON for the browser, and the tab's title. */
export interface RenderedPage {
  html: string;
  state: string;
  title: string;
}

/**
 * Renders the page at `url` for the request's caller; `missing` when what it shows does not
 * exist for the caller (the page is then a 404, and the browser shows its own "not found"), or
 * null to leave the page to the browser.
 */
export type PageRenderer = (
  request: FastifyRequest,
  url: string,
) => Promise<RenderedPage | 'missing' | null>;

type RenderModule = typeof import('../../../web/ssr/render-page.tsx');

/** The hints the browser keeps for a caller (web/lib/session.ts), as its cookie tells them. */
function sessionOf(caller: Caller | null): PageState['session'] {
  if (!caller) return { user: null, isAuth: false, isAdmin: false };
  return {
    user: { _id: caller.userId, name: caller.name, email: caller.email },
    isAuth: true,
    isAdmin: false,
  };
}

/**
 * Pages the server renders with their data, so they show as soon as their HTML arrives: the
 * playlist page (its header and first songs). A playlist link opened in a new tab would
 * otherwise wait for the app's code to load, compile and run in a fresh renderer first. The page is rendered by the web app's own components (web/ssr/render-page.tsx) and
 * hydrated by the browser, and it holds exactly what the API responds to the same caller: a private
 * playlist only for its owner; to anyone else it is missing. Every other page, and any failure,
 * gets the static shell.
 */
export function serverPages(deps: Deps): PageRenderer {
  const { playlists } = deps.services;
  let renderer: Promise<RenderModule> | null = null;
  // React and the app's components load with the first page rendered, not at start: most visits
  // open other pages, and a server that is only streamed to never renders one.
  const load = () => {
    renderer ??= import('../../../web/ssr/render-page.tsx');
    return renderer;
  };

  async function firstSongs(id: number, caller: Caller | null): Promise<Playlist | null> {
    try {
      return await playlists.slicePlaylist(id, caller, { limit: PLAYLIST_FIRST_SONGS, offset: 0 });
    } catch (error) {
      // Missing, or private to someone else: the browser shows its own "No playlist found".
      if (error instanceof AppError && error.statusCode < 500) return null;
      throw error;
    }
  }

  return async (request, url) => {
    const match = matchClientRoute(url.split('?')[0] ?? '/');
    if (match?.route !== '/viewPlaylist/:id') return null;
    const caller = request.caller;
    // Administrators are sent to their own area, which the browser renders.
    if (caller?.role === 'admin') return null;
    const id = Number(match.params.id);
    // The API's own id range: past it the page shows its "No playlist found" without asking.
    if (!Number.isInteger(id) || id < 1 || id > Id.maximum!) return 'missing';
    const playlist = await firstSongs(id, caller);
    if (!playlist) return 'missing';
    const { renderPage } = await load();
    const { html, state } = await renderPage({ url, session: sessionOf(caller), playlist });
    return {
      html,
      state: pageStateJson(state),
      title: pageTitle(playlist.name || 'Untitled Playlist'),
    };
  };
}
