/** Seconds as m:ss; minutes are not padded, seconds always two digits. */
export function formatDuration(totalSeconds: number): string {
  const safe = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${seconds.toString().padStart(2, '0')}`;
}

/** Minutes, a colon, then two digits with the first 0-5 (e.g. 3:45). */
export const DURATION_PATTERN = /^(\d{1,3}):([0-5]\d)$/;

export function parseDuration(text: string): number | null {
  const match = DURATION_PATTERN.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Longer totals, e.g. a playlist's, read better as '1 hr 5 min' than as m:ss. Words need no
 * padding: '1 min 5 sec', as Spotify writes it.
 */
export function formatTotalDuration(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const seconds = safe % 60;
  if (hours > 0) return `${hours} hr ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${seconds} sec`;
  return `${seconds} sec`;
}

/**
 * Numbers with thousands separators, as en-US writes them (1,234,567; up to three
 * decimals). Plain code, not Intl.NumberFormat: creating one costs a page load ICU set-up before
 * the first row can show.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  const [whole = '0', fraction] = rounded.toString().split('.');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** A count and its noun, singular for exactly one: '1 follower', '1,204 followers'. */
export function countOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}
