import { describe, expect, it } from 'vitest';
import { countOf, formatCount, formatTotalDuration } from './format.ts';

describe('formatCount', () => {
  it('writes numbers as en-US Intl.NumberFormat does', () => {
    const intl = new Intl.NumberFormat('en-US');
    const values = [
      0,
      1,
      12,
      999,
      1000,
      1001,
      5000,
      12_345,
      999_999,
      1_000_000,
      1_234_567_890,
      2 ** 53 - 1,
      -1,
      -1234,
      -1_000_000,
      0.5,
      1.25,
      1234.5678,
      0.0004,
      -0.0004,
      999.9996,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    for (const value of values) expect(formatCount(value), String(value)).toBe(intl.format(value));
  });
});

describe('countOf', () => {
  it('says one in the singular and every other count in the plural, with separators', () => {
    expect(countOf(1, 'follower')).toBe('1 follower');
    expect(countOf(0, 'follower')).toBe('0 followers');
    expect(countOf(2, 'follower')).toBe('2 followers');
    expect(countOf(12_345, 'monthly listener')).toBe('12,345 monthly listeners');
    expect(countOf(1, 'Public Playlist')).toBe('1 Public Playlist');
  });
});

describe('formatTotalDuration', () => {
  it('writes totals in words, with no zero padding', () => {
    expect(formatTotalDuration(65)).toBe('1 min 5 sec');
    expect(formatTotalDuration(183)).toBe('3 min 3 sec');
    expect(formatTotalDuration(600)).toBe('10 min 0 sec');
    expect(formatTotalDuration(59)).toBe('59 sec');
    expect(formatTotalDuration(0)).toBe('0 sec');
    expect(formatTotalDuration(3900)).toBe('1 hr 5 min');
    expect(formatTotalDuration(-3)).toBe('0 sec');
  });
});
