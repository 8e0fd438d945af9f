/**
 * The memory Chorus's in-process caches may hold, in bytes: `CACHE_MB` in all, shared out by
 * kind. Every cache of one kind draws on that kind's budget, however many services hold one, so
 * the total holds whatever the number of instances.
 */
export class ByteBudget {
  /** Bytes held now by every cache drawing on this budget. */
  used = 0;

  constructor(readonly limit: number) {}
}

/**
 * Each kind's share of `CACHE_MB`. An artist page costs about three times as much to build as
 * to serve from the cache, then a long playlist; SQLite's page cache serves searches' index reads above
 * all (the catalog's pages come as fast from the system's file cache); search keeps its
 * result cards a few seconds.
 */
export const CACHE_SHARES = {
  /** Built artist pages (CatalogService.artistDetail). */
  artistPages: 0.15,
  /** The public unpaged lists rendered once for every caller (SharedResponseCache). */
  sharedResponses: 0.075,
  /** Presented songs of long playlists (PlaylistSongsCache). */
  playlistSongs: 0.17,
  /** Search result cards by id (CardCache). */
  searchCards: 0.09,
  /** SQLite's own cache of database pages (openDatabase). */
  databasePages: 0.1,
  /** Indexed words for prefixes and typo corrections, and term counts (SearchRepository). */
  searchWords: 0.09,
  /**
   * Monthly listeners and the paged lists' totals (CatalogService), "Fans also like" ids
   * (RelatedService), the genre list (GenresService).
   */
  catalogCounts: 0.04,
  /**
   * The Subsonic API's catalog ids in fixed orders, and getArtists and getIndexes rendered. Apart
   * from the cards and the song blocks: many of those must never leave no room for the few large
   * entries.
   */
  subsonicCatalog: 0.04,
  /**
   * The Subsonic API's orders of each genre asked for (albums, songs): apart from the catalog's
   * orders and responses, which a map of any genre an app asks for must never crowd out.
   */
  subsonicGenres: 0.01,
  /** The Subsonic API's album and artist cards, with their entries written (entry-cards.ts). */
  subsonicCards: 0.12,
  /** The Subsonic API's song entries in the order apps sync, written and deflated (song-blocks.ts). */
  subsonicSongBlocks: 0.08,
  /**
   * The web app's files, read and compressed once (webAppRoutes): the whole build fits, weighed at
   * twice its size.
   */
  webAppFiles: 0.035,
} as const;

export type CacheBudgets = Record<keyof typeof CACHE_SHARES, ByteBudget>;

/**
 * The budgets of `megabytes` in all. PostgreSQL keeps database pages on its own server, so there
 * SQLite's share goes to the search words instead: each word list it spares is a round trip.
 */
export function cacheBudgets(megabytes: number, dialect: 'sqlite' | 'postgres'): CacheBudgets {
  const total = megabytes * 1024 * 1024;
  const shares: Record<keyof CacheBudgets, number> = { ...CACHE_SHARES };
  if (dialect === 'postgres') {
    shares.searchWords += shares.databasePages;
    shares.databasePages = 0;
  }
  const budgets = {} as CacheBudgets;
  for (const [kind, share] of Object.entries(shares) as [keyof CacheBudgets, number][]) {
    budgets[kind] = new ByteBudget(Math.floor(total * share));
  }
  return budgets;
}

/**
 * A presented song (or artist) held as objects: about 700 bytes measured for a typical one, so
 * a list of them is weighed by its count without writing it out as JSON.
 */
export const PRESENTED_ITEM_BYTES = 768;

/** What a text takes in memory: V8 keeps one of Latin-1 characters only in a byte each. */
export function textBytes(text: string): number {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return 2 * text.length;
  return text.length;
}

/**
 * A cached count under a number key, with when it was read: the map's entry, its record and their
 * share of the map's table (measured by `npm run bench -- cache-entries`, as are the two below).
 */
export const COUNT_ENTRY_BYTES = 168;
/**
 * A cached count held as a promise (shared by the searches that wait for it while it is read,
 * and held on once read) under a key of a search term's length.
 */
export const PROMISED_COUNT_BYTES = 296;
/** An id in a cached list of ids. */
export const ID_BYTES = 16;
/** A short word (an indexed search word) in a cached list. */
export const WORD_BYTES = 40;
