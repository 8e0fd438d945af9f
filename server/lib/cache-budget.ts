/**
 * The memory Chorus's in-process caches may hold, in bytes: `CACHE_MB` in all, shared out by
 * kind. Every cache of one kind draws on that kind's budget, however many services keep one, so
 * the total holds whatever the number of instances.
 */
export class ByteBudget {
  /** Bytes held now by every cache drawing on this budget. */
  used = 0;

  constructor(readonly limit: number) {}
}

/**
 * Each kind's share of `CACHE_MB`. Artist pages and long playlists are what the catalog bench
 * rebuilds most without a cache; search keeps smaller answers for a few seconds.
 */
export const CACHE_SHARES = {
  /** Built artist pages (CatalogService.artistDetail). */
  artistPages: 0.3,
  /** SQLite's own cache of database pages (openDatabase). */
  databasePages: 0.25,
  /** Search answers for the same words, and result cards by id (SearchService, KeptCards). */
  searchResults: 0.2,
  /** Presented songs of long playlists (PlaylistSongsCache). */
  playlistSongs: 0.1,
  /** Indexed words for prefixes and typo corrections, and term counts (SearchRepository). */
  searchWords: 0.075,
  /** Song counts of artists and albums, and monthly listeners (CatalogService). */
  catalogCounts: 0.075,
} as const;

export type CacheBudgets = Record<keyof typeof CACHE_SHARES, ByteBudget>;

export function cacheBudgets(megabytes: number): CacheBudgets {
  const total = megabytes * 1024 * 1024;
  const budgets = {} as CacheBudgets;
  for (const [kind, share] of Object.entries(CACHE_SHARES) as [keyof CacheBudgets, number][]) {
    budgets[kind] = new ByteBudget(Math.floor(total * share));
  }
  return budgets;
}

/**
 * What a cached value takes in memory, estimated from its JSON text. Objects of short strings
 * and numbers take two to three times their JSON size in V8's heap; three keeps the estimate on
 * the safe side.
 */
export function estimatedBytes(value: unknown): number {
  return 64 + 3 * (JSON.stringify(value)?.length ?? 0);
}

/** A number, or a key and value of a Map: what a count cache keeps per entry. */
export const COUNT_ENTRY_BYTES = 80;
/** A short word (an indexed search word) in a kept list. */
export const WORD_BYTES = 48;
