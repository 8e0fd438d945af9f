import type { Album, Artist, Song } from '../../../contract/catalog.ts';
import type { PageOf } from '../../../contract/common.ts';
import type { AlbumDetail, ArtistDetail, HomeFeed } from '../../../contract/listening.ts';
import { notFound } from '../../lib/errors.ts';
import { isoDaysAgo } from '../../lib/time.ts';
import { groupArtists, presentAlbum, presentArtist, presentSong } from './catalog.presenter.ts';
import type {
  ArtistRecord,
  ArtistStatsRepository,
  CatalogRepository,
  Ranked,
  SongRecord,
} from './catalog.repository.ts';

export interface PageRequest {
  page: number;
  limit: number;
}

function pageOf<T>(items: T[], request: PageRequest, total: number): PageOf<T> {
  return {
    items,
    page: request.page,
    limit: request.limit,
    total,
    hasMore: request.page * request.limit < total,
  };
}

/** Distinct listeners are counted over this many days ("monthly listeners"). */
export const MONTHLY_WINDOW_DAYS = 28;
/** 'Trending songs' are the most played over this many days. */
export const TRENDING_WINDOW_DAYS = 7;
/** 'Popular artists' and popular albums are the most played over this many days. */
export const POPULAR_WINDOW_DAYS = 28;
/** Row sizes of the home page (SPEC §9: first 10 artists and songs; six albums). */
export const HOME_ARTISTS = 10;
export const HOME_SONGS = 10;
export const HOME_ALBUMS = 6;
/** Songs on an artist page. */
export const ARTIST_SONGS = 50;

export interface CatalogOptions {
  /** How long the home rows' popularity ranking is reused per instance; 0 turns reuse off. */
  rankingCacheMs: number;
}

interface HomeRanking {
  songs: number[];
  artists: number[];
  albums: number[];
}

/** Ranked ids first, then the newest others, up to `limit`. */
async function rankedThenNewest<T extends { id: number }>(
  ranked: number[],
  limit: number,
  byIds: (ids: number[]) => Promise<T[]>,
  newest: (limit: number, excluding: number[]) => Promise<T[]>,
): Promise<T[]> {
  const top = await byIds(ranked.slice(0, limit));
  if (top.length >= limit) return top;
  const rest = await newest(
    limit - top.length,
    top.map((row) => row.id),
  );
  return [...top, ...rest];
}

export class CatalogService {
  private rankingCache: { at: number; ranking: Promise<HomeRanking> } | null = null;

  constructor(
    private readonly catalog: CatalogRepository,
    private readonly artistStats: ArtistStatsRepository,
    private readonly options: CatalogOptions = { rankingCacheMs: 0 },
  ) {}

  /**
   * Which songs, artists and albums lead the home rows. These aggregate the plays and are the same
   * for every listener, so concurrent callers share one computation, kept for a few seconds.
   */
  private homeRanking(now: number): Promise<HomeRanking> {
    const cached = this.rankingCache;
    if (cached && now - cached.at < this.options.rankingCacheMs) return cached.ranking;
    const popularSince = isoDaysAgo(POPULAR_WINDOW_DAYS, now);
    const ids = (ranked: Promise<Ranked[]>) => ranked.then((rows) => rows.map((row) => row.id));
    const ranking = Promise.all([
      ids(this.catalog.mostPlayedSongs(isoDaysAgo(TRENDING_WINDOW_DAYS, now), HOME_SONGS)),
      ids(this.catalog.mostPlayedArtists(popularSince, HOME_ARTISTS)),
      ids(this.catalog.mostPlayedAlbums(popularSince, HOME_ALBUMS)),
    ]).then(([songs, artists, albums]) => ({ songs, artists, albums }));
    this.rankingCache = { at: now, ranking };
    // A failed computation must not be served from the cache.
    ranking.catch(() => {
      if (this.rankingCache?.ranking === ranking) this.rankingCache = null;
    });
    return ranking;
  }

  /**
   * Home (SPEC §2.4). Rows are fetched fresh from the ranked ids, so a song deleted or an artist
   * disabled a moment ago never shows, and rows are topped up with the newest when listening is thin.
   */
  async homeFeed(now = Date.now()): Promise<HomeFeed> {
    const ranking = await this.homeRanking(now);
    const [songs, artists, albums] = await Promise.all([
      rankedThenNewest(
        ranking.songs,
        HOME_SONGS,
        (ids) => this.catalog.songsByIds(ids),
        (limit, excluding) => this.catalog.newestSongs(limit, excluding),
      ),
      rankedThenNewest(
        ranking.artists,
        HOME_ARTISTS,
        (ids) => this.catalog.artistsByIds(ids),
        (limit, excluding) => this.catalog.newestArtists(limit, excluding),
      ),
      rankedThenNewest(
        ranking.albums,
        HOME_ALBUMS,
        (ids) => this.catalog.albumsByIds(ids),
        (limit, excluding) => this.catalog.newestAlbums(limit, excluding),
      ),
    ]);
    const [trendingSongs, popularArtists, counts] = await Promise.all([
      this.presentSongs(songs),
      this.presentArtists(artists),
      this.catalog.albumSongCounts(albums.map((row) => row.id)),
    ]);
    return {
      popularArtists,
      popularAlbums: albums.map((row) => presentAlbum(row, counts.get(row.id) ?? 0)),
      trendingSongs,
    };
  }

  /** Listed songs by id, in the order given. */
  async songsInOrder(ids: number[]): Promise<Song[]> {
    return this.presentSongs(await this.catalog.songsByIds(ids));
  }

  /** Albums of enabled artists by id, in the order given. */
  async albumsInOrder(ids: number[]): Promise<Album[]> {
    const rows = await this.catalog.albumsByIds(ids);
    const counts = await this.catalog.albumSongCounts(rows.map((row) => row.id));
    return rows.map((row) => presentAlbum(row, counts.get(row.id) ?? 0));
  }

  /** The newest listed songs an artist is credited on. */
  async songsOfArtist(artistId: number, limit: number): Promise<Song[]> {
    return this.presentSongs(await this.catalog.songsOfArtist(artistId, limit));
  }

  /** Enabled artists by id, in the order given. */
  async artistsInOrder(ids: number[]): Promise<Artist[]> {
    return this.presentArtists(await this.catalog.artistsByIds(ids));
  }

  /** An artist page: the artist, its songs most played first, and whether the caller follows. */
  async artistDetail(id: number, callerId: number | null): Promise<ArtistDetail> {
    const row = await this.catalog.findArtist(id);
    if (!row) throw notFound('Artist not found');
    const [[artist], songRows, following] = await Promise.all([
      this.presentArtists([row]),
      this.catalog.songsOfArtist(id, ARTIST_SONGS),
      callerId === null ? false : this.catalog.isFollowing(callerId, id),
    ]);
    const songs = await this.presentSongs(songRows);
    // Stable sort: equal play counts keep newest first.
    songs.sort((a, b) => b.plays - a.plays);
    return { ...artist!, songs, following };
  }

  async albumDetail(id: number): Promise<AlbumDetail> {
    const row = await this.catalog.findAlbum(id);
    if (!row) throw notFound('Album not found');
    const songs = await this.presentSongs(await this.catalog.songsOfAlbum(id));
    return {
      ...presentAlbum(row, songs.length),
      songs,
      totalSeconds: songs.reduce((sum, song) => sum + song.durationSeconds, 0),
    };
  }

  /** Presents song rows with their artists and play counts in three queries, whatever the count. */
  async presentSongs(rows: SongRecord[]): Promise<Song[]> {
    const ids = rows.map((row) => row.id);
    const [artists, plays] = await Promise.all([
      this.catalog.artistsOfSongs(ids),
      this.catalog.playCounts(ids),
    ]);
    const bySong = groupArtists(artists);
    return rows.map((row) => presentSong(row, bySong.get(row.id) ?? [], plays.get(row.id) ?? 0));
  }

  /**
   * Monthly listeners count distinct listeners over thousands of plays for a popular artist, so
   * with reuse on (rankingCacheMs) a count is kept that long per artist; followers stay exact.
   */
  private listenersCache = new Map<number, { at: number; n: number }>();

  async presentArtists(rows: ArtistRecord[], now = Date.now()): Promise<Artist[]> {
    const ids = rows.map((row) => row.id);
    const ttl = this.options.rankingCacheMs;
    const fresh = (id: number) => {
      const hit = this.listenersCache.get(id);
      return hit && now - hit.at < ttl ? hit : undefined;
    };
    const missing = ttl > 0 ? ids.filter((id) => !fresh(id)) : ids;
    const stats = await this.artistStats.forArtists(ids, isoDaysAgo(MONTHLY_WINDOW_DAYS), missing);
    if (ttl > 0) {
      if (this.listenersCache.size > 50_000) this.listenersCache.clear();
      for (const id of missing) {
        this.listenersCache.set(id, { at: now, n: stats.monthlyListeners.get(id) ?? 0 });
      }
      for (const id of ids) stats.monthlyListeners.set(id, fresh(id)?.n ?? 0);
    }
    return rows.map((row) => presentArtist(row, stats));
  }

  async listSongs(request: PageRequest): Promise<PageOf<Song>> {
    const offset = (request.page - 1) * request.limit;
    const [rows, total] = await Promise.all([
      this.catalog.listSongs(offset, request.limit),
      this.catalog.countSongs(),
    ]);
    return pageOf(await this.presentSongs(rows), request, total);
  }

  async getSong(id: number): Promise<Song> {
    const row = await this.catalog.findListedSong(id);
    if (!row) throw notFound('Song not found');
    const [song] = await this.presentSongs([row]);
    return song!;
  }

  async listArtists(request: PageRequest): Promise<PageOf<Artist>> {
    const offset = (request.page - 1) * request.limit;
    const [rows, total] = await Promise.all([
      this.catalog.listArtists(offset, request.limit),
      this.catalog.countArtists(),
    ]);
    return pageOf(await this.presentArtists(rows), request, total);
  }

  async listAlbums(request: PageRequest): Promise<PageOf<Album>> {
    const offset = (request.page - 1) * request.limit;
    const [rows, total] = await Promise.all([
      this.catalog.listAlbums(offset, request.limit),
      this.catalog.countAlbums(),
    ]);
    const counts = await this.catalog.albumSongCounts(rows.map((row) => row.id));
    return pageOf(
      rows.map((row) => presentAlbum(row, counts.get(row.id) ?? 0)),
      request,
      total,
    );
  }

  /** The stored audio of a song listeners may play. */
  async streamable(id: number): Promise<{ key: string; mime: string }> {
    const row = await this.catalog.findListedSong(id);
    if (!row) throw notFound('Song not found');
    return { key: row.audio_key, mime: row.audio_mime };
  }
}
