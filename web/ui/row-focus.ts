/**
 * Where the focus goes when the song row holding it leaves its list (removed from a playlist,
 * unliked on Liked Songs): the same control of the row that takes its place, else of the row
 * before it (the list's last row went), else that row's first button. The browser would send it
 * to the page's body, and a keyboard listener would start again from the top of the page.
 */
export interface FocusedRow {
  songId: number;
  index: number;
  title: string;
  /** The focused control's label, which names the song ('Remove Orbit from this playlist'). */
  label: string | null;
}

/** The song whose row takes the focus once `left` is no longer in `songs`, else null. */
export function rowTakingFocus<T extends { _id: number }>(songs: T[], left: FocusedRow): T | null {
  if (songs.length === 0 || songs.some((song) => song._id === left.songId)) return null;
  return songs[Math.min(left.index, songs.length - 1)] ?? null;
}

/** The label of the same control in the row of the song titled `title`. */
export function sameControlLabel(left: FocusedRow, title: string): string | null {
  return left.label?.replace(left.title, title) ?? null;
}

/** Focuses, in `row`, the control labelled `label`, else the row's first button. */
export function focusInRow(row: HTMLElement, label: string | null): void {
  const controls = [...row.querySelectorAll<HTMLElement>('button, a[href]')];
  (
    controls.find((control) => control.getAttribute('aria-label') === label) ?? controls[0]
  )?.focus();
}
