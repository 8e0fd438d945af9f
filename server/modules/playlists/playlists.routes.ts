import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { IdParams } from '../../../contract/common.ts';
import {
  CreatedPlaylist,
  CreatePlaylistBody,
  DeletedPlaylist,
  MoveSongBody,
  OptionalSongIdBody,
  OriginalClientPlaylist,
  OriginalClientPlaylistData,
  Playlist,
  PlaylistData,
  PlaylistEnvelope,
  PlaylistIdParams,
  PlaylistSongsQuery,
  PlaylistSummary,
  PlaylistsOfSong,
  RemovedSong,
  SongIdBody,
  SongIdQuery,
  UpdatePlaylistBody,
} from '../../../contract/playlists.ts';
import type { App, Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { sendRenderedJson } from '../../lib/paging.ts';
import { MediaBatch, MULTIPART_OPTIONS, readImage, receiveForm } from '../../media/upload.ts';
import { type Caller, requireCaller } from '../../plugins/policies.ts';
import type { RouteLimit } from '../../plugins/rate-limit.ts';
import { type PlaylistsService, playlistForOriginalClient, toId } from './playlists.service.ts';
import type { PlaylistShape } from './songs-cache.ts';

const tags = ['playlists'];

const READ_DESCRIPTION =
  'All songs, or a slice with `limit` (and `offset`); the count and length are always the whole playlist. Responses carry an ETag: with If-None-Match the response is 304 while nothing it shows has changed.';

/**
 * Sends a playlist read in one shape: 304 while the client's copy (its ETag) still stands, the
 * bytes the service cached for long playlists, or the playlist as built.
 */
async function sendPlaylist(
  playlists: PlaylistsService,
  request: {
    params: { id: number };
    query: PlaylistSongsQuery;
    headers: { 'if-none-match'?: string | undefined };
    caller: Caller | null;
  },
  reply: FastifyReply,
  shape: PlaylistShape,
): Promise<void> {
  const { limit, offset } = request.query;
  // Offset alone would be ignored (no limit: every song), so say so rather than guess.
  if (offset !== undefined && limit === undefined) {
    throw badRequest('offset is used only together with limit', 'offset');
  }
  const ifNoneMatch = request.headers['if-none-match'];
  const read = await playlists.read(request.params.id, request.caller, shape, {
    ...(limit !== undefined ? { page: { limit, offset: offset ?? 0 } } : {}),
    ...(ifNoneMatch ? { ifNoneMatch } : {}),
  });
  // Stored but revalidated on every use: private playlists and `isOwner` depend on who asks.
  reply.header('etag', read.etag).header('cache-control', 'private, no-cache');
  if (read.response === null) await reply.code(304).send(null);
  // Bytes the service serialised in the route's shape.
  else if (Buffer.isBuffer(read.response)) await sendRenderedJson(reply, read.response);
  else await reply.send(read.response);
}

/**
 * Each upload costs image work and storage, so a listener gets a steady few an hour, counted
 * before the body is read.
 */
export const COVER_UPLOADS_PER_LISTENER: RouteLimit = {
  per: 'caller',
  max: 20,
  windowMs: 60 * 60_000,
  message: 'Too many cover uploads.',
};

export async function playlistsRoutes(app: App, deps: Deps): Promise<void> {
  const { playlists } = deps.services;

  app.post(
    '/api/user/addPlaylist',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: 'Create a playlist',
        body: CreatePlaylistBody,
        response: { 201: CreatedPlaylist },
      },
    },
    async (request, reply) => {
      const playlist = await playlists.create(requireCaller(request), request.body);
      return reply.status(201).send({
        message: 'Playlist created',
        data: { ...playlist, playlist: playlistForOriginalClient(playlist) },
        playlist,
      });
    },
  );

  app.get(
    '/api/me/playlists',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: "The caller's playlists without their songs, newest first",
        response: { 200: Type.Array(PlaylistSummary) },
      },
    },
    (request) => playlists.listMine(requireCaller(request)),
  );

  app.get(
    '/api/user/getPlaylist',
    {
      config: { policy: 'listener' },
      schema: {
        tags: ['compat'],
        summary: "The caller's playlists with their songs, in the original client's shape",
        description:
          'A bare array, newest first. Songs give `artist` and `album` as text; no `type`, no `saves` when 0, as the original client prints them. Chorus itself calls GET /api/me/playlists.',
        response: { 200: Type.Array(OriginalClientPlaylist) },
      },
    },
    (request) => playlists.listMineForOriginalClient(requireCaller(request)),
  );

  app.get(
    '/api/playlists/:id',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'A playlist with its songs (public ones for everyone, private ones for the owner)',
        description: READ_DESCRIPTION,
        params: IdParams,
        querystring: PlaylistSongsQuery,
        response: { 200: PlaylistData, 304: Type.Null({ description: 'Not modified' }) },
      },
    },
    async (request, reply) => {
      await sendPlaylist(playlists, request, reply, 'chorus');
      return reply;
    },
  );

  app.get(
    '/api/user/playlistById/:id',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['compat'],
        summary: "A playlist with its songs, in the original client's shape",
        description: `${READ_DESCRIPTION} Songs give \`artist\` and \`album\` as text; no \`type\`, no \`saves\` when 0, as the original client prints them. Chorus itself calls GET /api/playlists/:id.`,
        params: IdParams,
        querystring: PlaylistSongsQuery,
        response: {
          200: OriginalClientPlaylistData,
          304: Type.Null({ description: 'Not modified' }),
        },
      },
    },
    async (request, reply) => {
      await sendPlaylist(playlists, request, reply, 'originalClient');
      return reply;
    },
  );

  app.post(
    '/api/user/addSongPlaylist/:playlistId',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: 'Add a song at the end of a playlist (409 when it is already there)',
        params: PlaylistIdParams,
        body: SongIdBody,
        response: { 200: PlaylistEnvelope },
      },
    },
    async (request) => ({
      message: 'Song added to playlist',
      data: await playlists.addSong(
        request.params.playlistId,
        requireCaller(request),
        toId(request.body.songId, 'songId'),
      ),
    }),
  );

  // The original client sends `songId` as axios's second argument, which is not a body; the
  // query string is accepted too, and the path is served with and without the /user prefix.
  for (const url of [
    '/api/removeSongPlaylist/:playlistId',
    '/api/user/removeSongPlaylist/:playlistId',
  ]) {
    app.delete(
      url,
      {
        config: { policy: 'listener' },
        schema: {
          tags,
          summary: 'Remove a song from a playlist (songId in the body or the query)',
          params: PlaylistIdParams,
          querystring: SongIdQuery,
          body: OptionalSongIdBody,
          response: { 200: RemovedSong },
        },
      },
      async (request) => {
        const songId = toId(request.body?.songId ?? request.query.songId, 'songId');
        const playlistId = request.params.playlistId;
        await playlists.removeSong(playlistId, requireCaller(request), songId);
        return { message: 'Song removed from playlist', data: { playlistId, songId } };
      },
    );
  }

  app.delete(
    '/api/user/deletePlaylist/:id',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: 'Delete a playlist (its owner only)',
        params: IdParams,
        response: { 200: DeletedPlaylist },
      },
    },
    async (request) => {
      await playlists.remove(request.params.id, requireCaller(request));
      return { message: 'Playlist deleted', data: { _id: request.params.id } };
    },
  );

  app.get(
    '/api/songs/:id/playlists',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: "The caller's playlists that hold the song",
        params: IdParams,
        response: { 200: PlaylistsOfSong },
      },
    },
    async (request) => ({
      playlists: await playlists.playlistsWithSong(requireCaller(request), request.params.id),
    }),
  );

  app.patch(
    '/api/playlists/:id',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: 'Edit the name, description and visibility of a playlist',
        params: IdParams,
        body: UpdatePlaylistBody,
        response: { 200: Playlist },
      },
    },
    (request) => playlists.update(request.params.id, requireCaller(request), request.body),
  );

  app.post(
    '/api/playlists/:id/move',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: 'Move a song to another place in the playlist',
        params: IdParams,
        body: MoveSongBody,
        response: { 200: Playlist },
      },
    },
    (request) =>
      playlists.moveSong(
        request.params.id,
        requireCaller(request),
        request.body.songId,
        request.body.toIndex,
      ),
  );

  app.delete(
    '/api/playlists/:id/cover',
    {
      config: { policy: 'listener' },
      schema: {
        tags,
        summary: 'Remove the uploaded cover (the mosaic of song covers shows again)',
        params: IdParams,
        response: { 200: Playlist },
      },
    },
    (request) => playlists.setCover(request.params.id, requireCaller(request), null),
  );

  // Uploads get multipart parsing in their own scope, so JSON routes never accept form bodies.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    if (!scope.hasContentTypeParser('multipart/form-data')) {
      await scope.register(multipart, MULTIPART_OPTIONS);
    }
    scope.put(
      '/api/playlists/:id/cover',
      {
        config: { policy: 'listener', rateLimit: COVER_UPLOADS_PER_LISTENER },
        schema: {
          tags,
          summary:
            'Upload a cover image (multipart field imageFile; JPEG, PNG, GIF or WebP; 5 MB, and 50 MB for all of a listener’s covers)',
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 200: Playlist },
        },
      },
      async (request) => {
        const caller = requireCaller(request);
        await playlists.assertOwner(request.params.id, caller);
        const batch = new MediaBatch(deps.media, deps.mediaCollector);
        try {
          const form = await receiveForm(request, batch, { imageFile: { kind: 'image' } });
          const staged = form.files.imageFile;
          if (!staged) throw badRequest('No file selected', 'imageFile');
          await playlists.assertCoverFits(request.params.id, caller, {
            hash: staged.hash,
            bytes: staged.size,
          });
          const hash = await batch.storeImage(await readImage(staged, 'imageFile'));
          const playlist = await playlists.setCover(request.params.id, caller, {
            key: hash,
            bytes: staged.size,
          });
          await batch.finish();
          return playlist;
        } catch (error) {
          await batch.rollback();
          throw error;
        }
      },
    );
  });
}
