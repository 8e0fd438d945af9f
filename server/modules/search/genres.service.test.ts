import { describe, expect, it } from 'vitest';
import { ByteBudget } from '../../lib/cache-budget.ts';
import { GenresService } from './genres.service.ts';

/** A genres service over a catalog at `version`, counting how often it counts. */
function setup(budgetBytes = 10_000) {
  const state = { version: 1, counts: 0, fail: false };
  const service = new GenresService(
    {
      counts: async () => {
        state.counts++;
        if (state.fail) throw new Error('the database is away');
        return [{ name: 'Pop', songCount: state.version }];
      },
      songIds: async () => [],
    },
    { catalogVersion: async () => state.version, songsInOrder: async () => [] },
    new ByteBudget(budgetBytes),
  );
  return { state, service };
}

describe('GenresService.list', () => {
  it('counts once per catalog version, however many ask at once', async () => {
    const { state, service } = setup();
    const lists = await Promise.all([service.list(), service.list(), service.list()]);
    expect(lists.map((list) => list.items[0]?.songCount)).toEqual([1, 1, 1]);
    expect(await service.list()).toEqual({ items: [{ name: 'Pop', songCount: 1 }] });
    expect(state.counts).toBe(1);
    state.version = 2;
    expect((await service.list()).items[0]?.songCount).toBe(2);
    expect(state.counts).toBe(2);
  });

  it('caches no failed count, and nothing beyond its budget', async () => {
    const failing = setup();
    failing.state.fail = true;
    await expect(failing.service.list()).rejects.toThrow('the database is away');
    failing.state.fail = false;
    expect((await failing.service.list()).items).toHaveLength(1);
    expect(failing.state.counts).toBe(2);

    const cramped = setup(10);
    await cramped.service.list();
    await cramped.service.list();
    expect(cramped.state.counts).toBe(2);
  });
});
