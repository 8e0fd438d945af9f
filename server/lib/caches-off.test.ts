import { describe, expect, it } from 'vitest';
import { CACHE_NAMES, cacheOff, parseCachesOff } from './caches-off.ts';

describe('the benchmark switch CHORUS_BENCH_NO_CACHE', () => {
  it('names the caches to turn off, comma-separated, spaces ignored', () => {
    expect([...parseCachesOff('home-snapshot, genre-list,,')]).toEqual([
      'home-snapshot',
      'genre-list',
    ]);
    expect(parseCachesOff('').size).toBe(0);
    expect(parseCachesOff(undefined).size).toBe(0);
  });

  it('refuses a name that is no cache, listing the ones there are', () => {
    expect(() => parseCachesOff('genre-list,everything')).toThrow(
      /no cache called everything; the caches are home-snapshot, /,
    );
  });

  it('leaves every cache on when unset, as outside the benchmark', () => {
    expect(process.env.CHORUS_BENCH_NO_CACHE).toBeUndefined();
    expect(CACHE_NAMES.filter(cacheOff)).toEqual([]);
  });
});
