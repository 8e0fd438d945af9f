import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/dialect.ts';
import { idList } from '../../db/id-list.ts';
import type { PlaylistsTable } from '../../db/schema.ts';
import {
  type SongArtistRecord,
  type SongRecord,
  songIsListed,
} from '../catalog/catalog.repository.ts';

export interface PlaylistRecord {
  id: number;
  owner_id: number;
  owner_name: string;
  name: string;
  description: string;
  is_public: number;
  cover_key: string | null;
  created_at: string;
  updated_at: string;
  songs_version: number;
}

export interface PlaylistStats {
  songCount: number;
  durationSeconds: number;
  /** Cover keys of the first songs, in playlist order, without repeats. */
  covers: string[];
}

/** How many leading songs are looked at for distinct mosaic covers (albums repeat covers). */
const COVER_WINDOW = 24;

const playlistColumns = [
  'playlists.id',
  'playlists.owner_id',
  'users.name as owner_name',
  'playlists.name',
  'playlists.description',
  'playlists.is_public',
  'playlists.cover_key',
  'playlists.created_at',
  'playlists.updated_at',
  'playlists.songs_version',
] as const;

/** A playlist's song with its play count, read in the same row. */
export interface PlaylistSongRecord extends SongRecord {
  play_count: number | null;
}

/**
 * The same figures `stats()` gives, from the playlist's listed songs already read in order: a
 * full read then needs no second pass over the playlist in the database.
 */
export function statsOfSongs(rows: readonly SongRecord[]): PlaylistStats {
  let durationSeconds = 0;
  const covers: string[] = [];
  let seen = 0;
  for (const row of rows) {
    durationSeconds += row.duration;
    if (row.cover_key === null || seen >= COVER_WINDOW) continue;
    seen++;
    if (covers.length < 4 && !covers.includes(row.cover_key)) covers.push(row.cover_key);
  }
  return { songCount: rows.length, durationSeconds, covers };
}

/** The columns of `SongRecord`, as the catalog presents songs. */
const songColumns = [
  'songs.id',
  'songs.title',
  'songs.genre',
  'songs.duration',
  'songs.status',
  'songs.is_deleted',
  'songs.audio_key',
  'songs.audio_mime',
  'songs.cover_key',
  'songs.album_id',
  'albums.title as album_title',
  'songs.track_number',
  'songs.created_at',
] as const;

export class PlaylistsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** A new playlist, with `songIds` in it in their order, in one transaction. */
  async create(values: {
    ownerId: number;
    name: string;
    description: string;
    isPublic: boolean;
    songIds: number[];
    now: string;
  }): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('playlists')
        .values({
          owner_id: values.ownerId,
          name: values.name,
          description: values.description,
          is_public: values.isPublic ? 1 : 0,
          cover_key: null,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await appendSongs(trx, row.id, values.songIds, values.now);
      return row.id;
    });
  }

  find(id: number): Promise<PlaylistRecord | undefined> {
    return this.db
      .selectFrom('playlists')
      .innerJoin('users', 'users.id', 'playlists.owner_id')
      .select(playlistColumns)
      .where('playlists.id', '=', id)
      .executeTakeFirst();
  }

  listByOwner(ownerId: number, options: { publicOnly?: boolean } = {}): Promise<PlaylistRecord[]> {
    let query = this.db
      .selectFrom('playlists')
      .innerJoin('users', 'users.id', 'playlists.owner_id')
      .select(playlistColumns)
      .where('playlists.owner_id', '=', ownerId);
    if (options.publicOnly) query = query.where('playlists.is_public', '=', 1);
    return query.orderBy('playlists.created_at', 'desc').orderBy('playlists.id', 'desc').execute();
  }

  /** The owner's playlists that hold the song. */
  listByOwnerWithSong(ownerId: number, songId: number): Promise<PlaylistRecord[]> {
    return this.db
      .selectFrom('playlists')
      .innerJoin('users', 'users.id', 'playlists.owner_id')
      .innerJoin('playlist_songs', 'playlist_songs.playlist_id', 'playlists.id')
      .select(playlistColumns)
      .where('playlists.owner_id', '=', ownerId)
      .where('playlist_songs.song_id', '=', songId)
      .orderBy('playlists.created_at', 'desc')
      .orderBy('playlists.id', 'desc')
      .execute();
  }

  async countPublic(ownerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('playlists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('is_public', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async update(id: number, patch: PlaylistFields & { now: string }): Promise<void> {
    await this.db
      .updateTable('playlists')
      .set({ ...fieldColumns(patch), updated_at: patch.now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * One change of a playlist in one transaction, as a Subsonic app sends it: its fields, the
   * songs at `removeListedAt` (places among the songs listeners see, read in the transaction so
   * they are the places the app saw), and `append` added at the end. A failure leaves the
   * playlist as it was; it is touched only when something in it changed.
   */
  async edit(
    playlistId: number,
    change: { fields: PlaylistFields; removeListedAt: number[]; append: number[]; now: string },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      let changed = Object.values(change.fields).some((value) => value !== undefined);
      if (change.removeListedAt.length > 0) {
        const listed = await listedSongIds(trx, playlistId);
        const doomed = change.removeListedAt.flatMap((place) => listed[place]?.songId ?? []);
        if ((await removeSongs(trx, this.dialect, playlistId, doomed)) > 0) changed = true;
      }
      if ((await appendSongs(trx, playlistId, change.append, change.now)) > 0) changed = true;
      if (!changed) return;
      await trx
        .updateTable('playlists')
        .set({ ...fieldColumns(change.fields), updated_at: change.now })
        .where('id', '=', playlistId)
        .execute();
    });
  }

  /** The distinct covers of the owner's playlists other than `exceptId`, with their sizes. */
  coversOfOwner(ownerId: number, exceptId: number): Promise<{ key: string; bytes: number }[]> {
    return this.db
      .selectFrom('playlists')
      .select(['cover_key as key', 'cover_bytes as bytes'])
      .distinct()
      .where('owner_id', '=', ownerId)
      .where('id', '<>', exceptId)
      .where('cover_key', 'is not', null)
      .$narrowType<{ key: string }>()
      .execute();
  }

  async touch(id: number, now: string): Promise<void> {
    await this.db.updateTable('playlists').set({ updated_at: now }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('playlists').where('id', '=', id).execute();
  }

  /** Song count, total length and mosaic covers of each playlist, counting listed songs only. */
  async stats(playlistIds: number[]): Promise<Map<number, PlaylistStats>> {
    const result = new Map<number, PlaylistStats>();
    if (playlistIds.length === 0) return result;
    for (const id of playlistIds) result.set(id, { songCount: 0, durationSeconds: 0, covers: [] });
    const [totals, covers] = await Promise.all([
      this.db
        .selectFrom('playlist_songs')
        .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
        .select([
          'playlist_songs.playlist_id',
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('songs.duration').as('seconds'),
        ])
        .where('playlist_songs.playlist_id', 'in', playlistIds)
        .where(songIsListed)
        .groupBy('playlist_songs.playlist_id')
        .execute(),
      this.db
        .selectFrom((eb) =>
          eb
            .selectFrom('playlist_songs')
            .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
            .select((inner) => [
              'playlist_songs.playlist_id',
              'songs.cover_key',
              'playlist_songs.position',
              inner.fn
                .agg<number>('row_number')
                .over((over) =>
                  over
                    .partitionBy('playlist_songs.playlist_id')
                    .orderBy('playlist_songs.position')
                    .orderBy('playlist_songs.song_id'),
                )
                .as('rn'),
            ])
            .where('playlist_songs.playlist_id', 'in', playlistIds)
            .where('songs.cover_key', 'is not', null)
            .where(songIsListed)
            .as('firsts'),
        )
        .select(['firsts.playlist_id', 'firsts.cover_key', 'firsts.rn'])
        .where('firsts.rn', '<=', COVER_WINDOW)
        .orderBy('firsts.playlist_id')
        .orderBy('firsts.rn')
        .execute(),
    ]);
    for (const row of totals) {
      const entry = result.get(row.playlist_id);
      if (!entry) continue;
      entry.songCount = Number(row.n);
      entry.durationSeconds = Number(row.seconds ?? 0);
    }
    for (const row of covers) {
      const entry = result.get(row.playlist_id);
      if (!entry || !row.cover_key || entry.covers.includes(row.cover_key)) continue;
      if (entry.covers.length < 4) entry.covers.push(row.cover_key);
    }
    return result;
  }

  /** The listed songs of a playlist in its order. */
  songs(playlistId: number): Promise<SongRecord[]> {
    return this.db
      .selectFrom('playlist_songs')
      .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
      .leftJoin('albums', 'albums.id', 'songs.album_id')
      .select(songColumns)
      .where('playlist_songs.playlist_id', '=', playlistId)
      .where(songIsListed)
      .orderBy('playlist_songs.position')
      .orderBy('playlist_songs.song_id')
      .execute();
  }

  /**
   * The listed songs of a playlist in its order, with their play counts (the totals the plays
   * triggers keep), in one query keyed on the playlist; `page` reads a slice only.
   */
  songsWithPlays(
    playlistId: number,
    page?: { offset: number; limit: number },
  ): Promise<PlaylistSongRecord[]> {
    let query = this.db
      .selectFrom('playlist_songs')
      .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
      .leftJoin('albums', 'albums.id', 'songs.album_id')
      .leftJoin('song_play_totals', 'song_play_totals.song_id', 'songs.id')
      .select([...songColumns, 'song_play_totals.plays as play_count'])
      .where('playlist_songs.playlist_id', '=', playlistId)
      .where(songIsListed)
      .orderBy('playlist_songs.position')
      .orderBy('playlist_songs.song_id');
    if (page) query = query.offset(page.offset).limit(page.limit);
    return query.execute();
  }

  /**
   * Credited artists of every song in the playlist, in credit order, joined through the playlist
   * rather than a list of thousands of song ids. Rows of hidden songs may come too; callers look
   * songs up by id.
   */
  artistsOfPlaylist(playlistId: number): Promise<SongArtistRecord[]> {
    return this.db
      .selectFrom('playlist_songs')
      .innerJoin('song_artists', 'song_artists.song_id', 'playlist_songs.song_id')
      .innerJoin('artists', 'artists.id', 'song_artists.artist_id')
      .select(['song_artists.song_id', 'song_artists.artist_id', 'artists.name'])
      .where('playlist_songs.playlist_id', '=', playlistId)
      .orderBy('song_artists.song_id')
      .orderBy('song_artists.position')
      .execute();
  }

  /** The number that moves with every change to the catalog's songs (migration 005). */
  async catalogVersion(): Promise<number> {
    const row = await this.db
      .selectFrom('catalog_version')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /** All-time plays of the playlist's songs that have any, by song id. */
  async playsOfPlaylist(playlistId: number): Promise<Map<number, number>> {
    // One text of `id:plays` pairs instead of thousands of rows: a fifth of the work for 5,000.
    const pair = sql<string>`song_play_totals.song_id || ':' || song_play_totals.plays`;
    const joined =
      this.dialect === 'postgres'
        ? sql<string | null>`string_agg(${pair}, ',')`
        : sql<string | null>`group_concat(${pair}, ',')`;
    const row = await this.db
      .selectFrom('playlist_songs')
      .innerJoin('song_play_totals', 'song_play_totals.song_id', 'playlist_songs.song_id')
      .select(joined.as('pairs'))
      .where('playlist_songs.playlist_id', '=', playlistId)
      .executeTakeFirst();
    const plays = new Map<number, number>();
    for (const entry of row?.pairs ? row.pairs.split(',') : []) {
      const colon = entry.indexOf(':');
      plays.set(Number(entry.slice(0, colon)), Number(entry.slice(colon + 1)));
    }
    return plays;
  }

  /** All-time plays of a few songs that have any, by song id. */
  async playsOfSongs(songIds: number[]): Promise<Map<number, number>> {
    if (songIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('song_play_totals')
      .select(['song_id', 'plays'])
      .where('song_id', 'in', songIds)
      .execute();
    return new Map(rows.map((row) => [row.song_id, Number(row.plays)]));
  }

  /** Credited artists of a few songs, in credit order. */
  artistsOfSongs(songIds: number[]): Promise<SongArtistRecord[]> {
    if (songIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('song_artists')
      .innerJoin('artists', 'artists.id', 'song_artists.artist_id')
      .select(['song_artists.song_id', 'song_artists.artist_id', 'artists.name'])
      .where('song_artists.song_id', 'in', songIds)
      .orderBy('song_artists.song_id')
      .orderBy('song_artists.position')
      .execute();
  }

  /**
   * Appends a song after the last one in one statement, so two adds at once cannot both take
   * the same place. Returns false when the song was already there.
   */
  async addSong(playlistId: number, songId: number, now: string): Promise<boolean> {
    return insertAtEnd(this.db, playlistId, songId, now);
  }

  /**
   * Puts `songIds` in their order in place of the songs listeners see, with the playlist's new
   * name when given, in one transaction: a failure leaves the playlist as it was. Songs no longer
   * listed keep their places, as a listener never took them out.
   */
  async replaceListedSongs(
    playlistId: number,
    songIds: number[],
    patch: { name?: string; now: string },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('playlist_songs')
        .where('playlist_id', '=', playlistId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('songs')
              .select('songs.id')
              .whereRef('songs.id', '=', 'playlist_songs.song_id')
              .where(songIsListed),
          ),
        )
        .execute();
      await appendSongs(trx, playlistId, songIds, patch.now);
      await trx
        .updateTable('playlists')
        .set({ ...(patch.name !== undefined ? { name: patch.name } : {}), updated_at: patch.now })
        .where('id', '=', playlistId)
        .execute();
    });
  }

  async removeSong(playlistId: number, songId: number): Promise<boolean> {
    return (await this.removeSongs(playlistId, [songId])) > 0;
  }

  /** Takes songs out of the playlist; how many were in it. */
  removeSongs(playlistId: number, songIds: number[]): Promise<number> {
    return removeSongs(this.db, this.dialect, playlistId, songIds);
  }

  async position(playlistId: number, songId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('playlist_songs')
      .select('position')
      .where('playlist_id', '=', playlistId)
      .where('song_id', '=', songId)
      .executeTakeFirst();
    return row ? row.position : null;
  }

  async maxPosition(playlistId: number): Promise<number> {
    const row = await this.db
      .selectFrom('playlist_songs')
      .select((eb) => eb.fn.max<number>('position').as('top'))
      .where('playlist_id', '=', playlistId)
      .executeTakeFirst();
    return row?.top === null || row?.top === undefined ? -1 : Number(row.top);
  }

  /** Ids of the listed songs in order (what a listener sees, so what indices refer to). */
  listedSongIds(playlistId: number): Promise<{ songId: number; position: number }[]> {
    return listedSongIds(this.db, playlistId);
  }

  /**
   * Moves a song from position `from` to `to` by shifting only the songs in between, so a move
   * costs two statements whatever the playlist's length. Positions stay distinct integers.
   */
  async move(playlistId: number, songId: number, from: number, to: number): Promise<void> {
    if (from === to) return;
    await this.db.transaction().execute(async (trx) => {
      if (to < from) {
        await trx
          .updateTable('playlist_songs')
          .set((eb) => ({ position: eb('position', '+', 1) }))
          .where('playlist_id', '=', playlistId)
          .where('position', '>=', to)
          .where('position', '<', from)
          .execute();
      } else {
        await trx
          .updateTable('playlist_songs')
          .set((eb) => ({ position: eb('position', '-', 1) }))
          .where('playlist_id', '=', playlistId)
          .where('position', '>', from)
          .where('position', '<=', to)
          .execute();
      }
      await trx
        .updateTable('playlist_songs')
        .set({ position: to })
        .where('playlist_id', '=', playlistId)
        .where('song_id', '=', songId)
        .execute();
    });
  }
}

/** Puts a song at the end of a playlist, unless it is in it already (then false). */
/** Puts songs at the end in their order, those already in it aside; how many went in. */
/** A playlist's own fields, each left as it is when undefined. */
export interface PlaylistFields {
  name?: string;
  description?: string;
  isPublic?: boolean;
  cover?: { key: string; bytes: number } | null;
}

function fieldColumns(fields: PlaylistFields): Updateable<PlaylistsTable> {
  return {
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.isPublic !== undefined ? { is_public: fields.isPublic ? 1 : 0 } : {}),
    ...(fields.cover !== undefined
      ? { cover_key: fields.cover?.key ?? null, cover_bytes: fields.cover?.bytes ?? 0 }
      : {}),
  };
}

async function listedSongIds(db: Db, playlistId: number) {
  const rows = await db
    .selectFrom('playlist_songs')
    .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
    .select(['playlist_songs.song_id', 'playlist_songs.position'])
    .where('playlist_songs.playlist_id', '=', playlistId)
    .where(songIsListed)
    .orderBy('playlist_songs.position')
    .orderBy('playlist_songs.song_id')
    .execute();
  return rows.map((row) => ({ songId: row.song_id, position: row.position }));
}

async function removeSongs(db: Db, dialect: Dialect, playlistId: number, songIds: number[]) {
  if (songIds.length === 0) return 0;
  const result = await db
    .deleteFrom('playlist_songs')
    .where('playlist_id', '=', playlistId)
    .where('song_id', 'in', idList(dialect, songIds))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function appendSongs(db: Db, playlistId: number, songIds: number[], now: string) {
  let added = 0;
  for (const songId of songIds) {
    if (await insertAtEnd(db, playlistId, songId, now)) added++;
  }
  return added;
}

async function insertAtEnd(db: Db, playlistId: number, songId: number, now: string) {
  const result = await db
    .insertInto('playlist_songs')
    .columns(['playlist_id', 'song_id', 'position', 'added_at'])
    .expression((eb) =>
      eb
        .selectFrom('playlist_songs')
        .select([
          sql<number>`cast(${playlistId} as integer)`.as('playlist_id'),
          sql<number>`cast(${songId} as integer)`.as('song_id'),
          sql<number>`coalesce(max(position), -1) + 1`.as('position'),
          sql<string>`cast(${now} as text)`.as('added_at'),
        ])
        .where('playlist_id', '=', playlistId),
    )
    .onConflict((oc) => oc.columns(['playlist_id', 'song_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
