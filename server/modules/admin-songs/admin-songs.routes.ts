import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import {
  AdminSongList,
  AlbumChoices,
  AlbumChoicesQuery,
  SongListQuery,
  SongStatusBody,
  UNPAGED_LIST_CAP,
} from '../../../contract/admin.ts';
import { Song } from '../../../contract/catalog.ts';
import { IdParams } from '../../../contract/common.ts';
import type { App, Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { renderInChunks, sendRenderedJson } from '../../lib/paging.ts';
import type { SharedResponse } from '../../lib/shared-responses.ts';
import {
  MULTIPART_OPTIONS,
  optionalFlag,
  receiveForm,
  withMediaBatch,
} from '../../media/upload.ts';
import { jsonRenderer } from '../../plugins/validation.ts';
import { AdminSongsRepository } from './admin-songs.repository.ts';
import { AdminSongsService, SONG_FIELD_LABELS, type SongFields } from './admin-songs.service.ts';

const renderSong = jsonRenderer<Song>(Song);
const renderSongListFields = jsonRenderer<Omit<AdminSongList, 'songs'>>(
  Type.Omit(AdminSongList, ['songs']),
);

const SongResponse = Type.Object({ message: Type.String(), song: Song });
/**
 * The added song as the body itself, with no `song` key: the original client stores `data.song`
 * as its whole song list and calls `.filter` on it, and refetches the list when it is absent.
 */
const AddedSong = Type.Composite([Song, Type.Object({ message: Type.String() })]);

/** The song fields of a JSON edit body, checked by shape. */
function jsonSongFields(body: unknown): SongFields {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The body must be an object');
  const record = body as Record<string, unknown>;
  const text = (key: 'title' | 'genre') => {
    const value = record[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw badRequest(`${SONG_FIELD_LABELS[key]} must be text`, key);
    return value;
  };
  const artist = record.artist;
  if (
    artist !== undefined &&
    typeof artist !== 'string' &&
    typeof artist !== 'number' &&
    !(Array.isArray(artist) && artist.every((id) => typeof id === 'number'))
  ) {
    throw badRequest(`${SONG_FIELD_LABELS.artist} must be an artist id or a list of ids`, 'artist');
  }
  return {
    title: text('title'),
    genre: text('genre'),
    artist: artist as SongFields['artist'],
  };
}

export async function adminSongsRoutes(app: App, deps: Deps): Promise<void> {
  const service = new AdminSongsService(new AdminSongsRepository(deps.db), deps.services.catalog, {
    transcodes: deps.transcoder.available,
  });

  app.get(
    '/api/admin/getAllSongs',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['admin'],
        summary:
          'Every song for administrators (deleted ones included); listed songs for anyone else',
        description: `Searchable by title or artist (\`q\`); administrators may filter by \`status\`. Without \`limit\` the whole list is returned, as the original client expects, up to ${UNPAGED_LIST_CAP} songs: \`total\` and \`hasMore\` tell whether there are more, and \`page\` (2, 3…) asks for them.`,
        querystring: SongListQuery,
        response: { 200: AdminSongList },
      },
    },
    async (request, reply) => {
      const isAdmin = request.caller?.role === 'admin';
      const render = async (): Promise<SharedResponse> => {
        const { songs, ...fields } = await service.list(request.query, isAdmin);
        // The list's other fields follow the songs in the same object: `{"songs":[…],"total":…}`.
        const tail = `,${renderSongListFields(fields).slice(1)}`;
        return {
          body: await renderInChunks(songs, renderSong, { head: '{"songs":', tail }),
          headers: {},
        };
      };
      // Everyone but administrators gets the same listed songs, unsearched: one shared list.
      const { page, limit, q } = request.query;
      const response =
        isAdmin || q?.trim()
          ? await render()
          : await deps.services.publicLists.get(
              `getAllSongs page ${page ?? 1} limit ${limit ?? 'none'}`,
              await deps.services.catalog.catalogVersion(),
              render,
            );
      await sendRenderedJson(reply, response.body);
    },
  );

  app.get(
    '/api/admin/albums',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The albums of the given artists, by title (what Add Song offers)',
        querystring: AlbumChoicesQuery,
        response: { 200: AlbumChoices },
      },
    },
    (request) => service.albumChoices(request.query.artist),
  );

  app.patch(
    '/api/admin/toggleDeleted/:id',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Soft-delete a song, or restore it',
        params: IdParams,
        response: { 200: SongResponse },
      },
    },
    async (request) => {
      const song = await service.toggleDeleted(
        request.params.id,
        optionalFlag(request.body, 'isDeleted'),
      );
      return { message: song.isDeleted ? 'Song deleted' : 'Song restored', song };
    },
  );

  app.patch(
    '/api/admin/songs/:id/status',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Set a song Active or Inactive (inactive songs disappear for listeners)',
        params: IdParams,
        body: SongStatusBody,
        response: { 200: SongResponse },
      },
    },
    async (request) => {
      const song = await service.setStatus(request.params.id, request.body.status);
      return { message: `Song is now ${song.status}`, song };
    },
  );

  await app.register(async (uploads: App) => {
    await uploads.register(multipart, MULTIPART_OPTIONS);

    uploads.post(
      '/api/admin/addSongs',
      {
        config: { policy: 'admin' },
        schema: {
          tags: ['admin'],
          summary:
            'Add a song (multipart: title, artist (one or more ids), genre, status, audioFile, imageFile; optional duration, which the file decides, and albumId or albumTitle)',
          consumes: ['multipart/form-data'],
          response: { 201: AddedSong },
        },
      },
      async (request, reply) => {
        const song = await withMediaBatch(deps.media, deps.mediaCollector, async (batch) => {
          const form = await receiveForm(request, batch, {
            audioFile: { kind: 'audio' },
            imageFile: { kind: 'image' },
          });
          return service.create(batch, form.fields, {
            audio: form.files.audioFile,
            image: form.files.imageFile,
          });
        });
        reply.status(201);
        return { ...song, message: 'Song added successfully!' };
      },
    );

    uploads.patch(
      '/api/admin/songs/:id',
      {
        config: { policy: 'admin' },
        schema: {
          tags: ['admin'],
          summary: "Edit a song's title, artists, genre and cover (multipart or JSON)",
          consumes: ['multipart/form-data', 'application/json'],
          params: IdParams,
          response: { 200: SongResponse },
        },
      },
      async (request) => {
        const song = await withMediaBatch(deps.media, deps.mediaCollector, async (batch) => {
          if (request.isMultipart()) {
            const form = await receiveForm(request, batch, { imageFile: { kind: 'image' } });
            return service.update(batch, request.params.id, form.fields, form.files.imageFile);
          }
          return service.update(batch, request.params.id, jsonSongFields(request.body), undefined);
        });
        return { message: 'Song updated successfully!', song };
      },
    );
  });
}
