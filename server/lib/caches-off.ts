/**
 * The in-process caches, by name, for benchmarks only: `npm run bench -- caches` starts servers
 * with `CHORUS_BENCH_NO_CACHE=<names, comma-separated>` to measure each path with and without
 * its cache on one build. Nothing else sets it: unset, every cache is on. It is read here and
 * nowhere else, once, when the server loads.
 */
export const CACHE_NAMES = [
  'home-snapshot',
  'play-days',
  'artist-pages',
  'list-totals',
  'monthly-listeners',
  'long-playlists',
  'fans-also-like',
  'genre-list',
  'search-cards',
  'search-words',
  'web-app-files',
  'public-lists',
  'subsonic-album-cards',
  'subsonic-artist-cards',
  'subsonic-song-blocks',
  'subsonic-song-cards',
] as const;

export type CacheName = (typeof CACHE_NAMES)[number];

const isCacheName = (name: string): name is CacheName =>
  (CACHE_NAMES as readonly string[]).includes(name);

/** The caches a `CHORUS_BENCH_NO_CACHE` value names; an unknown name stops the server. */
export function parseCachesOff(text: string | undefined): ReadonlySet<CacheName> {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  const unknown = names.filter((name) => !isCacheName(name));
  if (unknown.length > 0) {
    throw new Error(
      `CHORUS_BENCH_NO_CACHE names no cache called ${unknown.join(', ')}; the caches are ${CACHE_NAMES.join(', ')}`,
    );
  }
  return new Set(names.filter(isCacheName));
}

const off = parseCachesOff(process.env.CHORUS_BENCH_NO_CACHE);

/** Whether a benchmark turned cache `name` off (never outside `npm run bench -- caches`). */
export function cacheOff(name: CacheName): boolean {
  return off.has(name);
}
