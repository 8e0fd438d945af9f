import { IdParams } from '../../../contract/common.ts';
import { SearchQuery, SearchResults } from '../../../contract/listening.ts';
import {
  GenreList,
  GenreParams,
  GenreSongs,
  GenreSongsQuery,
  RecentSearchBody,
  RecentSearches,
} from '../../../contract/search.ts';
import type { App, Deps } from '../../deps.ts';
import { requireCaller } from '../../plugins/policies.ts';
import { GenresRepository } from './genres.repository.ts';
import { GenresService } from './genres.service.ts';
import { RecentSearchesRepository } from './recent-searches.repository.ts';
import { RecentSearchesService } from './recent-searches.service.ts';

export async function searchRoutes(app: App, deps: Deps): Promise<void> {
  const { search, catalog } = deps.services;
  const recent = new RecentSearchesService(new RecentSearchesRepository(deps.db, deps.dialect));
  const genres = new GenresService(
    new GenresRepository(deps.db),
    catalog,
    deps.caches.catalogCounts,
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

  app.get(
    '/api/me/recent-searches',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['search'],
        summary: "The caller's recent searches, newest first",
        response: { 200: RecentSearches },
      },
    },
    (request) => recent.list(requireCaller(request).userId),
  );

  app.post(
    '/api/me/recent-searches',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['search'],
        summary: "Records a search as the caller's newest (the oldest past ten are dropped)",
        body: RecentSearchBody,
        response: { 200: RecentSearches },
      },
    },
    (request) => recent.add(requireCaller(request).userId, request.body.q),
  );

  app.delete(
    '/api/me/recent-searches/:id',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['search'],
        summary: "Removes one of the caller's recent searches",
        params: IdParams,
        response: { 200: RecentSearches },
      },
    },
    (request) => recent.remove(requireCaller(request).userId, request.params.id),
  );

  app.delete(
    '/api/me/recent-searches',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['search'],
        summary: "Clears the caller's recent searches",
        response: { 200: RecentSearches },
      },
    },
    (request) => recent.clear(requireCaller(request).userId),
  );

  app.get(
    '/api/genres',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['search'],
        summary: "The catalog's genres with their song counts, largest first",
        response: { 200: GenreList },
      },
    },
    () => genres.list(),
  );

  app.get(
    '/api/genres/:name/songs',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['search'],
        summary: 'Songs of a genre, newest first',
        params: GenreParams,
        querystring: GenreSongsQuery,
        response: { 200: GenreSongs },
      },
    },
    (request) => genres.songs(request.params.name, request.query.limit ?? 50),
  );
}
