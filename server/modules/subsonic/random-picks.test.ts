import { describe, expect, it } from 'vitest';
import { pickAtRandom } from './random-picks.ts';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('pickAtRandom', () => {
  it('picks distinct ids of the lists, never the one left out', () => {
    const lists = [Int32Array.from(range(0, 5000)), range(5000, 5010)];
    for (let run = 0; run < 20; run++) {
      const picked = pickAtRandom(lists, 50, 7);
      expect(picked).toHaveLength(50);
      expect(new Set(picked).size).toBe(50);
      expect(picked).not.toContain(7);
      for (const id of picked) expect(id >= 0 && id < 5010).toBe(true);
    }
  });

  it('gives every id its chance, wherever it is in the lists', () => {
    const seen = new Set<number>();
    for (let run = 0; run < 1000; run++) {
      for (const id of pickAtRandom([range(0, 300), range(300, 400)], 10)) seen.add(id);
    }
    // 1,000 runs of 10 among 400 ids: each id is missed by all of them with a chance of e^-25.
    expect(seen.size).toBe(400);
  });

  it('shuffles a few candidates whole, each once, and returns fewer when fewer are there', () => {
    const picked = pickAtRandom(
      [
        [1, 2, 3],
        [3, 4],
      ],
      10,
      2,
    );
    expect([...picked].sort()).toEqual([1, 3, 4]);
    expect(pickAtRandom([], 10)).toEqual([]);
  });

  it('stops drawing when the lists repeat one another', () => {
    const same = range(0, 100);
    // 500 candidates, but only 100 distinct ids for 120 picks: the draws end, and what they
    // found is distinct (nearly all of the 100, after 960 draws).
    const picked = pickAtRandom([same, same, same, same, same], 120);
    expect(new Set(picked).size).toBe(picked.length);
    expect(picked.length).toBeGreaterThan(90);
    expect(picked.length).toBeLessThanOrEqual(100);
  });

  it('follows the random source it is given', () => {
    let next = 0;
    const steps = [0.0, 0.5, 0.99];
    const random = () => steps[next++ % steps.length]!;
    expect(pickAtRandom([range(0, 1000)], 3, undefined, random)).toEqual([0, 500, 990]);
  });
});
