import { createHash } from 'node:crypto';
import type { Song } from '../../../contract/catalog.ts';
import { imageUrl } from '../../../contract/media.ts';
import type {
  CreatePlaylistBody,
  OriginalClientPlaylist,
  Playlist,
  PlaylistSummary,
  UpdatePlaylistBody,
} from '../../../contract/playlists.ts';
import { formatTotalDuration } from '../../../contract/rules/format.ts';
import { PLAYLIST_COVERS_MAX_BYTES } from '../../../contract/rules/playlists.ts';
import { badRequest, conflict, forbidden, notFound, payloadTooLarge } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/policies.ts';
import { groupArtists, presentSong, songForOriginalClient } from '../catalog/catalog.presenter.ts';
import type { CatalogRepository, SongArtistRecord } from '../catalog/catalog.repository.ts';
import {
  type PlaylistRecord,
  type PlaylistSongRecord,
  type PlaylistStats,
  type PlaylistsRepository,
  statsOfSongs,
} from './playlists.repository.ts';
import type { PlaylistShape, PlaylistSongsCache } from './songs-cache.ts';

export const PLAYLIST_NOT_FOUND = 'Playlist not found';

const MB = 1024 * 1024;
export const NOT_OWNER = 'Only the owner of this playlist can change it';

/** A playlist's new name, trimmed, when one is given; a blank one is refused. */
function newName(text: string | undefined): string | undefined {
  const name = text?.trim();
  if (name !== undefined && !name) throw badRequest('Playlist name is required', 'name');
  return name;
}

/** Ids from clients written for string ids arrive as text; Chorus's are positive integers. */
export function toId(value: number | string | undefined | null, field: string): number {
  const id = typeof value === 'string' ? Number(value) : value;
  if (id === undefined || id === null) throw badRequest(`${field} is required`, field);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    throw badRequest(`${field} must be a song id`, field);
  }
  return id;
}

function presentSummary(
  row: PlaylistRecord,
  stats: PlaylistStats | undefined,
  viewerId: number | null,
): PlaylistSummary {
  const seconds = stats?.durationSeconds ?? 0;
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.is_public === 1,
    coverImage: row.cover_key ? imageUrl(row.cover_key) : null,
    covers: (stats?.covers ?? []).map((key) => imageUrl(key, 300)),
    creator: { _id: row.owner_id, name: row.owner_name },
    createdBy: row.owner_name,
    type: 'playlist',
    songCount: stats?.songCount ?? 0,
    duration: formatTotalDuration(seconds),
    durationSeconds: seconds,
    saves: 0,
    isOwner: viewerId === row.owner_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The playlist's figures in the original client's shape: no `type`, no `saves` when 0. */
function summaryForOriginalClient(summary: PlaylistSummary): Omit<OriginalClientPlaylist, 'songs'> {
  const { type: _printed, saves, ...rest } = summary;
  return { ...rest, ...(saves > 0 ? { saves } : {}) };
}

export function playlistForOriginalClient(playlist: Playlist): OriginalClientPlaylist {
  const { songs, ...summary } = playlist;
  return { ...summaryForOriginalClient(summary), songs: songs.map(songForOriginalClient) };
}

/** A playlist as each shape presents it. */
export interface PlaylistShapes {
  chorus: Playlist;
  originalClient: OriginalClientPlaylist;
}

const presentAs: { [S in PlaylistShape]: (playlist: Playlist) => PlaylistShapes[S] } = {
  chorus: (playlist) => playlist,
  originalClient: playlistForOriginalClient,
};

export interface SongsPage {
  offset: number;
  limit: number;
}

/**
 * Playlists shorter than this are presented each time; longer ones have their presented songs
 * cached between calls (PlaylistSongsCache, within the `playlistSongs` share of CACHE_MB).
 */
export const LONG_PLAYLIST_SONGS = 200;

/** A playlist's response: what it depends on (its ETag's parts), and the response. */
interface PlaylistResponse {
  tag: unknown[];
  build(): Playlist;
  /** The response `{data: playlist}` already serialised (UTF-8), when that is cheaper than `build()`. */
  json?(etag: string, shape: PlaylistShape): Buffer;
}

function presentRows(rows: PlaylistSongRecord[], artists: SongArtistRecord[]): Song[] {
  const bySong = groupArtists(artists);
  return rows.map((row) => presentSong(row, bySong.get(row.id) ?? [], row.play_count ?? 0));
}

/** `If-None-Match` (a list of tags, weak or strong, or `*`) against the current tag. */
export function matchesEtag(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Playlists: who may see and change them, and their songs. A private playlist is the owner's
 * alone — to anyone else it does not exist (404), so its id reveals nothing. A public one may be
 * read by everyone, visitors included, and changed by its owner only (403).
 */
export class PlaylistsService {
  constructor(
    private readonly playlists: PlaylistsRepository,
    private readonly catalogRows: CatalogRepository,
    private readonly songsCache: PlaylistSongsCache,
  ) {}

  async summaries(rows: PlaylistRecord[], viewerId: number | null): Promise<PlaylistSummary[]> {
    const stats = await this.playlists.stats(rows.map((row) => row.id));
    return rows.map((row) => presentSummary(row, stats.get(row.id), viewerId));
  }

  private async visible(id: number, caller: Caller | null): Promise<PlaylistRecord> {
    const row = await this.playlists.find(id);
    if (!row || (row.is_public !== 1 && row.owner_id !== caller?.userId)) {
      throw notFound(PLAYLIST_NOT_FOUND);
    }
    return row;
  }

  private async owned(id: number, caller: Caller): Promise<PlaylistRecord> {
    const row = await this.visible(id, caller);
    if (row.owner_id !== caller.userId) throw forbidden(NOT_OWNER);
    return row;
  }

  /**
   * A playlist with all its songs in two queries keyed on the playlist (songs with their play
   * counts, then their artists); count, length and covers come from the same rows. Long playlists
   * keep what was presented while the catalog's and the playlist's versions stand, and then only
   * read the play counts.
   */
  private async full(row: PlaylistRecord, viewerId: number | null): Promise<PlaylistResponse> {
    // Read before the songs (as the playlist's own version, in `row`): anything read after them
    // is at least as new as the versions say.
    const version = await this.playlists.catalogVersion();
    const cached = this.songsCache.get(row.id, version, row.songs_version);
    if (cached) {
      const plays = await this.playlists.playsOfPlaylist(row.id);
      const counts = cached.songs.map((song) => plays.get(song._id) ?? 0);
      return {
        tag: [row, viewerId === row.owner_id, version, counts],
        build: () => ({
          ...presentSummary(row, cached.stats, viewerId),
          songs: cached.songs.map((song, index) => ({ ...song, plays: counts[index]! })),
        }),
        json: (etag, shape) => {
          cached.responses ??= {};
          // The same tag means the same bytes: the last response is sent again while nothing moved.
          const last = cached.responses[shape];
          if (last?.etag === etag) return last.body;
          const summary = presentSummary(row, cached.stats, viewerId);
          const head = JSON.stringify(
            shape === 'chorus' ? summary : summaryForOriginalClient(summary),
          );
          const songs = this.songsCache.songsJson(row.id, cached, counts, shape);
          const body = Buffer.from(`{"data":${head.slice(0, -1)},"songs":${songs}}}`);
          cached.responses[shape] = { etag, body };
          return body;
        },
      };
    }
    const [songRows, artists] = await Promise.all([
      this.playlists.songsWithPlays(row.id),
      this.playlists.artistsOfPlaylist(row.id),
    ]);
    const stats = statsOfSongs(songRows);
    const songs = presentRows(songRows, artists);
    this.songsCache.set(row.id, { version, songsVersion: row.songs_version, songs, stats });
    return {
      tag: [row, viewerId === row.owner_id, version, songs.map((song) => song.plays)],
      build: () => ({ ...presentSummary(row, stats, viewerId), songs }),
    };
  }

  /** The playlist's figures over all its songs, with one slice of the songs. */
  private async slice(
    row: PlaylistRecord,
    viewerId: number | null,
    page: SongsPage,
  ): Promise<PlaylistResponse> {
    const version = await this.playlists.catalogVersion();
    const cached = this.songsCache.get(row.id, version, row.songs_version);
    if (cached) {
      // The figures and songs are cached: only the slice's play counts are read.
      const slice = cached.songs.slice(page.offset, page.offset + page.limit);
      const plays = await this.playlists.playsOfSongs(slice.map((song) => song._id));
      const songs = slice.map((song) => ({ ...song, plays: plays.get(song._id) ?? 0 }));
      return {
        tag: [row, viewerId === row.owner_id, version, page, songs.map((song) => song.plays)],
        build: () => ({ ...presentSummary(row, cached.stats, viewerId), songs }),
      };
    }
    const [songRows, [summary]] = await Promise.all([
      this.playlists.songsWithPlays(row.id, page),
      this.summaries([row], viewerId),
    ]);
    const artists = await this.playlists.artistsOfSongs(songRows.map((song) => song.id));
    const songs = presentRows(songRows, artists);
    return {
      tag: [row, viewerId === row.owner_id, version, page, songs.map((song) => song.plays)],
      build: () => ({ ...summary!, songs }),
    };
  }

  /**
   * A playlist for reading, with an entity tag made of everything the response is built from (the
   * playlist and owner, who asks, the catalog version, the play counts): equal tags mean equal
   * responses, so a client holding `ifNoneMatch` gets `response: null` and nothing is built. The
   * response is `{data}` in the asked shape, or that already serialised (long playlists, see
   * `songsJson`).
   */
  async read<S extends PlaylistShape>(
    id: number,
    caller: Caller | null,
    shape: S,
    options: { page?: SongsPage; ifNoneMatch?: string } = {},
  ): Promise<{ etag: string; response: { data: PlaylistShapes[S] } | Buffer | null }> {
    const row = await this.visible(id, caller);
    const viewerId = caller?.userId ?? null;
    const read = options.page
      ? await this.slice(row, viewerId, options.page)
      : await this.full(row, viewerId);
    // The shape is part of the tag: the two calls' responses differ for the same playlist.
    const tag = JSON.stringify([shape, ...read.tag]);
    const etag = `"${createHash('sha1').update(tag).digest('base64url')}"`;
    if (options.ifNoneMatch && matchesEtag(options.ifNoneMatch, etag)) {
      return { etag, response: null };
    }
    if (read.json) return { etag, response: read.json(etag, shape) };
    return { etag, response: { data: presentAs[shape](read.build()) } };
  }

  /**
   * A slice of a playlist as `read` returns it, without the entity tag: what a page the server
   * renders shows (modules/pages).
   */
  async slicePlaylist(id: number, caller: Caller | null, page: SongsPage): Promise<Playlist> {
    const row = await this.visible(id, caller);
    return (await this.slice(row, caller?.userId ?? null, page)).build();
  }

  /** A new playlist of the caller's, with `songIds` (listed songs only) in it in their order. */
  async create(
    caller: Caller,
    body: CreatePlaylistBody,
    songIds: number[] = [],
  ): Promise<Playlist> {
    const name = body.name.trim();
    if (!name) throw badRequest('Playlist name is required', 'name');
    await this.assertListed(songIds);
    const id = await this.playlists.create({
      ownerId: caller.userId,
      name,
      description: (body.description ?? '').trim(),
      isPublic: body.isPublic ?? true,
      songIds,
      now: nowIso(),
    });
    return this.get(id, caller);
  }

  async listMine(caller: Caller): Promise<PlaylistSummary[]> {
    return this.summaries(await this.playlists.listByOwner(caller.userId), caller.userId);
  }

  /**
   * The caller's playlists as the original client lists them: each with its songs, since its
   * profile reads `playlist.songs` and its sidebar builds covers from them.
   */
  async listMineForOriginalClient(caller: Caller): Promise<OriginalClientPlaylist[]> {
    const rows = await this.playlists.listByOwner(caller.userId);
    const playlists = await Promise.all(rows.map((row) => this.full(row, caller.userId)));
    return playlists.map((read) => playlistForOriginalClient(read.build()));
  }

  /** The playlist with all its songs. */
  async get(id: number, caller: Caller | null): Promise<Playlist> {
    const row = await this.visible(id, caller);
    return (await this.full(row, caller?.userId ?? null)).build();
  }

  async update(id: number, caller: Caller, body: UpdatePlaylistBody): Promise<Playlist> {
    await this.owned(id, caller);
    const name = newName(body.name);
    await this.playlists.update(id, {
      ...(name !== undefined ? { name } : {}),
      ...(body.description !== undefined ? { description: body.description.trim() } : {}),
      ...(body.isPublic !== undefined ? { isPublic: body.isPublic } : {}),
      now: nowIso(),
    });
    return this.get(id, caller);
  }

  /**
   * Changes a playlist's fields and songs together, in one transaction, as a Subsonic app asks
   * in one call: `removeListedAt` are places among the songs listeners see, `addSongIds` listed
   * songs added at the end. A call that fails changes nothing.
   */
  async edit(
    id: number,
    caller: Caller,
    change: UpdatePlaylistBody & { removeListedAt: number[]; addSongIds: number[] },
  ): Promise<void> {
    await this.owned(id, caller);
    const name = newName(change.name);
    await this.assertListed(change.addSongIds);
    await this.playlists.edit(id, {
      fields: {
        ...(name !== undefined ? { name } : {}),
        ...(change.description !== undefined ? { description: change.description.trim() } : {}),
        ...(change.isPublic !== undefined ? { isPublic: change.isPublic } : {}),
      },
      removeListedAt: change.removeListedAt,
      append: change.addSongIds,
      now: nowIso(),
    });
  }

  /** Checks ownership before an upload is read, so strangers cannot make the server store bytes. */
  async assertOwner(id: number, caller: Caller): Promise<void> {
    await this.owned(id, caller);
  }

  /**
   * Refuses (413) a cover that would take the caller's covers past PLAYLIST_COVERS_MAX_BYTES,
   * before it is decoded. The playlist's own cover, which this one replaces, and an image the
   * caller already uses elsewhere (content-addressed: stored once) add nothing.
   */
  async assertCoverFits(id: number, caller: Caller, upload: { hash: string; bytes: number }) {
    const covers = await this.playlists.coversOfOwner(caller.userId, id);
    if (covers.some((cover) => cover.key === upload.hash)) return;
    const used = covers.reduce((sum, cover) => sum + cover.bytes, 0);
    if (used + upload.bytes <= PLAYLIST_COVERS_MAX_BYTES) return;
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    throw payloadTooLarge(
      `Your playlist covers may take up to ${PLAYLIST_COVERS_MAX_BYTES / MB} MB in all: they take ${mb(used)}, and this image ${mb(upload.bytes)}. Remove a cover or choose a smaller image.`,
    );
  }

  async setCover(
    id: number,
    caller: Caller,
    cover: { key: string; bytes: number } | null,
  ): Promise<Playlist> {
    await this.owned(id, caller);
    await this.playlists.update(id, { cover, now: nowIso() });
    return this.get(id, caller);
  }

  async remove(id: number, caller: Caller): Promise<void> {
    await this.owned(id, caller);
    await this.playlists.delete(id);
  }

  async addSong(id: number, caller: Caller, songId: number): Promise<Playlist> {
    await this.owned(id, caller);
    if (!(await this.catalogRows.findListedSong(songId))) throw notFound('Song not found');
    const now = nowIso();
    if (!(await this.playlists.addSong(id, songId, now))) {
      throw conflict('This song is already in the playlist');
    }
    await this.playlists.touch(id, now);
    return this.get(id, caller);
  }

  /**
   * Puts listed songs in their order (each once) in place of the songs listeners see, and the
   * new name when given, in one transaction: an app replacing a playlist (Subsonic's
   * createPlaylist with its id) never leaves it emptied by a failure halfway.
   */
  async replaceSongs(
    id: number,
    caller: Caller,
    songIds: number[],
    changes: { name?: string } = {},
  ): Promise<void> {
    await this.owned(id, caller);
    const name = newName(changes.name);
    await this.assertListed(songIds);
    await this.playlists.replaceListedSongs(id, songIds, {
      ...(name !== undefined ? { name } : {}),
      now: nowIso(),
    });
  }

  /** Refuses songs listeners may not see, in one read for them all (listed songs only). */
  private async assertListed(songIds: number[]): Promise<void> {
    const named = [...new Set(songIds)];
    if ((await this.catalogRows.songsByIds(named)).length < named.length) {
      throw notFound('Song not found');
    }
  }

  async removeSong(id: number, caller: Caller, songId: number): Promise<void> {
    await this.owned(id, caller);
    if (!(await this.playlists.removeSong(id, songId))) {
      throw notFound('This song is not in the playlist');
    }
    await this.playlists.touch(id, nowIso());
  }

  /** Moves a song to `toIndex` among the songs a listener sees (hidden songs keep their places). */
  async moveSong(id: number, caller: Caller, songId: number, toIndex: number): Promise<Playlist> {
    await this.owned(id, caller);
    const order = await this.playlists.listedSongIds(id);
    const from = order.findIndex((entry) => entry.songId === songId);
    if (from === -1) throw notFound('This song is not in the playlist');
    const rest = order.filter((entry) => entry.songId !== songId);
    const index = Math.min(toIndex, rest.length);
    if (index !== from) {
      const fromPosition = order[from]!.position;
      let to: number;
      if (index < from) to = rest[index]!.position;
      else if (index >= rest.length) to = await this.playlists.maxPosition(id);
      else to = rest[index]!.position - 1;
      await this.playlists.move(id, songId, fromPosition, to);
      await this.playlists.touch(id, nowIso());
    }
    return this.get(id, caller);
  }

  async playlistsWithSong(caller: Caller, songId: number): Promise<PlaylistSummary[]> {
    return this.summaries(
      await this.playlists.listByOwnerWithSong(caller.userId, songId),
      caller.userId,
    );
  }

  async publicOf(userId: number, viewerId: number | null): Promise<PlaylistSummary[]> {
    return this.summaries(await this.playlists.listByOwner(userId, { publicOnly: true }), viewerId);
  }
}
