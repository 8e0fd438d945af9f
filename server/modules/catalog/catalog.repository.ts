import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import {
  type Args,
  prepared,
  preparedByIds,
  preparedWithLimit,
  type QueryTarget,
} from './prepared.ts';

/**
 * `query`'s rows newest first (by `table`'s date, then id), leaving out `excluding`: how home
 * fills its rows until there is listening. Read through each table's date key, so it stops at
 * `limit` whatever the catalog size.
 */
function newestFirst<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  table: 'songs' | 'artists' | 'albums',
  excluding: number[],
  limit: number,
): SelectQueryBuilder<Database, TB, O> {
  const filtered =
    excluding.length > 0 ? query.where(sql.ref(`${table}.id`), 'not in', excluding) : query;
  return filtered
    .orderBy(sql.ref(`${table}.created_at`), 'desc')
    .orderBy(sql.ref(`${table}.id`), 'desc')
    .limit(limit);
}

export interface SongRecord {
  id: number;
  title: string;
  genre: string;
  duration: number;
  status: 'Active' | 'Inactive';
  is_deleted: number;
  audio_key: string;
  audio_mime: string;
  /**
   * The codec the upload probe found (null for songs stored before it was recorded), when the
   * query selected `songColumns`.
   */
  audio_codec?: string | null;
  /** Bits per second, when the file said and the query selected `songColumns`. */
  audio_bitrate?: number | null;
  cover_key: string | null;
  album_id: number | null;
  album_title: string | null;
  track_number: number | null;
  created_at: string;
  /** All-time plays, when the query joined `song_play_totals`; presentSongs then skips a lookup. */
  plays?: number | null;
  /**
   * The file's size and the album's cover and year, when the query carried them (`songRows`):
   * what the Subsonic API's song entries add, so its lists need no read of their own.
   */
  audio_size?: number;
  album_cover_key?: string | null;
  album_year?: number | null;
  /**
   * The credited artists as `[id, name]` pairs in credit order, when the query carried them
   * (`songRows`); presentSongs then skips a lookup. SQLite hands the JSON over as text.
   */
  artists?: [number, string][] | string | null;
}

/** What a song read selects before its artists are added (`CatalogRepository.credited`). */
type SongRowShape = Omit<SongRecord, 'artists'>;

export interface SongArtistRecord {
  song_id: number;
  artist_id: number;
  name: string;
}

export interface ArtistRecord {
  id: number;
  name: string;
  description: string;
  image_key: string | null;
  verified: number;
  is_disabled: number;
  created_at: string;
  /** Followers, when the query counted them (`artistsByIds`); presentArtists then skips a lookup. */
  followers?: number | string | null;
}

export interface AlbumRecord {
  id: number;
  title: string;
  year: number | null;
  cover_key: string | null;
  created_at: string;
  artist_id: number;
  artist_name: string;
  /** Listed songs, when the query counted them (`albumsByIds`). */
  song_count?: number | string | null;
}

/**
 * A song listeners may see: active, not deleted, and none of its artists disabled. The database
 * maintains that flag in `songs.listed` (migration 008).
 */
export function songIsListed(eb: ExpressionBuilder<Database, 'songs'>) {
  return eb('songs.listed', '=', 1);
}

/**
 * Whether the album may be shown: its artist is enabled and one of its songs is listed (the flag
 * the database keeps, migration 027; the search indexes follow it).
 */
export function albumIsListed(eb: ExpressionBuilder<Database, 'albums'>) {
  return eb('albums.listed', '=', 1);
}

/** The columns of a `SongRecord`; every module that presents songs selects these. */
export const songColumns = [
  'songs.id',
  'songs.title',
  'songs.genre',
  'songs.duration',
  'songs.status',
  'songs.is_deleted',
  'songs.audio_key',
  'songs.audio_mime',
  'songs.audio_codec',
  'songs.audio_bitrate',
  'songs.cover_key',
  'songs.album_id',
  'albums.title as album_title',
  'songs.track_number',
  'songs.created_at',
] as const;

/** The columns of an `ArtistRecord`. */
export const artistColumns = [
  'artists.id',
  'artists.name',
  'artists.description',
  'artists.image_key',
  'artists.verified',
  'artists.is_disabled',
  'artists.created_at',
] as const;

/** The columns of an `AlbumRecord` (without its song count). */
export const albumColumns = [
  'albums.id',
  'albums.title',
  'albums.year',
  'albums.cover_key',
  'albums.created_at',
  'albums.artist_id',
  'artists.name as artist_name',
] as const;

/** Play sums of one day: ids and counts side by side (compact for a 28-day window in memory). */
export interface DayCounts {
  ids: Int32Array;
  n: Int32Array;
}

function dayCounts(rows: { id: number | null; n: number }[]): DayCounts {
  const counted = rows.filter((row) => row.id !== null && Number(row.n) > 0);
  const ids = new Int32Array(counted.length);
  const n = new Int32Array(counted.length);
  counted.forEach((row, i) => {
    ids[i] = Number(row.id);
    n[i] = Number(row.n);
  });
  return { ids, n };
}

/** Keeps `rows` in the order of `ids` (an `in (...)` query returns them in any order). */
function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export class CatalogRepository {
  // The read paths every listener page takes, compiled once (see prepared.ts).
  private compile() {
    return {
      songsByIds: preparedByIds(
        this.database,
        (ids) =>
          this.credited(this.songRows().where('songs.id', 'in', ids).where(songIsListed), 'none'),
        { rowsAsJson: true },
      ),
      // Cards by id carry their counts, so presenting them takes no further round trip.
      artistsByIds: preparedByIds(this.database, (ids) =>
        this.db
          .selectFrom('artists')
          .select(artistColumns)
          .select((eb) =>
            eb
              .selectFrom('follows')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('follows.artist_id', '=', 'artists.id')
              .as('followers'),
          )
          .where('artists.id', 'in', ids)
          .where('artists.is_disabled', '=', 0),
      ),
      albumsByIds: preparedByIds(this.database, (ids) =>
        this.db
          .selectFrom('albums')
          .innerJoin('artists', 'artists.id', 'albums.artist_id')
          .select(albumColumns)
          .select((eb) =>
            eb
              .selectFrom('songs')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('songs.album_id', '=', 'albums.id')
              .where('songs.listed', '=', 1)
              .as('song_count'),
          )
          .where('albums.id', 'in', ids)
          .where(albumIsListed),
      ),
      artistsOfSongs: preparedByIds(this.database, (ids) =>
        this.db
          .selectFrom('song_artists')
          .innerJoin('artists', 'artists.id', 'song_artists.artist_id')
          .select(['song_artists.song_id', 'song_artists.artist_id', 'artists.name'])
          .where('song_artists.song_id', 'in', ids)
          .orderBy('song_artists.song_id')
          .orderBy('song_artists.position'),
      ),
      playCounts: preparedByIds(this.database, (ids) =>
        this.db
          .selectFrom('song_play_totals')
          .select(['song_id', 'plays'])
          .where('song_id', 'in', ids),
      ),
      albumSongCounts: preparedByIds(this.database, (ids) =>
        this.db
          .selectFrom('songs')
          .select(['album_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('album_id', 'in', ids)
          .where(songIsListed)
          .groupBy('album_id'),
      ),
      findArtist: prepared(this.database, (arg: Args<[id: number]>) =>
        this.db
          .selectFrom('artists')
          .select(artistColumns)
          .where('artists.id', '=', arg(0))
          .where('artists.is_disabled', '=', 0),
      ),
      findAlbum: prepared(this.database, (arg: Args<[id: number]>) =>
        this.db
          .selectFrom('albums')
          .innerJoin('artists', 'artists.id', 'albums.artist_id')
          .select(albumColumns)
          .where('albums.id', '=', arg(0))
          .where(albumIsListed),
      ),
      findListedSong: prepared(this.database, (arg: Args<[id: number]>) =>
        this.credited(this.songRows().where('songs.id', '=', arg(0)).where(songIsListed), 'none'),
      ),
      songsOfArtist: preparedWithLimit(
        this.database,
        (limit: number, arg: Args<[artistId: number]>) =>
          this.credited(
            this.songRows()
              .innerJoin('song_artists', 'song_artists.song_id', 'songs.id')
              .where('song_artists.artist_id', '=', arg(0))
              .where(songIsListed)
              .orderBy('songs.created_at', 'desc')
              .orderBy('songs.id', 'desc')
              .limit(limit),
            'newest',
          ),
      ),
      songsOfAlbum: prepared(this.database, (arg: Args<[albumId: number]>) =>
        this.credited(
          this.songRows()
            .where('songs.album_id', '=', arg(0))
            .where(songIsListed)
            .orderBy('songs.track_number')
            .orderBy('songs.id'),
          'track',
        ),
      ),
      versionAndFollowers: prepared(this.database, (arg: Args<[artistId: number]>) =>
        this.db.selectNoFrom((eb) => [
          eb.selectFrom('catalog_version').select('version').where('id', '=', 1).as('version'),
          eb
            .selectFrom('follows')
            .select(eb.fn.countAll<number>().as('n'))
            .where('artist_id', '=', arg(0))
            .as('followers'),
        ]),
      ),
      isFollowing: prepared(this.database, (arg: Args<[userId: number, artistId: number]>) =>
        this.db
          .selectFrom('follows')
          .select('artist_id')
          .where('user_id', '=', arg(0))
          .where('artist_id', '=', arg(1)),
      ),
      artistWithStats: prepared(this.database, (arg: Args<[id: number, since: string]>) =>
        this.db
          .selectFrom('artists')
          .select(artistColumns)
          .select((eb) => [
            eb
              .selectFrom('follows')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('follows.artist_id', '=', 'artists.id')
              .as('followers'),
            eb
              .selectFrom('song_artists')
              .innerJoin('plays', 'plays.song_id', 'song_artists.song_id')
              .select((inner) => inner.fn.count<number>('plays.listener_key').distinct().as('n'))
              .whereRef('song_artists.artist_id', '=', 'artists.id')
              .where('plays.played_at', '>=', arg(1))
              .as('listeners'),
          ])
          .where('artists.id', '=', arg(0))
          .where('artists.is_disabled', '=', 0),
      ),
      catalogChange: prepared(this.database, () =>
        this.db.selectFrom('catalog_version').select(['version', 'changed_at']).where('id', '=', 1),
      ),
      listedSongCount: prepared(this.database, (arg: Args<[artistId: number]>) =>
        this.db
          .selectFrom('song_artists')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('artist_id', '=', arg(0))
          .where('listed', '=', 1),
      ),
    };
  }

  /** The listener pages' reads, each compiled once (`compile`). */
  private readonly compiledReads: ReturnType<CatalogRepository['compile']>;

  private readonly db: Db;
  private readonly dialect: Dialect;

  constructor(private readonly database: QueryTarget) {
    this.db = database.db;
    this.dialect = database.dialect;
    this.compiledReads = this.compile();
  }

  /** Song rows with their album title and all-time plays (so presenting needs no count query). */
  private songRows() {
    return this.db
      .selectFrom('songs')
      .leftJoin('albums', 'albums.id', 'songs.album_id')
      .leftJoin('song_play_totals', 'song_play_totals.song_id', 'songs.id')
      .select([
        ...songColumns,
        'song_play_totals.plays as plays',
        'songs.audio_size',
        'albums.cover_key as album_cover_key',
        'albums.year as album_year',
      ]);
  }

  /**
   * The song rows `rows` reads (ordered and limited as it likes), each with its credited artists,
   * in `order`: presenting them then needs no further query, one round trip per list instead of
   * two, which is what a list costs on PostgreSQL (each statement is a round trip, a parse and a
   * plan). The artists are read over the rows it returns, as a second step: SQLite works out every
   * column of every row it sorts, so asking for them in `rows` itself would read the artists of
   * all 5,000 songs of a big artist for a page of 50.
   */
  private credited<R extends SongRowShape>(
    rows: SelectQueryBuilder<Database, keyof Database, R>,
    order: 'newest' | 'track' | 'none',
  ) {
    const pair =
      this.dialect === 'postgres'
        ? sql`json_agg(json_build_array(sa.artist_id, a.name) order by sa.position)`
        : sql`json_group_array(json_array(sa.artist_id, a.name) order by sa.position)`;
    const query = this.db
      .selectFrom(rows.as('s'))
      .selectAll('s')
      .select(
        sql<SongRecord['artists']>`(select ${pair} from song_artists sa
          join artists a on a.id = sa.artist_id where sa.song_id = s.id)`.as('artists'),
      );
    if (order === 'newest') return query.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc');
    if (order === 'track') return query.orderBy('s.track_number').orderBy('s.id');
    return query;
  }

  async songsByIds(ids: number[]): Promise<SongRecord[]> {
    return inOrder(ids, await this.compiledReads.songsByIds(ids));
  }

  /** `catalog_version` (migration 005): moves with every change to songs, albums, artists, credits. */
  async catalogVersion(): Promise<number> {
    return (await this.catalogChange()).version;
  }

  /** The catalog's version with when it last changed (ms since 1970; migration 024), read together. */
  async catalogChange(): Promise<{ version: number; changedAt: number }> {
    const [row] = await this.compiledReads.catalogChange();
    return { version: Number(row?.version ?? 0), changedAt: Number(row?.changed_at ?? 0) };
  }

  /** Plays per UTC day from `fromDay` on, each with a stamp that changes when the day does. */
  async playDays(fromDay: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('play_days')
      .select(['day', 'plays', 'song_sum'])
      .where('day', '>=', fromDay)
      .execute();
    return new Map(rows.map((row) => [row.day, `${row.plays}:${row.song_sum}`]));
  }

  /** Plays of each song on one day (any song: visibility is applied to the few that rank). */
  async songPlaysOn(day: string): Promise<DayCounts> {
    const rows = await this.db
      .selectFrom('song_play_days')
      .select(['song_id as id', 'plays as n'])
      .where('day', '=', day)
      .execute();
    return dayCounts(rows);
  }

  /** Plays of each credited artist's songs on one day. */
  async artistPlaysOn(day: string): Promise<DayCounts> {
    const rows = await this.db
      .selectFrom('song_play_days')
      .innerJoin('song_artists', 'song_artists.song_id', 'song_play_days.song_id')
      .select([
        'song_artists.artist_id as id',
        (eb) => eb.fn.sum<number>('song_play_days.plays').as('n'),
      ])
      .where('song_play_days.day', '=', day)
      .groupBy('song_artists.artist_id')
      .execute();
    return dayCounts(rows);
  }

  /** Plays of each album's songs on one day. */
  async albumPlaysOn(day: string): Promise<DayCounts> {
    const rows = await this.db
      .selectFrom('song_play_days')
      .innerJoin('songs', 'songs.id', 'song_play_days.song_id')
      .select(['songs.album_id as id', (eb) => eb.fn.sum<number>('song_play_days.plays').as('n')])
      .where('song_play_days.day', '=', day)
      .where('songs.album_id', 'is not', null)
      .groupBy('songs.album_id')
      .execute();
    return dayCounts(rows);
  }

  /**
   * Which of these songs, artists and albums listeners may see right now, in one query: built
   * once per home snapshot and run per request, so an admin's change shows at once.
   */
  visibleQuery(ids: { songs: number[]; artists: number[]; albums: number[] }) {
    const none = [0]; // `in ()` is not valid SQL; no row has id 0
    const songs = this.db
      .selectFrom('songs')
      .select([sql<number>`1`.as('kind'), 'songs.id'])
      .where('songs.id', 'in', ids.songs.length > 0 ? ids.songs : none)
      .where(songIsListed);
    const artists = this.db
      .selectFrom('artists')
      .select([sql<number>`2`.as('kind'), 'artists.id'])
      .where('artists.id', 'in', ids.artists.length > 0 ? ids.artists : none)
      .where('artists.is_disabled', '=', 0);
    const albums = this.db
      .selectFrom('albums')
      .innerJoin('artists', 'artists.id', 'albums.artist_id')
      .select([sql<number>`3`.as('kind'), 'albums.id'])
      .where('albums.id', 'in', ids.albums.length > 0 ? ids.albums : none)
      .where(albumIsListed);
    return songs.unionAll(artists).unionAll(albums).compile();
  }

  async runVisible(
    query: ReturnType<CatalogRepository['visibleQuery']>,
  ): Promise<{ songs: Set<number>; artists: Set<number>; albums: Set<number> }> {
    const result = await this.db.executeQuery(query);
    const visible = {
      songs: new Set<number>(),
      artists: new Set<number>(),
      albums: new Set<number>(),
    };
    for (const row of result.rows) {
      const kind = Number(row.kind);
      (kind === 1 ? visible.songs : kind === 2 ? visible.artists : visible.albums).add(
        Number(row.id),
      );
    }
    return visible;
  }

  async artistsByIds(ids: number[]): Promise<ArtistRecord[]> {
    return inOrder(ids, await this.compiledReads.artistsByIds(ids));
  }

  async albumsByIds(ids: number[]): Promise<AlbumRecord[]> {
    return inOrder(ids, await this.compiledReads.albumsByIds(ids));
  }

  async findArtist(id: number): Promise<ArtistRecord | undefined> {
    return (await this.compiledReads.findArtist(id))[0];
  }

  /**
   * An enabled artist with its followers, listed songs and distinct listeners since `since`, in
   * one query (the listener count reads only the plays index).
   */
  async findArtistWithStats(
    id: number,
    since: string,
  ): Promise<(ArtistRecord & { followers: number | null; listeners: number | null }) | undefined> {
    return (await this.compiledReads.artistWithStats(id, since))[0];
  }

  /** How many listed songs an artist is credited on. */
  async listedSongCount(artistId: number): Promise<number> {
    const [row] = await this.compiledReads.listedSongCount(artistId);
    return Number(row?.n ?? 0);
  }

  async findAlbum(id: number): Promise<AlbumRecord | undefined> {
    return (await this.compiledReads.findAlbum(id))[0];
  }

  /** The listed songs an artist is credited on, newest first (popularity is applied above). */
  songsOfArtist(artistId: number, limit: number): Promise<SongRecord[]> {
    return this.compiledReads.songsOfArtist(limit, artistId);
  }

  songsOfAlbum(albumId: number): Promise<SongRecord[]> {
    return this.compiledReads.songsOfAlbum(albumId);
  }

  /** `catalog_version` and an artist's followers, in one read (an artist page asks for both). */
  async versionAndFollowers(artistId: number): Promise<{ version: number; followers: number }> {
    const [row] = await this.compiledReads.versionAndFollowers(artistId);
    return { version: Number(row?.version ?? 0), followers: Number(row?.followers ?? 0) };
  }

  async isFollowing(userId: number, artistId: number): Promise<boolean> {
    return (await this.compiledReads.isFollowing(userId, artistId)).length > 0;
  }

  /**
   * Newest enabled artists, for filling popularity rows when there is little listening yet; those
   * with a song to play come first, so a fresh install does not lead with empty artist pages.
   * Each group is read newest first and stops at `limit`: sorting every artist by whether it has
   * a song would probe every artist on every home rebuild.
   */
  async newestArtists(limit: number, excluding: number[]): Promise<ArtistRecord[]> {
    const hasSong = sql<boolean>`exists (select 1 from song_artists c where c.artist_id = artists.id and c.listed = 1)`;
    const newest = (withSong: boolean, count: number) =>
      newestFirst(
        this.db
          .selectFrom('artists')
          .select(artistColumns)
          .where('artists.is_disabled', '=', 0)
          .where(withSong ? hasSong : sql<boolean>`not ${hasSong}`),
        'artists',
        excluding,
        count,
      ).execute();
    const first = await newest(true, limit);
    return first.length < limit
      ? [...first, ...(await newest(false, limit - first.length))]
      : first;
  }

  newestSongs(limit: number, excluding: number[]): Promise<SongRecord[]> {
    return this.credited(
      newestFirst(this.songRows().where(songIsListed), 'songs', excluding, limit),
      'newest',
    ).execute();
  }

  /**
   * Newest listed albums: the albums' own flag is checked on each row, so SQLite walks albums by
   * date (migration 012) and stops instead of starting from artists.
   */
  newestAlbums(limit: number, excluding: number[]): Promise<AlbumRecord[]> {
    return newestFirst(
      this.db
        .selectFrom('albums')
        .innerJoin('artists', 'artists.id', 'albums.artist_id')
        .select(albumColumns)
        .where(albumIsListed),
      'albums',
      excluding,
      limit,
    ).execute();
  }

  listSongs(offset: number, limit: number): Promise<SongRecord[]> {
    return this.credited(
      this.songRows()
        .where(songIsListed)
        .orderBy('songs.created_at', 'desc')
        .orderBy('songs.id', 'desc')
        .offset(offset)
        .limit(limit),
      'newest',
    ).execute();
  }

  async countSongs(): Promise<number> {
    const row = await this.db
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(songIsListed)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findListedSong(id: number): Promise<SongRecord | undefined> {
    return (await this.compiledReads.findListedSong(id))[0];
  }

  /** Artists of each song, in credit order. */
  artistsOfSongs(songIds: number[]): Promise<SongArtistRecord[]> {
    return this.compiledReads.artistsOfSongs(songIds);
  }

  async playCounts(songIds: number[]): Promise<Map<number, number>> {
    const rows = await this.compiledReads.playCounts(songIds);
    return new Map(rows.map((row) => [Number(row.song_id), Number(row.plays)]));
  }

  listArtists(offset: number, limit: number): Promise<ArtistRecord[]> {
    return this.db
      .selectFrom('artists')
      .select(['id', 'name', 'description', 'image_key', 'verified', 'is_disabled', 'created_at'])
      .where('is_disabled', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countArtists(): Promise<number> {
    const row = await this.db
      .selectFrom('artists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_disabled', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  listAlbums(offset: number, limit: number): Promise<AlbumRecord[]> {
    return this.db
      .selectFrom('albums')
      .innerJoin('artists', 'artists.id', 'albums.artist_id')
      .select([
        'albums.id',
        'albums.title',
        'albums.year',
        'albums.cover_key',
        'albums.created_at',
        'albums.artist_id',
        'artists.name as artist_name',
      ])
      .where(albumIsListed)
      .orderBy('albums.created_at', 'desc')
      .orderBy('albums.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countAlbums(): Promise<number> {
    const row = await this.db
      .selectFrom('albums')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(albumIsListed)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async albumSongCounts(albumIds: number[]): Promise<Map<number, number>> {
    const rows = await this.compiledReads.albumSongCounts(albumIds);
    return new Map(rows.map((row) => [Number(row.album_id), Number(row.n)]));
  }
}

export interface ArtistStats {
  followers: Map<number, number>;
  monthlyListeners: Map<number, number>;
  songCounts: Map<number, number>;
}

export class ArtistStatsRepository {
  private readonly followers;
  private readonly listeners;
  private readonly songs;

  private readonly db: Db;
  private readonly dialect: Dialect;

  constructor(private readonly database: QueryTarget) {
    this.db = database.db;
    this.dialect = database.dialect;
    this.followers = preparedByIds(this.database, (ids) =>
      this.db
        .selectFrom('follows')
        .select(['artist_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('artist_id', 'in', ids)
        .groupBy('artist_id'),
    );
    this.listeners = preparedByIds(this.database, (ids, arg: Args<[since: string]>) =>
      this.db
        .selectFrom('plays')
        .innerJoin('song_artists', 'song_artists.song_id', 'plays.song_id')
        .select([
          'song_artists.artist_id',
          (eb) => eb.fn.count<number>('plays.listener_key').distinct().as('n'),
        ])
        .where('song_artists.artist_id', 'in', ids)
        .where('plays.played_at', '>=', arg(0))
        .groupBy('song_artists.artist_id'),
    );
    // The credits carry their song's `listed` (migration 008): counted from the index alone.
    this.songs = preparedByIds(this.database, (ids) =>
      this.db
        .selectFrom('song_artists')
        .select(['artist_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('artist_id', 'in', ids)
        .where('listed', '=', 1)
        .groupBy('artist_id'),
    );
  }

  /**
   * Followers, distinct listeners since `since`, and listed songs, for a page of artists; each
   * list names the artists whose figure is wanted (all by default), the others get none.
   */
  async forArtists(
    artistIds: number[],
    since: string,
    wanted: { listenersOf?: number[]; songsOf?: number[]; followersOf?: number[] } = {},
  ): Promise<ArtistStats> {
    const { listenersOf = artistIds, songsOf = artistIds, followersOf = artistIds } = wanted;
    const [followers, listeners, songs] = await Promise.all([
      this.followers(followersOf),
      this.listeners(listenersOf, since),
      this.songs(songsOf),
    ]);
    const toMap = (rows: { artist_id: number; n: number }[]) =>
      new Map(rows.map((row) => [Number(row.artist_id), Number(row.n)]));
    return {
      followers: toMap(followers),
      monthlyListeners: toMap(listeners),
      songCounts: toMap(songs),
    };
  }
}
