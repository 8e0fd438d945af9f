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
    await cache.cards([1, 2], 1, now);
    await cache.cards([2, 3], 1, now);
    expect(state.cardReads).toEqual([[1, 2], [3]]);

    state.titles.set(2, 'Renamed');
    state.hidden.add(3);
    const moved = await cache.cards([2, 3], 2, now);
    expect(state.cardReads.at(-1)).toEqual([2, 3]);
    expect(moved.get(2)?.title).toBe('Renamed');
    expect(moved.has(3)).toBe(false);
  });

  it('shows a card\u2019s plays as read until they are older than the window, then reads the plays alone', async () => {
    const { state, source } = albums();
    const cache = new AlbumCardCache(source, new ByteBudget(1e6), PLAYS_MAX_AGE_MS);
    const now = Date.now();
    await cache.cards([1, 2], 1, now);
    state.plays.set(1, 5);
    expect((await cache.cards([1], 1, now + PLAYS_MAX_AGE_MS - 1)).get(1)?.play_count).toBe(0);
    expect(state.playReads).toEqual([]);

    const later = await cache.cards([1, 2], 1, now + PLAYS_MAX_AGE_MS);
    expect(later.get(1)?.play_count).toBe(5);
    expect(state.playReads).toEqual([[1, 2]]);
    expect(state.cardReads).toHaveLength(1);
    // The plays read are cached with their time: the next request within the window reads none.
    expect((await cache.cards([1], 1, now + PLAYS_MAX_AGE_MS + 1)).get(1)?.play_count).toBe(5);
    expect(state.playReads).toHaveLength(1);
  });

  it('keeps no card when the budget is nothing: every request reads them', async () => {
    const { state, source } = albums();
    const cache = new AlbumCardCache(source, new ByteBudget(0), PLAYS_MAX_AGE_MS);
    await cache.cards([1], 1);
    await cache.cards([1], 1);
    expect(state.cardReads).toEqual([[1], [1]]);
  });
});
