import { SearchQuery, SearchResults } from '../../../contract/listening.ts';
import type { App, Deps } from '../../deps.ts';
import { createCatalogService, RANKING_CACHE_MS } from '../catalog/catalog.routes.ts';
import { createSearchRepository, playlistCards } from './search.repository.ts';
import { SearchService } from './search.service.ts';

export async function searchRoutes(app: App, deps: Deps): Promise<void> {
  const search = new SearchService(
    createSearchRepository(deps),
    // Monthly listeners of the artists found may lag a few seconds, as on the home page.
    createCatalogService(deps, RANKING_CACHE_MS),
    (ids) => playlistCards(deps.db, ids),
    RANKING_CACHE_MS,
    deps.caches.searchResults,
  );

  app.get(
    '/api/search',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['search'],
        summary: 'Songs, artists, albums and public playlists matching a query',
        querystring: SearchQuery,
        response: { 200: SearchResults },
      },
    },
    (request) => search.search(request.query.q, request.query.limit ?? 20),
  );
}
