import { Type } from '@sinclair/typebox';
import { Album, Artist, Song } from '../../../contract/catalog.ts';
import { IdParams, Page, PageQuery } from '../../../contract/common.ts';
import {
  AlbumDetail,
  ArtistDetail,
  ArtistSongsCompat,
  HomeFeed,
} from '../../../contract/listening.ts';
import type { App, Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sendRenderedJson } from '../../lib/paging.ts';
import { browserPlays } from '../../media/audio-formats.ts';
import type { TranscodePlan } from '../../media/ffmpeg.ts';
import { hashOfKey } from '../../media/media-store.ts';
import type { StoredAudio } from './catalog.service.ts';

/**
 * What the web player gets of a song browsers cannot play (ALAC, AIFF, WMA…): MP3, which every
 * browser plays, at a rate that keeps lossless sources sounding so.
 */
export const WEB_TRANSCODE: TranscodePlan = { format: 'mp3', kbps: 256, offsetSeconds: 0 };

function pageRequest(query: PageQuery) {
  return { page: query.page ?? 1, limit: query.limit ?? 20 };
}

export async function catalogRoutes(app: App, deps: Deps): Promise<void> {
  const { catalog } = deps.services;
  // The first visitor should not wait for the rankings: build them as soon as the server listens.
  app.addHook('onListen', async () => {
    catalog
      .warmHome()
      .catch((error: unknown) => app.log.error({ err: error }, 'home warm-up failed'));
  });

  // A player asks for the same song in many Range requests; remembering a lookup for a moment
  // spares the database without letting a deleted song play on for long.
  const STREAM_LOOKUP_MS = 2_000;
  const lookups = new Map<number, { at: number; found: Promise<StoredAudio> }>();
  const streamable = (id: number) => {
    const now = Date.now();
    const cached = lookups.get(id);
    if (cached && now - cached.at < STREAM_LOOKUP_MS) return cached.found;
    if (lookups.size > 10_000) lookups.clear();
    const found = catalog.streamable(id);
    lookups.set(id, { at: now, found });
    found.catch(() => lookups.delete(id));
    return found;
  };

  app.get(
    '/api/home',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'The home rows: popular artists, popular albums, trending songs',
        response: { 200: HomeFeed },
      },
    },
    () => catalog.homeFeed(),
  );

  app.get(
    '/api/artists/:id',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'An artist with its songs, most played first',
        params: IdParams,
        response: { 200: ArtistDetail },
      },
    },
    // Served as rendered once per build (artist-pages.ts); the schema describes it.
    async (request, reply) =>
      sendRenderedJson(
        reply,
        await catalog.artistPageJson(request.params.id, request.caller?.userId ?? null, 'page'),
      ),
  );

  app.get(
    '/api/user/getArtistSongById/:id',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['compat'],
        summary: "An artist with its songs, in the original client's shape",
        params: IdParams,
        response: { 200: ArtistSongsCompat },
      },
    },
    async (request, reply) =>
      sendRenderedJson(
        reply,
        await catalog.artistPageJson(
          request.params.id,
          request.caller?.userId ?? null,
          'originalClient',
        ),
      ),
  );

  app.get(
    '/api/albums/:id',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'An album with its songs in track order',
        params: IdParams,
        response: { 200: AlbumDetail },
      },
    },
    (request) => catalog.albumDetail(request.params.id),
  );

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
        querystring: Type.Object({
          v: Type.Optional(
            Type.String({
              maxLength: 64,
              description:
                "The file's version, as song URLs carry it: a replaced file gets a new URL, so the player loads it afresh",
            }),
          ),
          t: Type.Optional(
            Type.Integer({
              minimum: 0,
              maximum: 86_400,
              description:
                'For a song sent through a transcode: start this many seconds in (the player seeks so while the transcode is still being made)',
            }),
          ),
        }),
      },
    },
    async (request, reply) => {
      const audio = await streamable(request.params.id);
      const { key, mime } = audio;
      const hash = hashOfKey(key) ?? key;
      // The browser keeps the bytes but asks before each use (a 304 when nothing changed), so a
      // song taken down stops playing at once, even where it was heard before; `private` keeps
      // shared caches from bypassing the access check above.
      const cacheControl = 'private, no-cache';
      if (!browserPlays(audio)) {
        if (!deps.transcoder.available) {
          throw new AppError(
            503,
            'This song is stored in a format browsers cannot play, and the server has no ffmpeg to convert it',
          );
        }
        // A transcode from a later second is made for this request alone, never cached.
        const offsetSeconds = Math.min(request.query.t ?? 0, Math.max(0, audio.duration - 1));
        return deps.transcoder.send(
          request,
          reply,
          audio,
          { ...WEB_TRANSCODE, offsetSeconds },
          { cacheControl },
        );
      }
      return deps.mediaSender.send(request, reply, key, {
        contentType: mime,
        etag: `"${hash}"`,
        cacheControl,
        redirect: true,
      });
    },
  );
}
