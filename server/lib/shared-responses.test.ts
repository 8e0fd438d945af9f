import { describe, expect, it } from 'vitest';
import { ByteBudget } from './cache-budget.ts';
import { type SharedResponse, SharedResponseCache } from './shared-responses.ts';

/** A cache on a clock the test moves, and a renderer that counts its renderings. */
function setup(budgetBytes = 1_000) {
  const clock = { now: 0 };
  const budget = new ByteBudget(budgetBytes);
  const cache = new SharedResponseCache(budget, 10_000, () => clock.now);
  let renderings = 0;
  const render = async (): Promise<SharedResponse> => {
    renderings++;
    return { body: Buffer.from(`[${renderings}]`), headers: { 'x-total-count': renderings } };
  };
  return { clock, budget, cache, render, renderings: () => renderings };
}

describe('SharedResponseCache', () => {
  it('gives every caller the same response while the version stands and it is young enough', async () => {
    const { clock, cache, render, renderings } = setup();
    const first = await cache.get('page 1', 7, render);
    clock.now = 10_000;
    expect(await cache.get('page 1', 7, render)).toBe(first);
    expect(renderings()).toBe(1);
    // Another key is another response.
    await cache.get('page 2', 7, render);
    expect(renderings()).toBe(2);
  });

  it('renders again at a new catalog version, and once the response is too old', async () => {
    const { clock, cache, render, renderings } = setup();
    await cache.get('page 1', 7, render);
    expect((await cache.get('page 1', 8, render)).body.toString()).toBe('[2]');
    clock.now = 10_001;
    expect((await cache.get('page 1', 8, render)).body.toString()).toBe('[3]');
    expect(renderings()).toBe(3);
  });

  it('has callers that arrive during a rendering wait for it', async () => {
    const { cache, render, renderings } = setup();
    const all = await Promise.all([1, 2, 3, 4].map(() => cache.get('page 1', 7, render)));
    expect(renderings()).toBe(1);
    expect(new Set(all).size).toBe(1);
  });

  it('keeps no failed rendering', async () => {
    const { cache, render, renderings } = setup();
    const failing = () => Promise.reject(new Error('database unreachable'));
    await expect(cache.get('page 1', 7, failing)).rejects.toThrow('database unreachable');
    await cache.get('page 1', 7, render);
    expect(renderings()).toBe(1);
  });

  it('holds responses within its byte budget, oldest out first', async () => {
    // Each body is 3 bytes: two fit in 7.
    const { budget, cache, render, renderings } = setup(7);
    await cache.get('a', 1, render);
    await cache.get('b', 1, render);
    await cache.get('c', 1, render);
    expect(budget.used).toBe(6);
    await cache.get('c', 1, render);
    await cache.get('b', 1, render);
    expect(renderings()).toBe(3);
    await cache.get('a', 1, render);
    expect(renderings()).toBe(4);
  });
});
