import { searchTerms } from '../../../contract/rules/search.ts';

/** What the rule reads of a song: its credits, the lead artist first. */
interface Credited {
  artist: readonly { name: string }[];
}

/** Whether every query term starts a word of `name`, as the indexes match words. */
function names(name: string, terms: readonly string[]): boolean {
  const words = searchTerms(name, Number.POSITIVE_INFINITY);
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}

/**
 * Songs found by their credits, the songs whose lead artist the query names first: a search for
 * an artist wants the artist's own songs before the duets where the artist is only a guest. Each
 * group keeps its rank order (the shorter title first).
 */
export function leadCreditsFirst<T extends Credited>(songs: readonly T[], terms: string[]): T[] {
  const led = songs.map(
    (song) => song.artist[0] !== undefined && names(song.artist[0].name, terms),
  );
  return [...songs.filter((_, at) => led[at]), ...songs.filter((_, at) => !led[at])];
}
