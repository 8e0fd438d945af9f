import type { PlaylistHit, SearchResults } from '../../../contract/listening.ts';
import { searchTerms } from '../../../contract/rules/search.ts';

/** The one result the search page shows largest ("Top result"). */
export type TopResult =
  | { kind: 'artist'; item: SearchResults['artists'][number] }
  | { kind: 'song'; item: SearchResults['songs'][number] }
  | { kind: 'album'; item: SearchResults['albums'][number] }
  | { kind: 'playlist'; item: PlaylistHit };

/**
 * Whether `name` is what the query names: its words, folded, are the name's first words, the
 * last one possibly unfinished (being typed). `exact` asks for the whole name.
 */
export function namesIt(query: string[], name: string, exact = false): boolean {
  const words = searchTerms(name, Number.POSITIVE_INFINITY);
  if (query.length === 0 || query.length > words.length) return false;
  if (exact && query.length !== words.length) return false;
  return query.every((term, i) =>
    i === query.length - 1 && !exact ? words[i]!.startsWith(term) : words[i] === term,
  );
}

/**
 * The top result of a search, the same rule for every query:
 * 1. a result whose whole name the query spells out ('zoe armann', 'cafe del mar'), looking at
 *    artists, then songs, then albums, then playlists;
 * 2. else an artist whose name starts with the query ('zoe', 'kingston lo');
 * 3. else the first song (the best match: title matches rank above artist or album matches);
 * 4. else the first artist, album or playlist, in that order.
 * Results keep the server's order, so the first of a kind that qualifies wins.
 */
export function topResult(q: string, results: SearchResults): TopResult | null {
  const query = searchTerms(q, Number.POSITIVE_INFINITY);
  const spelled = (name: string) => namesIt(query, name, true);
  const artist = results.artists.find((item) => spelled(item.name));
  if (artist) return { kind: 'artist', item: artist };
  const song = results.songs.find((item) => spelled(item.title));
  if (song) return { kind: 'song', item: song };
  const album = results.albums.find((item) => spelled(item.title));
  if (album) return { kind: 'album', item: album };
  const playlist = results.playlists.find((item) => spelled(item.name));
  if (playlist) return { kind: 'playlist', item: playlist };
  const started = results.artists.find((item) => namesIt(query, item.name));
  if (started) return { kind: 'artist', item: started };
  const [first] = results.songs;
  if (first) return { kind: 'song', item: first };
  const [anyArtist] = results.artists;
  if (anyArtist) return { kind: 'artist', item: anyArtist };
  const [anyAlbum] = results.albums;
  if (anyAlbum) return { kind: 'album', item: anyAlbum };
  const [anyPlaylist] = results.playlists;
  return anyPlaylist ? { kind: 'playlist', item: anyPlaylist } : null;
}

/** The filter chips of the search page, as `?type=` holds them. */
export const SEARCH_TYPES = ['all', 'songs', 'artists', 'albums', 'playlists'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The chip a `?type=` value names; anything else is All. */
export function searchType(value: string | null): SearchType {
  return SEARCH_TYPES.find((type) => type === value) ?? 'all';
}
