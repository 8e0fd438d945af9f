import { Type } from '@sinclair/typebox';
import { Album, Artist, Song } from '../../../contract/catalog.ts';
import { IdParams, Page, PageQuery } from '../../../contract/common.ts';
import type { App, Deps } from '../../deps.ts';
import { hashOfKey } from '../../media/media-store.ts';
import { sendMedia } from '../../media/send.ts';
import { ArtistStatsRepository, CatalogRepository } from './catalog.repository.ts';
import { CatalogService } from './catalog.service.ts';

export function createCatalogService(deps: Deps): CatalogService {
  return new CatalogService(new CatalogRepository(deps.db), new ArtistStatsRepository(deps.db));
}

function pageRequest(query: PageQuery) {
  return { page: query.page ?? 1, limit: query.limit ?? 20 };
}

export async function catalogRoutes(app: App, deps: Deps): Promise<void> {
  const catalog = createCatalogService(deps);

  app.get(
    '/api/songs',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Songs listeners may play, newest first',
        querystring: PageQuery,
        response: { 200: Page(Song) },
      },
    },
    (request) => catalog.listSongs(pageRequest(request.query)),
  );

  app.get(
    '/api/songs/:id',
    {
      config: { policy: 'public' },
      schema: { tags: ['catalog'], summary: 'One song', params: IdParams, response: { 200: Song } },
    },
    (request) => catalog.getSong(request.params.id),
  );

  app.get(
    '/api/artists',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Enabled artists',
        querystring: PageQuery,
        response: { 200: Page(Artist) },
      },
    },
    (request) => catalog.listArtists(pageRequest(request.query)),
  );

  app.get(
    '/api/albums',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Albums of enabled artists',
        querystring: PageQuery,
        response: { 200: Page(Album) },
      },
    },
    (request) => catalog.listAlbums(pageRequest(request.query)),
  );

  app.get(
    '/api/songs/:id/stream',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['media'],
        summary: 'The audio of a song, with HTTP Range support',
        params: IdParams,
        querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) }),
      },
    },
    async (request, reply) => {
      const { key, mime } = await catalog.streamable(request.params.id);
      const hash = hashOfKey(key) ?? key;
      // A URL carrying the content version names fixed bytes, so it may be cached for good;
      // `private` keeps shared caches from bypassing the access check above.
      const pinned = request.query.v !== undefined && hash.startsWith(request.query.v);
      return sendMedia(request, reply, deps.media, key, {
        contentType: mime,
        etag: `"${hash}"`,
        cacheControl: pinned ? 'private, max-age=31536000, immutable' : 'private, no-cache',
      });
    },
  );
}
