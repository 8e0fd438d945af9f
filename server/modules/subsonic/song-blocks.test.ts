import { describe, expect, it } from 'vitest';
import { ByteBudget } from '../../lib/cache-budget.ts';
import { type Node, OpenEntry, responseText } from './protocol.ts';
import { BLOCK_SONGS, SongBlockCache } from './song-blocks.ts';

/** A catalog of `count` songs by id, whose titles and listing the test changes, counting reads. */
function catalog(count: number) {
  const state = {
    ids: Array.from({ length: count }, (_, i) => i + 1),
    titles: new Map<number, string>(),
    hidden: new Set<number>(),
    reads: [] as number[][],
    idReads: [] as { offset: number; limit: number }[],
  };
  const source = {
    idsAt: async (page: { offset: number; limit: number }) => {
      state.idReads.push(page);
      return state.ids.slice(page.offset, page.offset + page.limit);
    },
    entries: async (ids: number[]) => {
      state.reads.push(ids);
      return new Map<number, Node>(
        ids
          .filter((id) => !state.hidden.has(id))
          .map((id) => [
            id,
            { id: String(id), title: state.titles.get(id) ?? `Song ${id}`, isDir: false },
          ]),
      );
    },
  };
  return { state, source };
}

/** A page's entries finished with `tail` and sent in `format`, parsed back where JSON. */
function sent(format: 'json' | 'xml', heads: { head: string | Uint8Array }[], tail: Node = {}) {
  const song = heads.map(({ head }) => new OpenEntry(head, tail));
  return responseText(format, { searchResult3: { song } });
}

const songsOf = (text: string): Node[] =>
  JSON.parse(text)['subsonic-response'].searchResult3.song ?? [];

describe('song blocks', () => {
  it('serves any page from blocks read once per catalog version', async () => {
    const { state, source } = catalog(3 * BLOCK_SONGS);
    const cache = new SongBlockCache(source, new ByteBudget(1e6));
    // A page across two blocks reads both, and only them, together.
    const page = await cache.page('json', { offset: BLOCK_SONGS - 2, limit: 5 }, 1);
    expect(page.map((song) => song.id)).toEqual([49, 50, 51, 52, 53]);
    expect(state.reads.map((ids) => [ids[0], ids.length])).toEqual([[1, 2 * BLOCK_SONGS]]);
    expect(songsOf(sent('json', page)).map((song) => song.title)).toEqual([
      'Song 49',
      'Song 50',
      'Song 51',
      'Song 52',
      'Song 53',
    ]);
    // Again at the same version: no read.
    await cache.page('json', { offset: 10, limit: 60 }, 1);
    expect(state.reads).toHaveLength(1);
    // The catalog moves: a block is read again when next asked for, with what changed.
    state.titles.set(12, 'Renamed');
    const moved = await cache.page('json', { offset: 11, limit: 1 }, 2);
    expect(state.reads).toHaveLength(2);
    expect(songsOf(sent('json', moved))[0]).toMatchObject({ id: '12', title: 'Renamed' });
  });

  it('reads the blocks a page lacks together: their ids in one read, their songs in one', async () => {
    const { state, source } = catalog(12 * BLOCK_SONGS);
    const cache = new SongBlockCache(source, new ByteBudget(1e6));
    const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
    // A cold page over ten blocks.
    const page = await cache.page('json', { offset: 0, limit: 10 * BLOCK_SONGS }, 1);
    expect(page.map((song) => song.id)).toEqual(ids(1, 10 * BLOCK_SONGS));
    expect(songsOf(sent('json', page)).map((song) => song.title)).toEqual(
      ids(1, 10 * BLOCK_SONGS).map((id) => `Song ${id}`),
    );
    expect(state.reads).toEqual([ids(1, 10 * BLOCK_SONGS)]);
    expect(state.idReads).toEqual([{ offset: 0, limit: 10 * BLOCK_SONGS }]);
    // Each block is held on its own: a page within them reads nothing.
    await cache.page('json', { offset: 3 * BLOCK_SONGS + 7, limit: 2 * BLOCK_SONGS }, 1);
    expect(state.reads).toHaveLength(1);
    // Blocks held amid missing ones: only the missing are read, still in one read each.
    const xml = new SongBlockCache(source, new ByteBudget(1e6));
    await xml.page('xml', { offset: 2 * BLOCK_SONGS, limit: 1 }, 1);
    state.reads = [];
    state.idReads = [];
    const across = await xml.page('xml', { offset: 0, limit: 4 * BLOCK_SONGS }, 1);
    expect(across.map((song) => song.id)).toEqual(ids(1, 4 * BLOCK_SONGS));
    expect(state.reads).toEqual([
      [...ids(1, 2 * BLOCK_SONGS), ...ids(3 * BLOCK_SONGS + 1, BLOCK_SONGS)],
    ]);
    expect(state.idReads).toHaveLength(1);
  });

  it('reads no block twice for overlapping pages at once, each reading what it lacks together', async () => {
    const { state, source } = catalog(20 * BLOCK_SONGS);
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const cache = new SongBlockCache(
      {
        idsAt: source.idsAt,
        entries: async (ids) => {
          await held;
          return source.entries(ids);
        },
      },
      new ByteBudget(1e6),
    );
    // Blocks 0 to 9, then, while they are read, blocks 5 to 15.
    const earlier = cache.page('json', { offset: 0, limit: 10 * BLOCK_SONGS }, 1);
    const later = cache.page('json', { offset: 5 * BLOCK_SONGS + 10, limit: 10 * BLOCK_SONGS }, 1);
    release();
    const [first, second] = await Promise.all([earlier, later]);
    const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
    expect(first.map((song) => song.id)).toEqual(ids(1, 10 * BLOCK_SONGS));
    expect(second.map((song) => song.id)).toEqual(ids(5 * BLOCK_SONGS + 11, 10 * BLOCK_SONGS));
    const read = state.reads.flat();
    expect(new Set(read).size).toBe(read.length);
    expect(state.reads.map((ids) => [ids[0], ids.length])).toEqual([
      [1, 10 * BLOCK_SONGS],
      [10 * BLOCK_SONGS + 1, 6 * BLOCK_SONGS],
    ]);
  });

  it('fails every request sharing a failed read, and reads afresh when next asked', async () => {
    const { state, source } = catalog(3 * BLOCK_SONGS);
    let failing = true;
    let failedReads = 0;
    const cache = new SongBlockCache(
      {
        idsAt: source.idsAt,
        entries: async (ids) => {
          if (failing) {
            failedReads++;
            throw new Error('database unavailable');
          }
          return source.entries(ids);
        },
      },
      new ByteBudget(1e6),
    );
    // The second page's only block is being read by the first: it waits on that read.
    const pages = [
      cache.page('json', { offset: 0, limit: 2 * BLOCK_SONGS }, 1),
      cache.page('json', { offset: BLOCK_SONGS, limit: BLOCK_SONGS }, 1),
    ];
    for (const page of pages) await expect(page).rejects.toThrow('database unavailable');
    expect(failedReads).toBe(1);
    failing = false;
    const page = await cache.page('json', { offset: 0, limit: 2 * BLOCK_SONGS }, 1);
    expect(page).toHaveLength(2 * BLOCK_SONGS);
    expect(state.reads).toHaveLength(1);
  });

  it('leaves out songs no longer listed, keeping every other song in its place', async () => {
    const { state, source } = catalog(BLOCK_SONGS);
    state.hidden.add(3);
    const cache = new SongBlockCache(source, new ByteBudget(1e6));
    const page = await cache.page('json', { offset: 1, limit: 4 }, 1);
    expect(page.map((song) => song.id)).toEqual([2, 4, 5]);
    // Past the end of the order: nothing, and no failure.
    expect(await cache.page('json', { offset: BLOCK_SONGS + 10, limit: 5 }, 1)).toEqual([]);
    expect(await cache.page('json', { offset: 0, limit: 0 }, 1)).toEqual([]);
  });

  it('writes each format apart, each entry finished per response with its own fields', async () => {
    const { state, source } = catalog(4);
    state.titles.set(2, 'Rock & "Roll" <Live>');
    const cache = new SongBlockCache(source, new ByteBudget(1e6));
    const json = await cache.page('json', { offset: 1, limit: 1 }, 1);
    const xml = await cache.page('xml', { offset: 1, limit: 1 }, 1);
    expect(state.reads).toHaveLength(2);
    const tail = { playCount: 7, starred: '2026-01-01T00:00:00.000Z' };
    expect(songsOf(sent('json', json, tail))).toEqual([
      { id: '2', title: 'Rock & "Roll" <Live>', isDir: false, ...tail },
    ]);
    expect(sent('xml', xml, { playCount: 0, starred: undefined })).toContain(
      '<song id="2" title="Rock &amp; &quot;Roll&quot; &lt;Live&gt;" isDir="false" playCount="0"/>',
    );
  });

  it('holds what fits its budget, least recently used out first, and serves nothing without one', async () => {
    const { state, source } = catalog(4 * BLOCK_SONGS);
    const budget = new ByteBudget(1e6);
    const cache = new SongBlockCache(source, budget);
    await cache.page('json', { offset: 0, limit: BLOCK_SONGS }, 1);
    const oneBlock = budget.used;
    expect(oneBlock).toBeGreaterThan(0);
    // Room for two blocks: a third pushes out the least recently used.
    const small = new ByteBudget(2 * oneBlock + 100);
    const bounded = new SongBlockCache(source, small);
    state.reads = [];
    for (const offset of [0, BLOCK_SONGS, 0, 2 * BLOCK_SONGS, 0, BLOCK_SONGS]) {
      await bounded.page('json', { offset, limit: 1 }, 1);
    }
    expect(small.used).toBeLessThanOrEqual(small.limit);
    expect(state.reads.map((ids) => ids[0])).toEqual([1, 51, 101, 51]);
    expect(new SongBlockCache(source, new ByteBudget(0)).serves).toBe(false);
    expect(bounded.serves).toBe(true);
  });

  it('holds no block past the end, reads a block once for requests at once, and keeps the newest', async () => {
    const { state, source } = catalog(BLOCK_SONGS);
    const budget = new ByteBudget(1e6);
    const cache = new SongBlockCache(source, budget);
    expect(await cache.page('json', { offset: 1_000_000, limit: 50 }, 1)).toEqual([]);
    expect(budget.used).toBe(0);
    // Three requests for one block at once: one read.
    state.reads = [];
    await Promise.all([0, 10, 20].map((offset) => cache.page('json', { offset, limit: 5 }, 1)));
    expect(state.reads).toHaveLength(1);
    // A read at version 2 that ends after one at version 3 leaves version 3's block held.
    let release = () => {};
    const slow = new SongBlockCache(
      {
        idsAt: source.idsAt,
        entries: async (ids) => {
          if (state.titles.get(1) === 'Slow') await new Promise<void>((done) => (release = done));
          return source.entries(ids);
        },
      },
      new ByteBudget(1e6),
    );
    state.titles.set(1, 'Slow');
    const older = slow.page('json', { offset: 0, limit: 1 }, 2);
    state.titles.set(1, 'Newer');
    await slow.page('json', { offset: 0, limit: 1 }, 3);
    release();
    await older;
    state.reads = [];
    const newest = await slow.page('json', { offset: 0, limit: 1 }, 3);
    expect(state.reads).toHaveLength(0);
    expect(songsOf(sent('json', newest))[0]).toMatchObject({ title: 'Newer' });
  });

  it('keeps entries apart whatever their characters take in UTF-8', async () => {
    const { state, source } = catalog(4);
    state.titles.set(2, 'Ünïcødé 🎵 — 東京');
    const cache = new SongBlockCache(source, new ByteBudget(1e6));
    const page = await cache.page('json', { offset: 0, limit: 4 }, 1);
    expect(songsOf(sent('json', page)).map((song) => song.title)).toEqual([
      'Song 1',
      'Ünïcødé 🎵 — 東京',
      'Song 3',
      'Song 4',
    ]);
  });
});
