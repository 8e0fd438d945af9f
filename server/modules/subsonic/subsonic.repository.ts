import { type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { idListTable, idListValue } from '../../db/id-list.ts';
import type { Database } from '../../db/schema.ts';
import { albumColumns, albumIsListed, songIsListed } from '../catalog/catalog.repository.ts';
import {
  type Args,
  prepared,
  preparedByIds,
  preparedFromIds,
  type QueryTarget,
} from '../catalog/prepared.ts';

/** What a Subsonic song entry needs beyond a presented song: the file and the album's year. */
export interface SongFileRecord {
  id: number;
  audio_key: string;
  audio_mime: string;
  audio_codec: string | null;
  audio_size: number;
  audio_bitrate: number | null;
  duration: number;
  cover_key: string | null;
  album_cover_key: string | null;
  year: number | null;
}

export interface AlbumCardRecord {
  id: number;
  title: string;
  artist_id: number;
  artist_name: string;
  cover_key: string | null;
  year: number | null;
  created_at: string;
  song_count: number | string | null;
  duration: number | string | null;
  play_count: number | string | null;
  genre: string | null;
}

export interface ArtistCardRecord {
  id: number;
  name: string;
  image_key: string | null;
  album_count: number | string | null;
}

export type AlbumListType =
  | 'random'
  | 'newest'
  | 'frequent'
  | 'recent'
  | 'starred'
  | 'alphabeticalByName'
  | 'alphabeticalByArtist'
  | 'byYear'
  | 'byGenre';

export interface AlbumListRequest {
  type: Exclude<
    AlbumListType,
    'newest' | 'alphabeticalByName' | 'alphabeticalByArtist' | 'frequent' | 'byGenre'
  >;
  size: number;
  offset: number;
  userId: number;
  fromYear?: number;
  toYear?: number;
}

/**
 * The catalog in the orders apps page through: getAlbumList2's lists for everyone (newest,
 * alphabetical, most played, by genre) and search3 "". Each follows from the catalog alone, but
 * for `albumsByPlays`, which follows the plays too.
 */
export type CatalogOrder =
  | 'artistsByName'
  | 'albumsNewest'
  | 'albumsByTitle'
  | 'albumsByArtist'
  | 'songsById'
  /** Albums by the plays of their listed songs, most first (getAlbumList2 frequent). */
  | 'albumsByPlays'
  /** Albums holding a listed song of the genre, by title (getAlbumList2 byGenre). */
  | { albumsOfGenre: string }
  /** The genre's listed songs by id (getSongsByGenre; random songs of it). */
  | { songsOfGenre: string };

/** What an order is held under in a cache. */
export function orderKey(order: CatalogOrder): string {
  if (typeof order === 'string') return order;
  return 'albumsOfGenre' in order
    ? `albumsOfGenre:${order.albumsOfGenre}`
    : `songsOfGenre:${order.songsOfGenre}`;
}

export interface Page {
  offset: number;
  limit: number;
}

/** Ids read as one JSON array: SQLite hands it over as text, PostgreSQL parsed (null for none). */
function idsOfArray(ids: string | number[] | null | undefined): number[] {
  if (ids === null || ids === undefined) return [];
  return typeof ids === 'string' ? JSON.parse(ids) : ids;
}

function listedSongOfAlbum(eb: ExpressionBuilder<Database, 'albums'>) {
  return eb
    .selectFrom('songs')
    .whereRef('songs.album_id', '=', 'albums.id')
    .where('songs.listed', '=', 1);
}

/** Which part of `listeningOfHits`' read a row comes from. */
const HIT_KINDS = { artist: 0, album: 1, song: 2 } as const;

/**
 * The plays column of `listeningOfHits`' parts that read none. PostgreSQL types a union's column
 * from its first parts, and a bare null there is text.
 */
const NO_PLAYS = sql<number | null>`cast(null as integer)`;

/** Ids of a search response's artists, albums and songs. */
export interface HitIds {
  artists: readonly number[];
  albums: readonly number[];
  songs: readonly number[];
}

/**
 * How many ids a span may cover per song it reads for: past that, the songs' ids lie too far
 * apart (songs hidden or deleted between them) and each is looked up on its own.
 */
const SPAN_IDS_PER_SONG = 4;

/**
 * The first and last of `ids` when they ascend and lie close together, as a page of the sync
 * order does (songs by id): its listening is then read by that span rather than id by id.
 */
export function songSpan(ids: readonly number[]): { first: number; last: number } | null {
  if (ids.length === 0) return null;
  for (let i = 1; i < ids.length; i++) if (ids[i]! <= ids[i - 1]!) return null;
  const first = ids[0]!;
  const last = ids[ids.length - 1]!;
  return last - first < SPAN_IDS_PER_SONG * ids.length ? { first, last } : null;
}

/** A song's plays now, and when the caller liked it (if so). */
export interface SongListening {
  plays: number;
  likedAt: string | undefined;
}

/** What `listeningOfHits` reads: when the caller starred each, and each song's listening. */
export interface HitsListening {
  followedAt: Map<number, string>;
  albumStarredAt: Map<number, string>;
  songs: Map<number, SongListening>;
}

/**
 * The reads the Subsonic API needs that the web app's pages do not: whole-library listings in
 * fixed orders, album lists by kind, genres, stars. Visibility is the catalog's: songs by
 * `songs.listed`, artists enabled, albums by `albums.listed`.
 */
export class SubsonicRepository {
  /** The by-id reads every list response makes, compiled once (see catalog/prepared.ts). */
  private readonly q: ReturnType<SubsonicRepository['compile']>;

  private readonly db: Db;
  private readonly dialect: QueryTarget['dialect'];

  constructor(database: QueryTarget) {
    this.db = database.db;
    this.dialect = database.dialect;
    this.q = this.compile(database);
  }

  private compile(database: QueryTarget) {
    /** When the user starred each of some ids, in one of the three tables of stars. */
    const stars = (
      table: 'likes' | 'follows' | 'album_stars',
      column: 'song_id' | 'artist_id' | 'album_id',
    ) =>
      preparedFromIds(database, (list, arg: Args<[userId: number]>) =>
        this.db
          .selectFrom(list)
          .innerJoin(sql.table(table).as('stars'), (join) =>
            join
              .on(sql.ref('stars.user_id'), '=', arg(0))
              .onRef(sql.ref<number>(`stars.${column}`), '=', 'list.value'),
          )
          .select([
            sql.ref<number>(`stars.${column}`).as('id'),
            sql.ref<string>('stars.created_at').as('created_at'),
          ]),
      );
    return {
      songFiles: preparedByIds(
        database,
        (ids) =>
          this.db
            .selectFrom('songs')
            .leftJoin('albums', 'albums.id', 'songs.album_id')
            .select([
              'songs.id',
              'songs.audio_key',
              'songs.audio_mime',
              'songs.audio_codec',
              'songs.audio_size',
              'songs.audio_bitrate',
              'songs.duration',
              'songs.cover_key',
              'albums.cover_key as album_cover_key',
              'albums.year',
            ])
            .where('songs.id', 'in', ids),
        { rowsAsJson: true },
      ),
      albumCards: preparedByIds(database, (ids) =>
        this.db
          .selectFrom('albums')
          .innerJoin('artists', 'artists.id', 'albums.artist_id')
          .select(albumColumns)
          .select((eb) => [
            listedSongOfAlbum(eb)
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .as('song_count'),
            listedSongOfAlbum(eb)
              .select((inner) => inner.fn.sum<number>('songs.duration').as('n'))
              .as('duration'),
            listedSongOfAlbum(eb)
              .innerJoin('song_play_totals', 'song_play_totals.song_id', 'songs.id')
              .select((inner) => inner.fn.sum<number>('song_play_totals.plays').as('n'))
              .as('play_count'),
            listedSongOfAlbum(eb)
              .select((inner) => inner.fn.min<string>('songs.genre').as('g'))
              .as('genre'),
          ])
          .where('albums.id', 'in', ids)
          .where(albumIsListed),
      ),
      artistCards: preparedByIds(
        database,
        (ids) => this.artistCardQuery().where('artists.id', 'in', ids),
        { rowsAsJson: true },
      ),
      listedSongIds: preparedByIds(database, (ids) =>
        this.db.selectFrom('songs').select('id').where('id', 'in', ids).where(songIsListed),
      ),
      listeningOfHits: prepared(
        database,
        (arg: Args<[userId: number, artistIds: unknown, albumIds: unknown, songIds: unknown]>) => {
          // A song's plays and likes are keyed by its id, so no row of `songs` is needed.
          const songs = this.db
            .selectFrom(idListTable(database.dialect, arg(3), 'hit'))
            .leftJoin('song_play_totals', 'song_play_totals.song_id', 'hit.value')
            .leftJoin('likes', (join) =>
              join.onRef('likes.song_id', '=', 'hit.value').on('likes.user_id', '=', arg(0)),
            )
            .select([
              sql.lit<number>(HIT_KINDS.song).as('kind'),
              'hit.value as id',
              'likes.created_at as at',
              'song_play_totals.plays as plays',
            ]);
          return this.starsOfHits(database, arg).unionAll(songs);
        },
        { rowsAsJson: true },
      ),
      listeningOfHitsSpan: prepared(
        database,
        (
          arg: Args<
            [userId: number, artistIds: unknown, albumIds: unknown, first: number, last: number]
          >,
        ) => {
          // One walk of each table's keys from the span's first id to its last, where a list
          // looks each id up on its own; a song's plays and its like come as rows of their own.
          const plays = this.db
            .selectFrom('song_play_totals')
            .select([
              sql.lit<number>(HIT_KINDS.song).as('kind'),
              'song_id as id',
              sql<string | null>`null`.as('at'),
              'plays',
            ])
            .where('song_id', '>=', arg(3))
            .where('song_id', '<=', arg(4));
          const likes = this.db
            .selectFrom('likes')
            .select([
              sql.lit<number>(HIT_KINDS.song).as('kind'),
              'song_id as id',
              'created_at as at',
              NO_PLAYS.as('plays'),
            ])
            .where('user_id', '=', arg(0))
            .where('song_id', '>=', arg(3))
            .where('song_id', '<=', arg(4));
          return this.starsOfHits(database, arg).unionAll(plays).unionAll(likes);
        },
        { rowsAsJson: true },
      ),
      likedAt: stars('likes', 'song_id'),
      followedAt: stars('follows', 'artist_id'),
      albumStarredAt: stars('album_stars', 'album_id'),
    };
  }

  /**
   * The first parts of `listeningOfHits`' reads: the caller's follows among the artist ids in
   * argument 1 and stars among the album ids in argument 2, each read from its list by key.
   */
  private starsOfHits<
    A extends [userId: number, artistIds: unknown, albumIds: unknown, ...unknown[]],
  >(database: QueryTarget, arg: Args<A>) {
    const starsOf = (
      table: 'follows' | 'album_stars',
      column: 'artist_id' | 'album_id',
      kind: number,
      index: 1 | 2,
    ) =>
      this.db
        .selectFrom(idListTable(database.dialect, arg(index), 'hit'))
        .innerJoin(sql.table(table).as('stars'), (join) =>
          join
            .on(sql.ref('stars.user_id'), '=', arg(0))
            .onRef(sql.ref<number>(`stars.${column}`), '=', 'hit.value'),
        )
        .select([
          sql.lit<number>(kind).as('kind'),
          sql.ref<number>(`stars.${column}`).as('id'),
          sql.ref<string | null>('stars.created_at').as('at'),
          NO_PLAYS.as('plays'),
        ]);
    return starsOf('follows', 'artist_id', HIT_KINDS.artist, 1).unionAll(
      starsOf('album_stars', 'album_id', HIT_KINDS.album, 2),
    );
  }

  songFiles(ids: number[]): Promise<SongFileRecord[]> {
    return this.q.songFiles(ids);
  }

  /**
   * Album cards with their listed songs' figures, a subquery per figure: each reads one album's
   * songs by index, which measured faster than one grouped join over the pages of 50 albums.
   */
  albumCards(ids: number[]): Promise<AlbumCardRecord[]> {
    return this.q.albumCards(ids);
  }

  artistCards(ids: number[]): Promise<ArtistCardRecord[]> {
    return this.q.artistCards(ids);
  }

  private artistCardQuery() {
    return this.db
      .selectFrom('artists')
      .select(['artists.id', 'artists.name', 'artists.image_key'])
      .select((eb) =>
        eb
          .selectFrom('albums')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('albums.artist_id', '=', 'artists.id')
          .where(albumIsListed)
          .as('album_count'),
      )
      .where('artists.is_disabled', '=', 0);
  }

  /** Every enabled artist by name, with album counts (getArtists). */
  artistsByName(): Promise<ArtistCardRecord[]> {
    return this.artistCardQuery().orderBy('artists.name').orderBy('artists.id').execute();
  }

  /**
   * The enabled artists whose folders hold something (getIndexes), by name: a listed song
   * credited to them on no album, or an album of theirs with a listed song (a guest on others'
   * albums only has an empty folder). Folder-mode apps take an empty folder for an error
   * (Jamstash's "This directory is empty").
   */
  artistsWithSongsByName(): Promise<ArtistCardRecord[]> {
    return this.artistCardQuery()
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('song_artists')
              .innerJoin('songs', 'songs.id', 'song_artists.song_id')
              .select('songs.id')
              .whereRef('song_artists.artist_id', '=', 'artists.id')
              .where('song_artists.listed', '=', 1)
              .where('songs.album_id', 'is', null),
          ),
          eb.exists(
            eb
              .selectFrom('albums')
              .innerJoin('songs', 'songs.album_id', 'albums.id')
              .select('songs.id')
              .whereRef('albums.artist_id', '=', 'artists.id')
              .where('songs.listed', '=', 1),
          ),
        ]),
      )
      .orderBy('artists.name')
      .orderBy('artists.id')
      .execute();
  }

  /** Which of `ids` are songs listeners may see. */
  async listedSongIds(ids: number[]): Promise<number[]> {
    const rows = await this.q.listedSongIds(ids);
    return rows.map((row) => row.id);
  }

  /** The newest `limit` listed songs credited to the artist that are on no album. */
  async songIdsWithoutAlbum(artistId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('song_artists')
      .innerJoin('songs', 'songs.id', 'song_artists.song_id')
      .select('songs.id')
      .where('song_artists.artist_id', '=', artistId)
      .where('song_artists.listed', '=', 1)
      .where('songs.album_id', 'is', null)
      .orderBy('songs.created_at', 'desc')
      .orderBy('songs.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async albumIdsOfArtist(artistId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('albums')
      .select('id')
      .where('artist_id', '=', artistId)
      .where(albumIsListed)
      .orderBy('year')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Ids in one of the catalog's orders: a page of them, or every one without `page` (what
   * CatalogResponseCache caches). Ids are paged first and presented after: SQLite works out every
   * selected column of every row it sorts or skips. Every one comes as one JSON array, ordered
   * inside the aggregate: a whole catalog's ids as row objects cost the driver more than the read.
   */
  async idsInOrder(order: CatalogOrder, page?: Page): Promise<number[]> {
    const inOrder = async <T extends keyof Database>(
      rows: SelectQueryBuilder<Database, T, object>,
      id: RawBuilder<number>,
      by: RawBuilder<unknown>,
    ): Promise<number[]> => {
      if (page) {
        const paged = await rows
          .select(id.as('id'))
          .orderBy(by)
          .offset(page.offset)
          .limit(page.limit)
          .execute();
        return paged.map((row) => row.id);
      }
      const [row] = await rows.select(this.idArray(id, by).as('ids')).execute();
      return idsOfArray(row?.ids);
    };
    const albums = () => this.db.selectFrom('albums').where(albumIsListed);
    if (typeof order === 'object' && 'songsOfGenre' in order) {
      return inOrder(
        this.db
          .selectFrom('songs')
          .where(songIsListed)
          .where('songs.genre', '=', order.songsOfGenre),
        sql`songs.id`,
        sql`songs.id`,
      );
    }
    if (typeof order === 'object') {
      // From the songs of the genre (an index), so a rare genre reads few rows.
      return inOrder(
        albums().where('albums.id', 'in', (eb) =>
          eb
            .selectFrom('songs')
            .select('songs.album_id')
            .where('songs.genre', '=', order.albumsOfGenre)
            .where(songIsListed),
        ),
        sql`albums.id`,
        sql`lower(albums.title), albums.id`,
      );
    }
    switch (order) {
      case 'artistsByName':
        return inOrder(
          this.db.selectFrom('artists').where('artists.is_disabled', '=', 0),
          sql`artists.id`,
          sql`artists.name, artists.id`,
        );
      case 'albumsNewest':
        return inOrder(albums(), sql`albums.id`, sql`albums.created_at desc, albums.id desc`);
      // By names in small letters, so that one written so ("folklore") is not filed after Z.
      case 'albumsByTitle':
        return inOrder(albums(), sql`albums.id`, sql`lower(albums.title), albums.id`);
      case 'albumsByArtist':
        return inOrder(
          albums(),
          sql`albums.id`,
          sql`(select lower(artists.name) from artists where artists.id = albums.artist_id), lower(albums.title), albums.id`,
        );
      case 'songsById':
        return inOrder(
          this.db.selectFrom('songs').where(songIsListed),
          sql`songs.id`,
          sql`songs.id`,
        );
      case 'albumsByPlays':
        return this.albumsByPlays(page);
    }
  }

  /** Every id of `id` as one JSON array, in the order `by`. */
  private idArray(id: RawBuilder<number>, by: RawBuilder<unknown>) {
    const all = this.dialect === 'postgres' ? 'json_agg' : 'json_group_array';
    return sql<string | number[] | null>`${sql.raw(all)}(${id} order by ${by})`;
  }

  /** Albums by the plays of their listed songs, most first: a page of them, or every one. */
  private async albumsByPlays(page?: Page): Promise<number[]> {
    // Summed per album before the albums are joined: one album lookup per album played, not
    // one per song.
    const totals = this.db
      .selectFrom('songs')
      .innerJoin('song_play_totals', 'song_play_totals.song_id', 'songs.id')
      .select((eb) => ['songs.album_id', eb.fn.sum<number>('song_play_totals.plays').as('n')])
      .where(songIsListed)
      .groupBy('songs.album_id')
      .as('totals');
    const played = this.db
      .selectFrom(totals)
      .innerJoin('albums', 'albums.id', 'totals.album_id')
      .where(albumIsListed);
    if (page) {
      const rows = await played
        .select('totals.album_id')
        .orderBy('totals.n', 'desc')
        .orderBy('totals.album_id')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      return rows.map((row) => Number(row.album_id));
    }
    const [row] = await played
      .select(this.idArray(sql`totals.album_id`, sql`totals.n desc, totals.album_id`).as('ids'))
      .execute();
    return idsOfArray(row?.ids);
  }

  async randomSongIds(
    size: number,
    filter: { genre?: string; fromYear?: number; toYear?: number },
  ): Promise<number[]> {
    let query = this.db
      .selectFrom('songs')
      .leftJoin('albums', 'albums.id', 'songs.album_id')
      .select('songs.id')
      .where(songIsListed);
    if (filter.genre !== undefined) query = query.where('songs.genre', '=', filter.genre);
    if (filter.fromYear !== undefined) query = query.where('albums.year', '>=', filter.fromYear);
    if (filter.toYear !== undefined) query = query.where('albums.year', '<=', filter.toYear);
    const rows = await query.orderBy(sql`random()`).limit(size).execute();
    return rows.map((row) => row.id);
  }

  /** Genres of listed songs with their song and album counts, most songs first. */
  genres(): Promise<{ genre: string; songs: number | string; albums: number | string }[]> {
    return this.db
      .selectFrom('songs')
      .select((eb) => [
        'songs.genre as genre',
        eb.fn.countAll<number>().as('songs'),
        eb.fn.count<number>('songs.album_id').distinct().as('albums'),
      ])
      .where(songIsListed)
      .groupBy('songs.genre')
      .orderBy('songs', 'desc')
      .orderBy('songs.genre')
      .execute();
  }

  /** Album ids of a getAlbumList2 kind, in its order. */
  async albumIds(request: AlbumListRequest): Promise<number[]> {
    const base = this.db.selectFrom('albums').select('albums.id').where(albumIsListed);
    const page = <Q extends { offset(n: number): Q; limit(n: number): Q }>(query: Q) =>
      query.offset(request.offset).limit(request.size);
    let query = base;
    switch (request.type) {
      case 'random':
        query = query.orderBy(sql`random()`);
        break;
      case 'byYear': {
        const from = request.fromYear ?? 0;
        const to = request.toYear ?? 9999;
        query = query
          .where('albums.year', '>=', Math.min(from, to))
          .where('albums.year', '<=', Math.max(from, to))
          .orderBy('albums.year', from <= to ? 'asc' : 'desc')
          .orderBy('albums.id');
        break;
      }
      case 'starred':
        query = query
          .innerJoin('album_stars', 'album_stars.album_id', 'albums.id')
          .where('album_stars.user_id', '=', request.userId)
          .orderBy('album_stars.created_at', 'desc')
          .orderBy('albums.id');
        break;
      case 'recent': {
        const recent = await page(
          this.db
            .selectFrom('plays')
            .innerJoin('songs', 'songs.id', 'plays.song_id')
            .innerJoin('albums', 'albums.id', 'songs.album_id')
            .select((eb) => ['songs.album_id', eb.fn.max<string>('plays.played_at').as('at')])
            .where('plays.user_id', '=', request.userId)
            .where(songIsListed)
            .where(albumIsListed)
            .groupBy('songs.album_id')
            .orderBy('at', 'desc')
            .orderBy('songs.album_id'),
        ).execute();
        return recent.map((row) => Number(row.album_id));
      }
    }
    const rows = await page(query).execute();
    return rows.map((row) => row.id);
  }

  /** When the user liked each of `songIds` (Subsonic's "starred"). */
  async likedAt(userId: number, ids: number[]): Promise<Map<number, string>> {
    const rows = await this.q.likedAt(ids, userId);
    return new Map(rows.map((row) => [row.id, row.created_at]));
  }

  async followedAt(userId: number, ids: number[]): Promise<Map<number, string>> {
    const rows = await this.q.followedAt(ids, userId);
    return new Map(rows.map((row) => [row.id, row.created_at]));
  }

  /**
   * The caller's follows among `artists` and stars among `albums`, and the plays and the caller's
   * likes of `songs`, in one read: what a search response adds to entries written ahead. Each
   * read a response makes costs it about as much again as the rows it reads. Songs of the sync
   * order (ids ascending, few gaps) are read by their span of ids (`songSpan`).
   */
  async listeningOfHits(userId: number, hits: HitIds): Promise<HitsListening> {
    const list = (ids: readonly number[]) => idListValue(this.dialect, ids);
    const stars = [userId, list(hits.artists), list(hits.albums)] as const;
    const span = songSpan(hits.songs);
    const rows = span
      ? await this.q.listeningOfHitsSpan(...stars, span.first, span.last)
      : await this.q.listeningOfHits(...stars, list(hits.songs));
    const listening: HitsListening = {
      followedAt: new Map(),
      albumStarredAt: new Map(),
      songs: new Map(),
    };
    for (const row of rows) {
      const id = Number(row.id);
      if (row.kind === HIT_KINDS.artist && row.at !== null) listening.followedAt.set(id, row.at);
      else if (row.kind === HIT_KINDS.album && row.at !== null) {
        listening.albumStarredAt.set(id, row.at);
      } else if (row.kind === HIT_KINDS.song) {
        // A span's song has its plays and its like on rows of their own.
        const song = listening.songs.get(id) ?? { plays: 0, likedAt: undefined };
        if (row.plays !== null) song.plays = Number(row.plays);
        if (row.at !== null) song.likedAt = row.at;
        listening.songs.set(id, song);
      }
    }
    return listening;
  }

  async albumStarredAt(userId: number, ids: number[]): Promise<Map<number, string>> {
    const rows = await this.q.albumStarredAt(ids, userId);
    return new Map(rows.map((row) => [row.id, row.created_at]));
  }

  /** Every artist the user follows, with when (a listener follows few). */
  async followsOf(userId: number): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('follows')
      .select(['artist_id', 'created_at'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(rows.map((row) => [row.artist_id, row.created_at]));
  }

  async followedArtistIds(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('follows')
      .select('artist_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => row.artist_id);
  }

  async starredAlbumIds(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('album_stars')
      .select('album_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => row.album_id);
  }

  async albumIsVisible(albumId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('albums')
      .select('albums.id')
      .where('albums.id', '=', albumId)
      .where(albumIsListed)
      .executeTakeFirst();
    return row !== undefined;
  }

  async starAlbum(userId: number, albumId: number, now: string): Promise<void> {
    await this.db
      .insertInto('album_stars')
      .values({ user_id: userId, album_id: albumId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'album_id']).doNothing())
      .execute();
  }

  async unstarAlbum(userId: number, albumId: number): Promise<void> {
    await this.db
      .deleteFrom('album_stars')
      .where('user_id', '=', userId)
      .where('album_id', '=', albumId)
      .execute();
  }

  /**
   * An enabled artist by name in any case (getTopSongs names the artist), the one written
   * exactly so first. `casefold` (migration 026) knows every alphabet's capitals, so "ármann"
   * finds "Ármann" on SQLite too.
   */
  async artistIdByName(name: string): Promise<number | undefined> {
    const enabled = this.db.selectFrom('artists').select('id').where('is_disabled', '=', 0);
    // Apps send the name as getArtist wrote it: that one comes from the name's index, where any
    // other case reads every artist's name.
    const exact = await enabled.where('name', '=', name).orderBy('id').limit(1).executeTakeFirst();
    if (exact) return exact.id;
    const row = await enabled
      .where((eb) => eb(eb.fn('casefold', ['name']), '=', name.toLowerCase()))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /** The artist's listed songs, most played of all time first (ties: newest first). */
  async topSongIds(artistId: number, count: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('song_artists')
      .leftJoin('song_play_totals', 'song_play_totals.song_id', 'song_artists.song_id')
      .select('song_artists.song_id')
      .where('song_artists.artist_id', '=', artistId)
      .where('song_artists.listed', '=', 1)
      .orderBy(sql`coalesce(song_play_totals.plays, 0)`, 'desc')
      .orderBy('song_artists.song_id', 'desc')
      .limit(count)
      .execute();
    return rows.map((row) => row.song_id);
  }

  /** Genres of an artist's listed songs (a blank genre is none). */
  private genresOfArtist(artistId: number) {
    return this.db
      .selectFrom('songs')
      .innerJoin('song_artists', 'song_artists.song_id', 'songs.id')
      .select('songs.genre')
      .where('song_artists.artist_id', '=', artistId)
      .where(songIsListed)
      .where('songs.genre', '!=', '');
  }

  /**
   * What a radio picks from: the listed songs credited to the artist (for a song, to any of its
   * artists), and the artist's genres (for a song, its own); a blank genre is none.
   */
  async radioSeed(
    seed: { artistId: number } | { songId: number },
  ): Promise<{ songIds: number[]; genres: string[] }> {
    const artists =
      'artistId' in seed
        ? [seed.artistId]
        : (
            await this.db
              .selectFrom('song_artists')
              .select('artist_id')
              .where('song_id', '=', seed.songId)
              .execute()
          ).map((row) => row.artist_id);
    const songs =
      artists.length === 0
        ? []
        : await this.db
            .selectFrom('song_artists')
            .select('song_id')
            .distinct()
            .where('artist_id', 'in', artists)
            .where('listed', '=', 1)
            .execute();
    const genreRows = await ('artistId' in seed
      ? this.genresOfArtist(seed.artistId).distinct()
      : this.db
          .selectFrom('songs')
          .select('songs.genre')
          .where('songs.id', '=', seed.songId)
          .where('songs.genre', '!=', '')
    ).execute();
    return { songIds: songs.map((row) => row.song_id), genres: genreRows.map((row) => row.genre) };
  }

  /** Listed songs by the artist or in the artist's genres, in random order. */
  similarSongIds(artistId: number, count: number): Promise<number[]> {
    const artist = this.db
      .selectFrom('artists')
      .select('artists.id as artist_id')
      .where('artists.id', '=', artistId);
    return this.randomSongIdsOf(artist, this.genresOfArtist(artistId), count);
  }

  /**
   * Other listed songs by any artist of the song, or in its genre, in random order: a song's
   * radio.
   */
  songIdsLike(songId: number, count: number): Promise<number[]> {
    const artists = this.db
      .selectFrom('song_artists')
      .select('song_artists.artist_id')
      .where('song_artists.song_id', '=', songId);
    const genre = this.db
      .selectFrom('songs')
      .select('songs.genre')
      .where('songs.id', '=', songId)
      .where('songs.genre', '!=', '');
    return this.randomSongIdsOf(artists, genre, count, songId);
  }

  /** Listed songs (but `except`) credited to any of `artists` or in any of `genres`, at random. */
  private async randomSongIdsOf(
    artists: SelectQueryBuilder<Database, keyof Database, { artist_id: number }>,
    genres: SelectQueryBuilder<Database, keyof Database, { genre: string }>,
    count: number,
    except?: number,
  ): Promise<number[]> {
    let query = this.db
      .selectFrom('songs')
      .select('songs.id')
      .where(songIsListed)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('song_artists')
              .select('song_artists.song_id')
              .whereRef('song_artists.song_id', '=', 'songs.id')
              .where('song_artists.artist_id', 'in', artists),
          ),
          eb('songs.genre', 'in', genres),
        ]),
      );
    if (except !== undefined) query = query.where('songs.id', '!=', except);
    const rows = await query.orderBy(sql`random()`).limit(count).execute();
    return rows.map((row) => row.id);
  }

  playQueue(userId: number) {
    return this.db
      .selectFrom('play_queues')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async savePlayQueue(values: {
    userId: number;
    songIds: number[];
    currentId: number | null;
    positionMs: number;
    changedBy: string;
    now: string;
  }): Promise<void> {
    const row = {
      song_ids: JSON.stringify(values.songIds),
      current_id: values.currentId,
      position_ms: values.positionMs,
      changed_at: values.now,
      changed_by: values.changedBy,
    };
    await this.db
      .insertInto('play_queues')
      .values({ user_id: values.userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
  }

  /** What the listener's app last reported playing, and when. */
  nowPlaying(userId: number) {
    return this.db
      .selectFrom('now_playing')
      .select(['song_id', 'player', 'reported_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async setNowPlaying(userId: number, songId: number, player: string, now: string): Promise<void> {
    const row = { song_id: songId, player, reported_at: now };
    await this.db
      .insertInto('now_playing')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
  }
}
