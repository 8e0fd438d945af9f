import { describe, expect, it } from 'vitest';
import { nextRange, rowRange } from './virtual-rows.ts';

const view = { viewHeight: 800, rowHeight: 56, count: 5000, overscan: 8 };

describe('rowRange', () => {
  it('takes only the rows in view of a list of thousands, plus the overscan below', () => {
    // The list starts 400 px down the view: rows 0–7 show, then 8 more.
    expect(rowRange({ ...view, listTop: 400 })).toEqual({ start: 0, end: 16 });
  });

  it('follows the scroll, with the overscan on both sides', () => {
    // Scrolled 100,000 px into the list: row 1785 is at the top, 15 rows fill 800 px.
    expect(rowRange({ ...view, listTop: -100_000 })).toEqual({ start: 1777, end: 1808 });
  });

  it('stops at the ends of the list', () => {
    expect(rowRange({ ...view, listTop: -5000 * 56 + 300 })).toEqual({ start: 4986, end: 5000 });
    expect(rowRange({ ...view, listTop: 2000 })).toEqual({ start: 0, end: 0 });
    expect(rowRange({ ...view, listTop: -10 * 56 * 5000 })).toEqual({ start: 5000, end: 5000 });
    expect(rowRange({ ...view, count: 3, listTop: 0 })).toEqual({ start: 0, end: 3 });
  });
});

describe('nextRange', () => {
  it('keeps the rendered rows while they still hold every row in view', () => {
    // Mounted with a screenful; the list turns out to start 400 px down.
    const first = { start: 0, end: 15 };
    expect(nextRange(first, { ...view, listTop: 400 })).toBe(first);
    // A small scroll stays inside the margin.
    const scrolled = { start: 100, end: 131 };
    expect(nextRange(scrolled, { ...view, listTop: -108 * 56 })).toBe(scrolled);
  });

  it('moves to the rows in view plus the overscan once a row in view is missing', () => {
    const scrolled = { start: 100, end: 131 };
    expect(nextRange(scrolled, { ...view, listTop: -120 * 56 })).toEqual({ start: 112, end: 143 });
    expect(nextRange(scrolled, { ...view, listTop: -95 * 56 })).toEqual({ start: 87, end: 118 });
    // Rows 114–128 in view are all rendered, but the margin below is down to two rows: it moves
    // before a missing row can reach the screen.
    expect(nextRange(scrolled, { ...view, listTop: -114 * 56 })).toEqual({ start: 106, end: 137 });
  });

  it('narrows a range far wider than the screen, and one past the end of a list that shrank', () => {
    expect(nextRange({ start: 0, end: 500 }, { ...view, listTop: 0 })).toEqual({
      start: 0,
      end: 23,
    });
    expect(nextRange({ start: 0, end: 23 }, { ...view, count: 5, listTop: 0 })).toEqual({
      start: 0,
      end: 5,
    });
  });
});
