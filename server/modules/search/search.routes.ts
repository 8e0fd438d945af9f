import { SearchQuery, SearchResults } from '../../../contract/listening.ts';
import type { App, Deps } from '../../deps.ts';

export async function searchRoutes(app: App, deps: Deps): Promise<void> {
  const { search } = deps.services;

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
