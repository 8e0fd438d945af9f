import { describe, expect, it } from 'vitest';
import { Tally } from './popularity.ts';

const counts = (pairs: [number, number][]) => ({
  ids: Int32Array.from(pairs.map(([id]) => id)),
  n: Int32Array.from(pairs.map(([, n]) => n)),
});

describe('Tally', () => {
  it('sums days and ranks by count, ties to the higher id', () => {
    const tally = new Tally();
    tally.add(
      counts([
        [1, 5],
        [2, 3],
        [3, 5],
      ]),
      1,
    );
    tally.add(
      counts([
        [2, 4],
        [4, 1],
      ]),
      1,
    );
    expect(tally.top(10)).toEqual([2, 3, 1, 4]);
    expect(tally.top(2)).toEqual([2, 3]);
    expect(tally.get(2)).toBe(7);
  });

  it('forgets a day that is taken away, dropping ids that reach zero', () => {
    const tally = new Tally();
    const day = counts([
      [1, 2],
      [2, 1],
    ]);
    tally.add(day, 1);
    tally.add(counts([[2, 5]]), 1);
    tally.add(day, -1);
    expect(tally.top(5)).toEqual([2]);
    expect(tally.size).toBe(1);
  });

  it('matches a full sort on many ids', () => {
    const tally = new Tally();
    const pairs: [number, number][] = Array.from({ length: 500 }, (_, i) => [i + 1, (i * 37) % 23]);
    tally.add(counts(pairs), 1);
    const expected = pairs
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || b[0] - a[0])
      .slice(0, 25)
      .map(([id]) => id);
    expect(tally.top(25)).toEqual(expected);
  });
});
