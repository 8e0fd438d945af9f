import { describe, expect, it } from 'vitest';
import {
  allowedTypos,
  clipSearchQuery,
  editDistance,
  foldSearchText,
  searchTerms,
} from './search.ts';

/** The textbook full-matrix Damerau–Levenshtein (optimal string alignment), uncapped. */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

describe('editDistance', () => {
  it('counts each kind of typo as one edit', () => {
    expect(editDistance('beethoven', 'beethoven')).toBe(0);
    expect(editDistance('beethoven', 'beethovn')).toBe(1); // dropped
    expect(editDistance('beethoven', 'beethooven')).toBe(1); // doubled
    expect(editDistance('beethoven', 'beehtoven')).toBe(1); // swapped
    expect(editDistance('beethoven', 'beethaven')).toBe(1); // wrong
    expect(editDistance('ocean', 'ocein', 1)).toBe(1);
  });

  it('stops at max + 1', () => {
    expect(editDistance('river', 'rover', 0)).toBe(1);
    expect(editDistance('summer', 'winter', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('agrees with the full matrix on random words, short and long', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const word = (length: number) =>
      Array.from({ length }, () => 'abcde'[Math.floor(random() * 5)]).join('');
    for (let n = 0; n < 2000; n++) {
      const a = word(Math.floor(random() * 10));
      const b = random() < 0.5 ? word(Math.floor(random() * 10)) : a.slice(1) + word(1);
      const max = Math.floor(random() * 4);
      expect(editDistance(a, b, max)).toBe(Math.min(reference(a, b), max + 1));
    }
    // Words longer than the rows first kept: the rows grow and results stay right.
    const long = word(150);
    const changed = `${long.slice(0, 70)}x${long.slice(71)}`;
    expect(editDistance(long, changed, 2)).toBe(1);
    expect(editDistance('ab', 'ba', 2)).toBe(1);
  });
});

describe('search terms', () => {
  it('fold case, accents and hand-mapped letters, and split on anything else', () => {
    expect(foldSearchText('Zoë CAFÉ Łódź')).toBe('zoe cafe lodz');
    expect(searchTerms('  Café-Lumière!! 2024 ')).toEqual(['cafe', 'lumiere', '2024']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });

  it("leave out a possessive 's, which titles may not have", () => {
    expect(searchTerms("Rust's")).toEqual(['rust']);
    expect(searchTerms('don’s song')).toEqual(['don', 'song']);
    expect(searchTerms("rock 'n' roll")).toEqual(['rock', 'n', 'roll']);
    expect(searchTerms("'s")).toEqual(['s']);
  });

  it('cut a query to 200 characters, never inside one', () => {
    expect(clipSearchQuery('x'.repeat(300))).toBe('x'.repeat(200));
    expect(clipSearchQuery('🎵'.repeat(201))).toBe('🎵'.repeat(200));
    expect(clipSearchQuery('short')).toBe('short');
  });

  it("leave out 'and' among other words, as titles write '&' for it", () => {
    expect(searchTerms('Simon and Garfunkel')).toEqual(['simon', 'garfunkel']);
    expect(searchTerms('Simon & Garfunkel')).toEqual(['simon', 'garfunkel']);
    expect(searchTerms('rock AND')).toEqual(['rock']);
    expect(searchTerms('And')).toEqual(['and']);
    expect(searchTerms('and and')).toEqual(['and', 'and']);
    expect(searchTerms('andante and')).toEqual(['andante']);
  });

  it('allow typos by word length', () => {
    expect(allowedTypos('abc')).toBe(0);
    expect(allowedTypos('abcd')).toBe(1);
    expect(allowedTypos('abcdefgh')).toBe(2);
  });
});
