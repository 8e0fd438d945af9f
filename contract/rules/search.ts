import { firstCharacters } from './text.ts';

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

/** The longest query searched, in characters as people count them (code points). */
export const SEARCH_QUERY_MAX = 200;

/**
 * `text` cut to SEARCH_QUERY_MAX characters: a link may carry a longer query than the box lets
 * anyone type. Cut between code points, so no half of an emoji is left to break the address.
 */
export const clipSearchQuery = (text: string): string => firstCharacters(text, SEARCH_QUERY_MAX);

/**
 * The words of a query, folded; anything but letters and digits separates words. 'and' among
 * other words is left out: titles write it as often as '&', which is no word, so 'simon and
 * garfunkel' must find 'Simon & Garfunkel' (and still finds 'Simon and Garfunkel', which holds
 * the other words too). Alone, it is a word start like any other ('and' finds 'Andante'). A
 * possessive 's is left out too ('rust's' finds 'Rust & Bone'); indexes read "Rust's" as 'rust'
 * and 's', so the word itself still finds it.
 */
export function searchTerms(query: string, max = 8): string[] {
  const words = foldSearchText(query)
    .replace(/(?<=[\p{L}\p{N}])['’]s(?![\p{L}\p{N}])/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0);
  const meaningful = words.filter((term) => term !== 'and');
  return (meaningful.length > 0 ? meaningful : words).slice(0, max);
}

// Three rolling rows of the edit matrix, grown as needed: typo correction compares a query word
// with thousands of indexed words, and allocating a matrix for each was most of its cost.
let older = new Int32Array(64);
let previous = new Int32Array(64);
let current = new Int32Array(64);

/** Damerau–Levenshtein distance (adjacent swaps count as one edit), capped at `max + 1`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  if (current.length < width) {
    older = new Int32Array(width * 2);
    previous = new Int32Array(width * 2);
    current = new Int32Array(width * 2);
  }
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j < width; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, older[j - 2]! + 1);
      }
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    const spare = older;
    older = previous;
    previous = current;
    current = spare;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** How many typos a word of this length may carry and still match. */
export function allowedTypos(term: string): number {
  if (term.length >= 8) return 2;
  if (term.length >= 4) return 1;
  return 0;
}

/** How many recent searches are stored per listener, newest first. */
export const RECENT_SEARCHES_MAX = 10;
