import { describe, expect, it } from 'vitest';
import { type FocusedRow, rowTakingFocus, sameControlLabel } from './row-focus.ts';

const songs = [{ _id: 1 }, { _id: 3 }, { _id: 4 }];
const left = (songId: number, index: number): FocusedRow => ({
  songId,
  index,
  title: 'Orbit',
  label: 'Remove Orbit from this playlist',
});

describe('a row leaving a list with the focus', () => {
  it('hands it to the row taking its place, else the one before, else none', () => {
    expect(rowTakingFocus(songs, left(2, 1))).toEqual({ _id: 3 });
    expect(rowTakingFocus(songs, left(5, 3))).toEqual({ _id: 4 });
    expect(rowTakingFocus([], left(2, 0))).toBeNull();
  });

  it('keeps it while the row is still in the list (the list only moved)', () => {
    expect(rowTakingFocus(songs, left(3, 0))).toBeNull();
  });

  it("names the same control in the other song's row", () => {
    expect(sameControlLabel(left(2, 1), 'Crosswinds')).toBe('Remove Crosswinds from this playlist');
    expect(sameControlLabel({ ...left(2, 1), label: null }, 'Crosswinds')).toBeNull();
  });
});
