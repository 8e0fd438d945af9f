import { describe, expect, it } from 'vitest';
import { pageCount, pageFrom, pageWithin } from './paging.ts';

describe('pageCount', () => {
  it('counts a last page that is not full', () => {
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
  });

  it('is one for an empty list, which shows on its one page', () => {
    expect(pageCount(0, 20)).toBe(1);
  });
});

describe('pageWithin', () => {
  it('keeps a page the list still has', () => {
    expect(pageWithin(2, 21, 20)).toBe(2);
    expect(pageWithin(1, 0, 20)).toBe(1);
  });

  it('goes back to the last page when the rows of the page asked for left', () => {
    expect(pageWithin(2, 20, 20)).toBe(1);
    expect(pageWithin(3, 40, 20)).toBe(2);
    expect(pageWithin(3, 0, 20)).toBe(1);
  });
});

describe('pageFrom', () => {
  it('reads the page an address names', () => {
    expect(pageFrom('2')).toBe(2);
  });

  it('is the first page for none, or for what is no page', () => {
    for (const text of [null, '', '0', '-1', '1.5', 'two', '1e400']) {
      expect(pageFrom(text)).toBe(1);
    }
  });
});
