import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.ts';

describe('BoundedMap', () => {
  it('lets the oldest entries go when a new one does not fit', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('counts each entry by its weight, and a replaced entry as new', () => {
    const map = new BoundedMap<string, number[]>(5, (list) => list.length);
    map.set('a', [1, 2]);
    map.set('b', [1, 2]);
    // 'a' set again is the newest: 'b' is the oldest now.
    map.set('a', [1]);
    map.set('c', [1, 2, 3]);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([[1], undefined, [1, 2, 3]]);
  });
});
