import type { Album, Artist, Song } from '../../../contract/catalog.ts';
import type { PageOf } from '../../../contract/common.ts';
import type { AlbumDetail, ArtistDetail, HomeFeed } from '../../../contract/listening.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import {
  type CacheBudgets,
  COUNT_ENTRY_BYTES,
  PROMISED_COUNT_BYTES,
} from '../../lib/cache-budget.ts';
import { cacheOff } from '../../lib/caches-off.ts';
import { notFound } from '../../lib/errors.ts';
import { isoDaysAgo } from '../../lib/time.ts';
import {
  artistDetailOf,
  artistPageJson,
  type BuiltArtistPage,
  builtArtistPage,
  originalClientArtistJson,
  packArtistPage,
  type RenderedArtistPage,
  renderArtistPage,
  unpackArtistPage,
} from './artist-pages.ts';
import {
  carriedArtists,
  groupArtists,
  presentAlbum,
  presentArtist,
  presentSong,
} from './catalog.presenter.ts';
import type {
  ArtistRecord,
  ArtistStatsRepository,
  CatalogRepository,
  SongRecord,
} from './catalog.repository.ts';
import { PlayWindows, type Tally } from './popularity.ts';

/** Where a song's audio is stored and what it is, for sending or transcoding it. */
export interface StoredAudio {
  /** The song's title, which a download is named after. */
  title: string;
  key: string;
  mime: string;
  codec: string | null;
  /** Bits per second, when the file said. */
  bitrate: number | null;
  /** Whole seconds. */
  duration: number;
}

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
/** Row sizes of the home page: the first 10 artists and songs, and six albums. */
export const HOME_ARTISTS = 10;
export const HOME_SONGS = 10;
export const HOME_ALBUMS = 6;
/** Songs on an artist page. */
export const ARTIST_SONGS = 50;

export interface CatalogOptions {
  /**
   * How long a home snapshot (rankings and presented rows) is served before it is rebuilt in the
   * background; 0 rebuilds it for every request.
   */
  rankingCacheMs: number;
  /** The budgets its artist pages and counts draw on (the app's, CACHE_MB). */
  caches: Pick<CacheBudgets, 'artistPages' | 'catalogCounts'>;
}

/** A home row's candidates, presented: the most played first, then the newest to top up. */
interface RowCandidates<T> {
  ranked: T[];
  newest: T[];
  /** The newest list holds every visible item, so a short row is truly short. */
  exhaustive: boolean;
}

interface HomeSnapshot {
  at: number;
  /** `catalog_version` when it was built: while it stands, nothing it shows can have changed. */
  version: number;
  songs: RowCandidates<Song>;
  artists: RowCandidates<Artist>;
  albums: RowCandidates<Album>;
  /** The rows as they stand when every item they show is still visible (the usual case). */
  feed: HomeFeed | null;
  /** Checks that the feed's items are still visible: run per request, so admin changes show at once. */
  checkFeed: ReturnType<CatalogRepository['visibleQuery']>;
  /** The same over every candidate, to rebuild the rows when something was hidden meanwhile. */
  checkAll: ReturnType<CatalogRepository['visibleQuery']>;
}

/** The paged lists whose totals are cached. */
type PagedList = 'songs' | 'artists' | 'albums';

/** Candidates kept per row beyond what it shows, for items hidden after the snapshot was taken. */
const SPARE = 10;

/** The row: ranked visible items first, then the newest visible others; null if it came up short. */
function homeRow<T extends { _id: number }>(
  row: RowCandidates<T>,
  limit: number,
  visible: Set<number>,
): T[] | null {
  const out: T[] = [];
  const taken = new Set<number>();
  for (const list of [row.ranked, row.newest]) {
    for (const item of list) {
      if (out.length >= limit) return out;
      if (!visible.has(item._id) || taken.has(item._id)) continue;
      out.push(item);
      taken.add(item._id);
    }
  }
  return out.length >= limit || row.exhaustive ? out : null;
}

function homeFeedOf(
  rows: Pick<HomeSnapshot, 'songs' | 'artists' | 'albums'>,
  visible: { songs: Set<number>; artists: Set<number>; albums: Set<number> },
): HomeFeed | null {
  const trendingSongs = homeRow(rows.songs, HOME_SONGS, visible.songs);
  const popularArtists = homeRow(rows.artists, HOME_ARTISTS, visible.artists);
  const popularAlbums = homeRow(rows.albums, HOME_ALBUMS, visible.albums);
  if (!trendingSongs || !popularArtists || !popularAlbums) return null;
  return { popularArtists, popularAlbums, trendingSongs };
}

/** What a cached page costs beyond its packed text: the entry object and the map's own entry. */
const CACHED_PAGE_OVERHEAD_BYTES = 192;

/** An artist page as cached (see artist-pages.ts). */
interface CachedArtistPage {
  version: number;
  /** When its listening figures were read. */
  at: number;
  /** `RenderedArtistPage`, packed. */
  packed: string;
}

export class CatalogService {
  private readonly windows: PlayWindows;
  private snapshot: HomeSnapshot | null = null;
  private building: Promise<HomeSnapshot> | null = null;

  constructor(
    private readonly catalog: CatalogRepository,
    private readonly artistStats: ArtistStatsRepository,
    private readonly options: CatalogOptions,
  ) {
    this.windows = new PlayWindows(catalog, TRENDING_WINDOW_DAYS, POPULAR_WINDOW_DAYS);
    this.artistPages = new BoundedMap(
      options.caches.artistPages,
      (entry) => CACHED_PAGE_OVERHEAD_BYTES + entry.packed.length,
    );
    this.listenersCache = new BoundedMap(options.caches.catalogCounts, () => COUNT_ENTRY_BYTES);
    this.listTotals = new BoundedMap(options.caches.catalogCounts, () => PROMISED_COUNT_BYTES);
  }

  /** The ranked ids whose rows are visible, asking for more ranked ids while too few are. */
  private async topVisible<T extends { id: number }>(
    tally: Tally,
    want: number,
    byIds: (ids: number[]) => Promise<T[]>,
  ): Promise<T[]> {
    let k = want;
    for (;;) {
      const rows = await byIds(tally.top(k));
      if (rows.length >= want || k >= tally.size) return rows.slice(0, want);
      k *= 4;
    }
  }

  /**
   * Builds the home snapshot: rankings from the play windows, and every candidate presented with
   * its counts, so serving the page is one visibility check. Concurrent callers share one build.
   */
  private rebuildHome(now: number): Promise<HomeSnapshot> {
    if (this.building) return this.building;
    const build = async (): Promise<HomeSnapshot> => {
      // Read before the rows: a change landing meanwhile moves it, and requests then check.
      const version = await this.catalog.catalogVersion();
      await this.windows.update(now);
      const [rankedSongs, newestSongs] = await Promise.all([
        this.topVisible(this.windows.songs, HOME_SONGS + SPARE, (ids) =>
          this.catalog.songsByIds(ids),
        ),
        this.catalog.newestSongs(HOME_SONGS + SPARE, []),
      ]);
      const [rankedArtists, newestArtists] = await Promise.all([
        this.topVisible(this.windows.artists, HOME_ARTISTS + SPARE, (ids) =>
          this.catalog.artistsByIds(ids),
        ),
        this.catalog.newestArtists(HOME_ARTISTS + SPARE, []),
      ]);
      const [rankedAlbums, newestAlbums] = await Promise.all([
        this.topVisible(this.windows.albums, HOME_ALBUMS + SPARE, (ids) =>
          this.catalog.albumsByIds(ids),
        ),
        this.catalog.newestAlbums(HOME_ALBUMS + SPARE, []),
      ]);
      const songs = await this.presentSongs([...rankedSongs, ...newestSongs]);
      const artists = await this.presentArtists([...rankedArtists, ...newestArtists], now);
      const albumRows = [...rankedAlbums, ...newestAlbums];
      const counts = await this.albumSongCounts(albumRows.map((row) => row.id));
      const albums = albumRows.map((row) => presentAlbum(row, counts.get(row.id) ?? 0));
      const split = <T>(items: T[], ranked: number, newest: number, asked: number) => ({
        ranked: items.slice(0, ranked),
        newest: items.slice(ranked),
        exhaustive: newest < asked,
      });
      const rows = {
        songs: split(songs, rankedSongs.length, newestSongs.length, HOME_SONGS + SPARE),
        artists: split(artists, rankedArtists.length, newestArtists.length, HOME_ARTISTS + SPARE),
        albums: split(albums, rankedAlbums.length, newestAlbums.length, HOME_ALBUMS + SPARE),
      };
      const ids = (items: { _id: number }[]) => new Set(items.map((item) => item._id));
      const feed = homeFeedOf(rows, {
        songs: ids(songs),
        artists: ids(artists),
        albums: ids(albums),
      });
      const shown = (list: { _id: number }[] | undefined) => (list ?? []).map((item) => item._id);
      const snapshot: HomeSnapshot = {
        at: now,
        ...rows,
        version,
        feed,
        checkFeed: this.catalog.visibleQuery({
          songs: shown(feed?.trendingSongs),
          artists: shown(feed?.popularArtists),
          albums: shown(feed?.popularAlbums),
        }),
        checkAll: this.catalog.visibleQuery({
          songs: [...ids(songs)],
          artists: [...ids(artists)],
          albums: [...ids(albums)],
        }),
      };
      this.snapshot = snapshot;
      return snapshot;
    };
    const building = build().finally(() => {
      this.building = null;
    });
    this.building = building;
    return building;
  }

  /** Starts building the home snapshot ahead of the first visitor (called when the server listens). */
  warmHome(now = Date.now()): Promise<void> {
    return this.rebuildHome(now).then(() => undefined);
  }

  /**
   * Home. Rankings and counts come from a snapshot rebuilt in the background every
   * `rankingCacheMs` (plays show within seconds); visibility is checked on every request, so a
   * song deleted or an artist disabled a moment ago never shows.
   */
  async homeFeed(now = Date.now()): Promise<HomeFeed> {
    let snapshot = this.snapshot;
    const ttl = cacheOff('home-snapshot') ? 0 : this.options.rankingCacheMs;
    if (!snapshot || now - snapshot.at >= ttl) {
      const rebuilt = this.rebuildHome(now);
      if (!snapshot || ttl === 0) snapshot = await rebuilt;
      else rebuilt.catch(() => {}); // the stale snapshot serves on; the next request retries
    }
    let feed = await this.serveHome(snapshot);
    // Too many candidates hidden since the snapshot: rebuild now rather than show a short row.
    if (!feed) feed = await this.serveHome(await this.rebuildHome(now));
    if (!feed) throw new Error('home snapshot came up short twice');
    return feed;
  }

  private async serveHome(snapshot: HomeSnapshot): Promise<HomeFeed | null> {
    const { feed } = snapshot;
    if (feed && (await this.catalog.catalogVersion()) === snapshot.version) return feed;
    if (feed) {
      const visible = await this.catalog.runVisible(snapshot.checkFeed);
      const count =
        feed.trendingSongs.length + feed.popularArtists.length + feed.popularAlbums.length;
      if (visible.songs.size + visible.artists.size + visible.albums.size === count) return feed;
    }
    return homeFeedOf(snapshot, await this.catalog.runVisible(snapshot.checkAll));
  }

  /** Listed songs by id, in the order given. */
  async songsInOrder(ids: number[]): Promise<Song[]> {
    return this.presentSongs(await this.catalog.songsByIds(ids));
  }

  /** Listed songs by id, in the order given, each beside the row it was presented from. */
  async songsAndRowsInOrder(ids: number[]): Promise<{ song: Song; row: SongRecord }[]> {
    const rows = await this.catalog.songsByIds(ids);
    const songs = await this.presentSongs(rows);
    return songs.map((song, i) => ({ song, row: rows[i]! }));
  }

  /** Albums of enabled artists by id, in the order given. */
  async albumsInOrder(ids: number[]): Promise<Album[]> {
    const rows = await this.catalog.albumsByIds(ids);
    return rows.map((row) => presentAlbum(row, Number(row.song_count ?? 0)));
  }

  /** The newest listed songs an artist is credited on. */
  async songsOfArtist(artistId: number, limit: number): Promise<Song[]> {
    return this.presentSongs(await this.catalog.songsOfArtist(artistId, limit));
  }

  /** Enabled artists by id, in the order given. */
  async artistsInOrder(ids: number[]): Promise<Artist[]> {
    return this.presentArtists(await this.catalog.artistsByIds(ids));
  }

  /**
   * Built artist pages, cached while the catalog has not changed: any change to songs, albums,
   * artists or credits moves `catalog_version`, so visibility never lags. What listening changes
   * (play counts, their order, monthly listeners) is refreshed once `rankingCacheMs` has passed,
   * in two small reads instead of a rebuild; followers and the caller's own follow are read on
   * every request. Pages are held rendered and packed (artist-pages.ts), weighed by their packed
   * bytes, oldest out first. (A page of a changed catalog is replaced when next asked for; until
   * then it only takes room.)
   */
  private readonly artistPages: BoundedMap<number, CachedArtistPage>;

  /** `catalog_version`: moves with every change to songs, albums, artists and credits. */
  catalogVersion(): Promise<number> {
    return this.catalog.catalogVersion();
  }

  /** The version with when the catalog last changed (ms since 1970), read together. */
  catalogChange(): Promise<{ version: number; changedAt: number }> {
    return this.catalog.catalogChange();
  }

  /** An artist page: the artist, its songs most played first, and whether the caller follows. */
  async artistDetail(id: number, callerId: number | null): Promise<ArtistDetail> {
    return artistDetailOf(...(await this.renderedArtistPage(id, callerId)));
  }

  /** The artist page as its JSON response, in the web app's shape or the original client's. */
  async artistPageJson(
    id: number,
    callerId: number | null,
    shape: 'page' | 'originalClient',
  ): Promise<string> {
    const page = await this.renderedArtistPage(id, callerId);
    return shape === 'page' ? artistPageJson(...page) : originalClientArtistJson(...page);
  }

  private async renderedArtistPage(
    id: number,
    callerId: number | null,
  ): Promise<[page: RenderedArtistPage, followers: number, following: boolean]> {
    const [{ page, followers }, following] = await Promise.all([
      this.currentArtistPage(id),
      callerId === null ? false : this.catalog.isFollowing(callerId, id),
    ]);
    return [page, followers, following];
  }

  /** The artist's page as cached, refreshed or built, with its followers as they are now. */
  private async currentArtistPage(
    id: number,
  ): Promise<{ page: RenderedArtistPage; followers: number }> {
    const ttl = this.options.rankingCacheMs;
    if (ttl <= 0 || cacheOff('artist-pages')) {
      const { built, followers } = await this.buildArtistPage(id);
      return { page: renderArtistPage(built), followers };
    }
    const now = Date.now();
    // One read tells whether a cached page still stands and gives the followers, which a page
    // shows as they are on every request.
    const { version, followers } = await this.catalog.versionAndFollowers(id);
    const cached = this.artistPages.get(id);
    let built: BuiltArtistPage;
    if (cached?.version === version) {
      const page = unpackArtistPage(cached.packed);
      if (now - cached.at < ttl) return { page, followers };
      const refreshed = await this.refreshArtistPage(id, builtArtistPage(page));
      // Listening that has not moved leaves the packed page as it is: only its time is new.
      if (!refreshed) {
        this.artistPages.set(id, { ...cached, at: now });
        return { page, followers };
      }
      built = refreshed;
    } else {
      built = (await this.buildArtistPage(id)).built;
    }
    const rendered = renderArtistPage(built);
    this.artistPages.set(id, { version, at: now, packed: packArtistPage(rendered) });
    return { page: rendered, followers };
  }

  private async buildArtistPage(
    id: number,
  ): Promise<{ built: BuiltArtistPage; followers: number }> {
    const row = await this.catalog.findArtistWithStats(id, isoDaysAgo(MONTHLY_WINDOW_DAYS));
    if (!row) throw notFound('Artist not found');
    const songRows = await this.catalog.songsOfArtist(id, ARTIST_SONGS);
    // The page lists every listed song unless there are more than it shows.
    const songCount =
      songRows.length < ARTIST_SONGS ? songRows.length : await this.catalog.listedSongCount(id);
    const one = (n: number | null) => new Map([[id, Number(n ?? 0)]]);
    const { followers, ...artist } = presentArtist(row, {
      followers: one(row.followers),
      monthlyListeners: one(row.listeners),
      songCounts: one(songCount),
    });
    return { built: { artist, newestFirst: await this.presentSongs(songRows) }, followers };
  }

  /**
   * The page again with today's play counts and monthly listeners, or null when none of them
   * moved.
   */
  private async refreshArtistPage(
    id: number,
    { artist, newestFirst }: BuiltArtistPage,
  ): Promise<BuiltArtistPage | null> {
    const [row, plays] = await Promise.all([
      this.catalog.findArtistWithStats(id, isoDaysAgo(MONTHLY_WINDOW_DAYS)),
      this.catalog.playCounts(newestFirst.map((song) => song._id)),
    ]);
    if (!row) throw notFound('Artist not found');
    const monthlyListeners = Number(row.listeners ?? 0);
    let moved = monthlyListeners !== artist.monthlyListeners;
    const songs = newestFirst.map((song) => {
      const now = plays.get(song._id) ?? 0;
      if (now === song.plays) return song;
      moved = true;
      return { ...song, plays: now };
    });
    return moved ? { artist: { ...artist, monthlyListeners }, newestFirst: songs } : null;
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

  /**
   * Presents song rows with their artists and play counts in at most two queries, whatever the
   * count; rows read through the repository's song reads carry both, and then need none.
   */
  async presentSongs(rows: SongRecord[]): Promise<Song[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const carried = rows.every((row) => row.plays !== undefined);
    const credits = rows.map(carriedArtists);
    const [artists, plays] = await Promise.all([
      credits.includes(null) ? this.catalog.artistsOfSongs(ids) : null,
      carried ? null : this.catalog.playCounts(ids),
    ]);
    const bySong = artists ? groupArtists(artists) : null;
    return rows.map((row, i) =>
      presentSong(
        row,
        credits[i] ?? bySong?.get(row.id) ?? [],
        plays ? (plays.get(row.id) ?? 0) : Number(row.plays ?? 0),
      ),
    );
  }

  /**
   * The paged lists' totals (listed songs, enabled artists, listed albums), counted
   * once per `catalog_version`: a count reads every row of a large catalog, and anything that
   * changes what a list holds moves the version in the same transaction, so a total is never
   * stale. The version is read before the count, so a count taken during a change is redone.
   */
  private readonly listTotals: BoundedMap<PagedList, { version: number; total: Promise<number> }>;

  private async total(list: PagedList, count: () => Promise<number>): Promise<number> {
    if (cacheOff('list-totals')) return count();
    const version = await this.catalog.catalogVersion();
    const cached = this.listTotals.get(list);
    if (cached?.version === version) return cached.total;
    const total = count();
    this.listTotals.set(list, { version, total });
    // A failed count is not cached: the next request counts again.
    total.catch(() => {
      if (this.listTotals.get(list)?.total === total) this.listTotals.delete(list);
    });
    return total;
  }

  /** How many songs listeners may see (counted once per catalog version). */
  listedSongCount(): Promise<number> {
    return this.total('songs', () => this.catalog.countSongs());
  }

  /** How many artists are enabled (counted once per catalog version). */
  enabledArtistCount(): Promise<number> {
    return this.total('artists', () => this.catalog.countArtists());
  }

  /** Listed songs per album, for album cards. */
  albumSongCounts(albumIds: number[]): Promise<Map<number, number>> {
    return this.catalog.albumSongCounts(albumIds);
  }

  /**
   * Monthly listeners count distinct listeners over thousands of plays for a popular artist, so
   * with reuse on (rankingCacheMs) a count is cached that long per artist; followers stay exact.
   */
  private readonly listenersCache: BoundedMap<number, { at: number; n: number }>;

  /** Artists with their followers, monthly listeners and listed songs, counted as read. */
  async presentArtists(rows: ArtistRecord[], now = Date.now()): Promise<Artist[]> {
    const ids = rows.map((row) => row.id);
    const ttl = cacheOff('monthly-listeners') ? 0 : this.options.rankingCacheMs;
    const fresh = (id: number) => {
      const hit = this.listenersCache.get(id);
      return hit && now - hit.at < ttl ? hit : undefined;
    };
    const missing = ttl > 0 ? ids.filter((id) => !fresh(id)) : ids;
    // Rows read by id carry their followers (CatalogRepository.artistsByIds).
    const stats = await this.artistStats.forArtists(ids, isoDaysAgo(MONTHLY_WINDOW_DAYS), {
      listenersOf: missing,
      followersOf: rows.filter((row) => row.followers === undefined).map((row) => row.id),
    });
    for (const row of rows) {
      if (row.followers !== undefined) stats.followers.set(row.id, Number(row.followers ?? 0));
    }
    if (ttl > 0) {
      for (const id of missing) {
        this.listenersCache.set(id, { at: now, n: stats.monthlyListeners.get(id) ?? 0 });
      }
      // A count the full budget could not keep is used as read.
      for (const id of ids) {
        stats.monthlyListeners.set(id, fresh(id)?.n ?? stats.monthlyListeners.get(id) ?? 0);
      }
    }
    return rows.map((row) => presentArtist(row, stats));
  }

  async listSongs(request: PageRequest): Promise<PageOf<Song>> {
    const offset = (request.page - 1) * request.limit;
    const [rows, total] = await Promise.all([
      this.catalog.listSongs(offset, request.limit),
      this.listedSongCount(),
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
      this.enabledArtistCount(),
    ]);
    return pageOf(await this.presentArtists(rows), request, total);
  }

  async listAlbums(request: PageRequest): Promise<PageOf<Album>> {
    const offset = (request.page - 1) * request.limit;
    const [rows, total] = await Promise.all([
      this.catalog.listAlbums(offset, request.limit),
      this.total('albums', () => this.catalog.countAlbums()),
    ]);
    const counts = await this.albumSongCounts(rows.map((row) => row.id));
    return pageOf(
      rows.map((row) => presentAlbum(row, counts.get(row.id) ?? 0)),
      request,
      total,
    );
  }

  /** The stored audio of a song listeners may play. */
  async streamable(id: number): Promise<StoredAudio> {
    const row = await this.catalog.findListedSong(id);
    if (!row) throw notFound('Song not found');
    return {
      title: row.title,
      key: row.audio_key,
      mime: row.audio_mime,
      codec: row.audio_codec ?? null,
      bitrate: row.audio_bitrate ?? null,
      duration: row.duration,
    };
  }
}
