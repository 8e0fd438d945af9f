import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ByteBudget } from '../../lib/cache-budget.ts';
import { type Format, type Node, responseText, Slot } from './protocol.ts';
import { CatalogResponseCache } from './subsonic.cache.ts';
import type { CatalogOrder, Page } from './subsonic.repository.ts';

const STAR = '2026-01-01T00:00:00.000Z';

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
    const cache = new CatalogResponseCache(source, new ByteBudget(1024 * 1024));
    expect(await cache.page('songsById', { offset: 1, limit: 2 })).toEqual([3, 9]);
    expect(await cache.page('songsById', { offset: 3, limit: 5 })).toEqual([1]);
    expect(state.fullReads).toBe(1);
    state.ids = [5, 3];
    state.version = 2;
    expect(await cache.page('songsById', { offset: 1, limit: 2 })).toEqual([3]);
    expect(state.fullReads).toBe(2);
  });

  it('reads pages from the database when a list does not fit its budget', async () => {
    const { state, source } = catalog(Array.from({ length: 1000 }, (_, i) => i + 1));
    const cache = new CatalogResponseCache(source, new ByteBudget(1024));
    expect(await cache.page('songsById', { offset: 10, limit: 2 })).toEqual([11, 12]);
    expect(await cache.page('songsById', { offset: 20, limit: 2 })).toEqual([21, 22]);
    expect(state).toMatchObject({ fullReads: 1, pageReads: 1 });
  });

  it.each(['json', 'xml'] as Format[])(
    'splices each caller’s stars into one %s rendering, as if rendered for them',
    async (format) => {
      const { state, source } = catalog([]);
      const cache = new CatalogResponseCache(source, new ByteBudget(1024 * 1024));
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
