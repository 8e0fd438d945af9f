/**
 * Search text is folded the same way on both sides of the index: lower case, accents removed,
 * and the few letters Unicode does not decompose mapped by hand. The database applies
 * FOLD_FROM → FOLD_TO with `translate()` (PostgreSQL) or its tokenizer (SQLite); queries go
 * through `foldSearchText` so 'zoe' finds 'Zoë' and 'CAFE' finds 'Café'.
 */
export const FOLD_FROM = 'àáâãäåāăąæçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőœŕřśšşßťùúûüūůűųýÿžźż';
export const FOLD_TO = 'aaaaaaaaaacccddeeeeeeeeiiiiiiilnnnooooooooorrsssstuuuuuuuuyyzzz';

const EXTRA: Record<string, string> = Object.fromEntries(
  [...FOLD_FROM].map((char, index) => [char, FOLD_TO[index]!]),
);

export function foldSearchText(text: string): string {
  return [...text.toLowerCase()]
    .map((char) => EXTRA[char] ?? char)
    .join('')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
}

/** The words of a query, folded; anything but letters and digits separates words. */
export function searchTerms(query: string, max = 8): string[] {
  return foldSearchText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, max);
}

/** Damerau–Levenshtein distance (adjacent swaps count as one edit), capped at `max + 1`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

/** How many typos a word of this length may carry and still match. */
export function allowedTypos(term: string): number {
  if (term.length >= 8) return 2;
  if (term.length >= 4) return 1;
  return 0;
}
