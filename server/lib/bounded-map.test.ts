import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.ts';
import { ByteBudget, CACHE_SHARES, cacheBudgets, textBytes } from './cache-budget.ts';

const one = () => 1;

describe('BoundedMap', () => {
  it('lets the least recently used entries go when a new one does not fit', () => {
    const map = new BoundedMap<string, number>(new ByteBudget(2), one);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, 2, 3]);
    // 'b' was read before 'c': reading 'b' again makes 'c' the one to go.
    map.get('b');
    expect(map.set('d', 4)).toBe(true);
    expect([map.get('b'), map.get('c'), map.get('d')]).toEqual([2, undefined, 4]);
  });

  it('keeps its entries when a new one could not fit even without them', () => {
    const budget = new ByteBudget(4);
    const other = new BoundedMap<string, number>(budget, (n) => n);
    const map = new BoundedMap<string, number>(budget, (n) => n);
    other.set('x', 3);
    map.set('a', 1);
    // 2 bytes beside the other map's 3 exceed 4 even with 'a' gone: 'a' stays.
    expect(map.set('b', 2)).toBe(false);
    expect([map.get('a'), map.get('b'), other.get('x'), budget.used]).toEqual([1, undefined, 3, 4]);
  });

  it('accounts for the bytes it holds, in itself and in the budget', () => {
    const budget = new ByteBudget(10);
    const map = new BoundedMap<string, string>(budget, (text) => text.length);
    map.set('a', 'xyz');
    map.set('b', 'xy');
    expect([map.size, map.bytes, budget.used]).toEqual([2, 5, 5]);
    map.set('a', 'x');
    expect([map.size, map.bytes, budget.used]).toEqual([2, 3, 3]);
    map.delete('b');
    map.delete('missing');
    expect([map.size, map.bytes, budget.used]).toEqual([1, 1, 1]);
  });

  it('counts each entry by its weight, and a replaced entry as new', () => {
    const map = new BoundedMap<string, number[]>(new ByteBudget(5), (list) => list.length);
    map.set('a', [1, 2]);
    map.set('b', [1, 2]);
    // 'a' set again is the newest: 'b' is the oldest now.
    map.set('a', [1]);
    map.set('c', [1, 2, 3]);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([[1], undefined, [1, 2, 3]]);
  });

  it('keeps nothing larger than its whole budget', () => {
    const budget = new ByteBudget(3);
    const map = new BoundedMap<string, number[]>(budget, (list) => list.length);
    map.set('a', [1]);
    expect(map.set('huge', [1, 2, 3, 4])).toBe(false);
    expect(map.get('huge')).toBeUndefined();
    // Refusing it costs the others nothing.
    expect(map.get('a')).toEqual([1]);
    expect(budget.used).toBe(1);
  });

  it('keeps the same entries as a plain list in use order, over many reads, sets and deletes', () => {
    // A model of the rule: an array from least to most recently used, trimmed from the front.
    const limit = 12;
    const map = new BoundedMap<number, number>(new ByteBudget(limit), (weight) => weight);
    const model: { key: number; weight: number }[] = [];
    const used = () => model.reduce((sum, entry) => sum + entry.weight, 0);
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor(seed / 65_536) % n;
    };
    for (let step = 0; step < 5_000; step++) {
      const key = next(10);
      const action = next(4);
      const index = model.findIndex((entry) => entry.key === key);
      if (action === 0) {
        const weight = 1 + next(4);
        map.set(key, weight);
        if (index >= 0) model.splice(index, 1);
        while (model.length > 0 && used() + weight > limit) model.shift();
        model.push({ key, weight });
      } else if (action === 1) {
        map.delete(key);
        if (index >= 0) model.splice(index, 1);
      } else {
        expect(map.get(key)).toBe(index >= 0 ? model[index]!.weight : undefined);
        if (index >= 0) model.push(...model.splice(index, 1));
      }
      expect([map.size, map.bytes]).toEqual([model.length, used()]);
    }
    // Every entry the model holds is there, read oldest first (each read moves it to the end).
    for (const { key, weight } of [...model]) expect(map.get(key)).toBe(weight);
  });

  it('starts afresh once cleared, and lets a peek leave the use order as it is', () => {
    const budget = new ByteBudget(2);
    const map = new BoundedMap<string, number>(budget, one);
    map.set('a', 1);
    map.set('b', 2);
    map.clear();
    map.set('c', 3);
    map.set('d', 4);
    map.set('e', 5);
    expect([map.get('c'), map.get('d'), map.get('e')]).toEqual([undefined, 4, 5]);
    expect([map.size, map.bytes, budget.used]).toEqual([2, 2, 2]);
    // 'd' peeked at is still the older of the two: it goes first.
    expect(map.peek('d')).toBe(4);
    map.set('f', 6);
    expect([map.peek('d'), map.peek('e'), map.peek('f')]).toEqual([undefined, 5, 6]);
  });

  it('shares one budget between maps, and gives the bytes back when cleared', () => {
    const budget = new ByteBudget(4);
    const first = new BoundedMap<string, number>(budget, () => 2);
    const second = new BoundedMap<string, number>(budget, () => 2);
    first.set('a', 1);
    first.set('b', 2);
    // The budget is full: the second map has nothing of its own to let go.
    second.set('c', 3);
    expect(second.get('c')).toBeUndefined();
    first.clear();
    expect(budget.used).toBe(0);
    second.set('c', 3);
    expect(second.get('c')).toBe(3);
    expect(budget.used).toBe(2);
  });
});

describe('cache budgets', () => {
  it('weigh a text of Latin-1 characters at a byte each, any other at two', () => {
    expect(textBytes('Caf\u00e9 No\u00ebl')).toBe(9);
    expect(textBytes('Caf\u00e9 \u6771\u4eac')).toBe(14);
    expect(textBytes('')).toBe(0);
  });

  it('share CACHE_MB out by kind, never more than it in all', () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const budgets = cacheBudgets(32, dialect);
      const total = Object.values(budgets).reduce((sum, budget) => sum + budget.limit, 0);
      expect(total).toBeLessThanOrEqual(32 * 1024 * 1024);
      expect(total).toBeGreaterThan(31 * 1024 * 1024);
      const none = Object.values(cacheBudgets(0, dialect));
      expect(none.every((budget) => budget.limit === 0)).toBe(true);
    }
  });

  it('give the SQLite page-cache share to the search words on PostgreSQL', () => {
    const sqlite = cacheBudgets(64, 'sqlite');
    const postgres = cacheBudgets(64, 'postgres');
    expect(sqlite.databasePages.limit).toBeGreaterThan(0);
    expect(postgres.databasePages.limit).toBe(0);
    expect(postgres.searchWords.limit).toBe(
      Math.floor((CACHE_SHARES.searchWords + CACHE_SHARES.databasePages) * 64 * 1024 * 1024),
    );
  });
});
