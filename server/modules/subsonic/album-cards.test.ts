import { describe, expect, it } from 'vitest';
import { ByteBudget } from '../../lib/cache-budget.ts';
import { AlbumCardCache } from './album-cards.ts';
import type { AlbumCardRecord } from './subsonic.repository.ts';

const PLAYS_MAX_AGE_MS = 10_000;

function card(id: number, plays: number, title = `Album ${id}`): AlbumCardRecord {
  return {
    id,
    title,
    artist_id: 1,
    artist_name: 'Artist',
    cover_key: null,
    year: 2020,
    created_at: '2026-01-01T00:00:00.000Z',
    song_count: 10,
    duration: 1800,
    play_count: plays,
    genre: 'Pop',
  };
}

/** Albums whose titles and plays the test changes, counting the reads of each kind. */
function albums() {
  const state = {
    titles: new Map<number, string>(),
    plays: new Map<number, number>(),
    hidden: new Set<number>(),
    cardReads: [] as number[][],
    playReads: [] as number[][],
  };
  const source = {
    cards: async (ids: number[]) => {
      state.cardReads.push(ids);
      return ids
        .filter((id) => !state.hidden.has(id))
        .map((id) => card(id, state.plays.get(id) ?? 0, state.titles.get(id)));
    },
    playCounts: async (ids: number[]) => {
      state.playReads.push(ids);
      return new Map(ids.map((id) => [id, state.plays.get(id) ?? 0]));
    },
  };
  return { state, source };
}

describe('album cards', () => {
  it('reads a card once per catalog version, and again when the version moves', async () => {
    const { state, source } = albums();
    const cache = new AlbumCardCache(source, new ByteBudget(1e6), PLAYS_MAX_AGE_MS);
    const now = Date.now();
    await cache.cards([1, 2], 1, 'json', now);
    await cache.cards([2, 3], 1, 'json', now);
    expect(state.cardReads).toEqual([[1, 2], [3]]);

    state.titles.set(2, 'Renamed');
    state.hidden.add(3);
    const moved = await cache.cards([2, 3], 2, 'json', now);
    expect(state.cardReads.at(-1)).toEqual([2, 3]);
    expect(moved.get(2)?.card.title).toBe('Renamed');
    expect(moved.has(3)).toBe(false);
  });

  it('shows a card\u2019s plays as read until they are older than the window, then reads the plays alone', async () => {
    const { state, source } = albums();
    const cache = new AlbumCardCache(source, new ByteBudget(1e6), PLAYS_MAX_AGE_MS);
    const now = Date.now();
    await cache.cards([1, 2], 1, 'json', now);
    state.plays.set(1, 5);
    expect(
      (await cache.cards([1], 1, 'json', now + PLAYS_MAX_AGE_MS - 1)).get(1)?.card.play_count,
    ).toBe(0);
    expect(state.playReads).toEqual([]);

    const later = await cache.cards([1, 2], 1, 'json', now + PLAYS_MAX_AGE_MS);
    expect(later.get(1)?.card.play_count).toBe(5);
    expect(state.playReads).toEqual([[1, 2]]);
    expect(state.cardReads).toHaveLength(1);
    // The plays read are cached with their time: the next request within the window reads none.
    expect(
      (await cache.cards([1], 1, 'json', now + PLAYS_MAX_AGE_MS + 1)).get(1)?.card.play_count,
    ).toBe(5);
    expect(state.playReads).toHaveLength(1);
  });

  it('keeps no card when the budget is nothing: every request reads them', async () => {
    const { state, source } = albums();
    const cache = new AlbumCardCache(source, new ByteBudget(0), PLAYS_MAX_AGE_MS);
    await cache.cards([1], 1, 'json');
    await cache.cards([1], 1, 'json');
    expect(state.cardReads).toEqual([[1], [1]]);
  });

  it('holds each card’s entry as written, weighing each format once it is written', async () => {
    const { state, source } = albums();
    const budget = new ByteBudget(1e6);
    const cache = new AlbumCardCache(source, budget, PLAYS_MAX_AGE_MS);
    const now = Date.now();
    const json = (await cache.cards([1], 1, 'json', now)).get(1)!.entry;
    expect(JSON.parse(json.output('json').text)).toMatchObject({ id: '1', playCount: 0 });
    const withJson = budget.used;
    const xml = (await cache.cards([1], 1, 'xml', now)).get(1)!.entry;
    expect(xml).toBe(json);
    expect(xml.output('xml').text).toMatch(/^<album id="1" name="Album 1" .*playCount="0"/);
    expect(budget.used - withJson).toBe(xml.output('xml').text.length);
    expect(state.cardReads).toHaveLength(1);

    state.plays.set(1, 7);
    const later = (await cache.cards([1], 1, 'xml', now + PLAYS_MAX_AGE_MS)).get(1)!.entry;
    expect(later.output('xml').text).toContain('playCount="7"');
  });
});
