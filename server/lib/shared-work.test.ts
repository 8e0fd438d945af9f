import { describe, expect, it } from 'vitest';
import { SharedWork } from './shared-work.ts';

describe('SharedWork', () => {
  it('runs a key once while it is under way, then again when asked after', async () => {
    const work = new SharedWork<string, number>();
    let runs = 0;
    const count = () => Promise.resolve(++runs);
    const [a, b] = await Promise.all([work.run('k', count), work.run('k', count)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect(await work.run('k', count)).toBe(2);
    expect(await work.run('other', count)).toBe(3);
  });

  it('shares a failure with every caller, and lets the next ask try again', async () => {
    const work = new SharedWork<string, number>();
    const fail = () => Promise.reject(new Error('no'));
    const results = await Promise.allSettled([work.run('k', fail), work.run('k', fail)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await work.run('k', () => Promise.resolve(7))).toBe(7);
  });
});
