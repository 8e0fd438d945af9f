import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ByteBudget } from '../../lib/cache-budget.ts';
import { type Format, type Node, responseText, Slot } from './protocol.ts';
import { CatalogResponseCache } from './subsonic.cache.ts';
import type { CatalogOrder, Page } from './subsonic.repository.ts';

const STAR = '2026-01-01T00:00:00.000Z';
const PLAYS_MAX_AGE_MS = 10_000;

/** The catalog's share and the genres', of `bytes` each unless told. */
const shares = (bytes: number, genreBytes = bytes) => ({
  catalog: new ByteBudget(bytes),
  genres: new ByteBudget(genreBytes),
});

/** A catalog of `ids` whose version the test moves, counting full reads and page reads. */
function catalog(ids: number[]) {
  const state = { version: 1, ids, fullReads: 0, pageReads: 0 };
  const source = {
    version: async () => state.version,
    idsInOrder: async (_order: CatalogOrder, page?: Page) => {
      if (!page) {
        state.fullReads++;
        return [...state.ids];
      }
      state.pageReads++;
      return state.ids.slice(page.offset, page.offset + page.limit);
    },
  };
  return { state, source };
}

const artists = (names: string[]): Node => ({
  artists: {
    ignoredArticles: '',
    index: [
      {
        name: 'A',
        artist: names.map((name, i) => ({ id: String(i + 1), name, starred: new Slot(i + 1) })),
      },
    ],
  },
});

describe('The Subsonic catalog cache', () => {
  it('pages ids from one read per catalog version', async () => {
    const { state, source } = catalog([5, 3, 9, 1]);
    const cache = new CatalogResponseCache(source, shares(1024 * 1024), PLAYS_MAX_AGE_MS);
    expect(await cache.page('songsById', { offset: 1, limit: 2 })).toEqual([3, 9]);
    expect(await cache.page('songsById', { offset: 3, limit: 5 })).toEqual([1]);
    expect(state.fullReads).toBe(1);
    state.ids = [5, 3];
    state.version = 2;
    expect(await cache.page('songsById', { offset: 1, limit: 2 })).toEqual([3]);
    expect(state.fullReads).toBe(2);
  });

  it('reads the order by plays again once it is older than the plays may be, at one version', async () => {
    const { state, source } = catalog([7, 4]);
    const cache = new CatalogResponseCache(source, shares(1024 * 1024), PLAYS_MAX_AGE_MS);
    const page = { offset: 0, limit: 5 };
    const start = 1_000_000;
    expect(await cache.page('albumsByPlays', page, 1, start)).toEqual([7, 4]);
    state.ids = [4, 7];
    expect(await cache.page('albumsByPlays', page, 1, start + PLAYS_MAX_AGE_MS - 1)).toEqual([
      7, 4,
    ]);
    expect(await cache.page('albumsByPlays', page, 1, start + PLAYS_MAX_AGE_MS)).toEqual([4, 7]);
    expect(state.fullReads).toBe(2);
    // An order of the catalog alone stands for as long as its version.
    await cache.page('albumsByTitle', page, 1, start);
    await cache.page('albumsByTitle', page, 1, start + 100 * PLAYS_MAX_AGE_MS);
    expect(state.fullReads).toBe(3);
  });

  it('holds each genre’s order apart, and none for a genre no album has', async () => {
    const { state, source } = catalog([3, 1]);
    const cache = new CatalogResponseCache(source, shares(1024 * 1024), PLAYS_MAX_AGE_MS);
    const page = { offset: 0, limit: 5 };
    expect(await cache.page({ albumsOfGenre: 'Jazz' }, page, 1)).toEqual([3, 1]);
    state.ids = [1];
    expect(await cache.page({ albumsOfGenre: 'Jazz' }, page, 1)).toEqual([3, 1]);
    expect(await cache.page({ albumsOfGenre: 'Jazz Fusion' }, page, 1)).toEqual([1]);
    expect(state.fullReads).toBe(2);
    state.ids = [];
    await cache.page({ albumsOfGenre: 'No Such Genre' }, page, 1);
    await cache.page({ albumsOfGenre: 'No Such Genre' }, page, 1);
    expect(state.fullReads).toBe(4);
  });

  it('holds genres’ orders in a share of their own, so they never crowd out the catalog’s', async () => {
    const { state, source } = catalog(Array.from({ length: 200 }, (_, i) => i + 1));
    // Room for the catalog's order of 200 ids beside nothing much; genres have theirs.
    const cache = new CatalogResponseCache(source, shares(1200, 1200), PLAYS_MAX_AGE_MS);
    const page = { offset: 0, limit: 5 };
    await cache.page('songsById', page, 1);
    for (let i = 0; i < 20; i++) await cache.page({ songsOfGenre: `Genre ${i}` }, page, 1);
    const reads = state.fullReads;
    await cache.page('songsById', page, 1);
    expect(state.fullReads).toBe(reads);
  });

  it('weighs again, at a later version, an order that did not fit', async () => {
    const { state, source } = catalog(Array.from({ length: 1000 }, (_, i) => i + 1));
    const cache = new CatalogResponseCache(source, shares(1024), PLAYS_MAX_AGE_MS);
    const page = { offset: 0, limit: 2 };
    await cache.page('songsById', page, 1);
    state.ids = [1, 2];
    await cache.page('songsById', page, 2);
    await cache.page('songsById', page, 2);
    // Read whole at each version, then held at the second, where it fits.
    expect(state).toMatchObject({ fullReads: 2, pageReads: 0 });
  });

  it('weighs a genre’s name with its order', async () => {
    const { state, source } = catalog([3, 1]);
    // Room for one order of two ids under a short name, not under a long one.
    const cache = new CatalogResponseCache(source, shares(400), PLAYS_MAX_AGE_MS);
    const page = { offset: 0, limit: 5 };
    await cache.page({ albumsOfGenre: 'Jazz' }, page, 1);
    await cache.page({ albumsOfGenre: 'Jazz' }, page, 1);
    expect(state.fullReads).toBe(1);
    const long = { albumsOfGenre: 'J'.repeat(200) };
    await cache.page(long, page, 1);
    await cache.page(long, page, 1);
    expect(state).toMatchObject({ fullReads: 2, pageReads: 1 });
  });

  it('reads pages from the database when a list does not fit its budget', async () => {
    const { state, source } = catalog(Array.from({ length: 1000 }, (_, i) => i + 1));
    const cache = new CatalogResponseCache(source, shares(1024), PLAYS_MAX_AGE_MS);
    expect(await cache.page('songsById', { offset: 10, limit: 2 })).toEqual([11, 12]);
    expect(await cache.page('songsById', { offset: 20, limit: 2 })).toEqual([21, 22]);
    expect(state).toMatchObject({ fullReads: 1, pageReads: 1 });
  });

  it.each(['json', 'xml'] as Format[])(
    'splices each caller’s stars into one %s rendering, as if rendered for them',
    async (format) => {
      const { state, source } = catalog([]);
      const cache = new CatalogResponseCache(source, shares(1024 * 1024), PLAYS_MAX_AGE_MS);
      let renders = 0;
      const payload = async () => {
        renders++;
        return artists(['Ada', 'Émile & co', 'Zoë']);
      };
      const stars = new Map([
        [3, STAR],
        [2, STAR],
        [404, STAR],
      ]);
      const mine = await cache.response('getArtists', format, payload, stars);
      const expected = responseText(format, {
        artists: {
          ignoredArticles: '',
          index: [
            {
              name: 'A',
              artist: [
                { id: '1', name: 'Ada' },
                { id: '2', name: 'Émile & co', starred: STAR },
                { id: '3', name: 'Zoë', starred: STAR },
              ],
            },
          ],
        },
      });
      expect(mine.bytes().toString()).toBe(expected);
      // The gzip, made from the blocks compressed once, holds the same caller's stars.
      expect(gunzipSync(mine.gzip?.() ?? Buffer.alloc(0)).toString()).toBe(expected);
      const none = await cache.response('getArtists', format, payload, new Map());
      const shared = responseText(format, artists(['Ada', 'Émile & co', 'Zoë']));
      expect(none.bytes().toString()).toBe(shared);
      expect(gunzipSync(none.gzip?.() ?? Buffer.alloc(0)).toString()).toBe(shared);
      expect(renders).toBe(1);
      state.version = 2;
      await cache.response('getArtists', format, payload, new Map());
      expect(renders).toBe(2);
    },
  );
});
