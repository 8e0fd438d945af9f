import type { Album, Artist, Song } from '../../../contract/catalog.ts';
import type { PlaylistHit, SearchResults } from '../../../contract/listening.ts';
import { searchTerms } from '../../../contract/rules/search.ts';
import type { ByteBudget } from '../../lib/cache-budget.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { CardCache } from './card-cache.ts';
import { leadCreditsFirst } from './lead-credit.ts';
import type { SearchHits, SearchRepository } from './search.repository.ts';

const total = (hits: SearchHits) =>
  hits.songs.length + hits.artists.length + hits.albums.length + hits.playlists.length;

export class SearchService {
  /**
   * @param maxAgeMs how long a result card (song, artist, album) is reused (0: never; see
   * CardCache). Playlists are read for every search, so a playlist made public, renamed or made
   * private shows so at once.
   */
  constructor(
    private readonly index: SearchRepository,
    private readonly catalog: CatalogService,
    private readonly playlists: (ids: number[]) => Promise<PlaylistHit[]>,
    private readonly maxAgeMs: number,
    /** What the cards may hold (the app's `caches.searchCards`). */
    budget: ByteBudget,
  ) {
    this.songCards = new CardCache((ids) => catalog.songsInOrder(ids), maxAgeMs, budget);
    this.artistCards = new CardCache((ids) => catalog.artistsInOrder(ids), maxAgeMs, budget);
    this.albumCards = new CardCache((ids) => catalog.albumsInOrder(ids), maxAgeMs, budget);
  }

  private readonly songCards: CardCache<Song>;
  private readonly artistCards: CardCache<Artist>;
  private readonly albumCards: CardCache<Album>;

  /**
   * Songs, artists, albums and public playlists whose names start with the query's words (in any
   * order). Songs whose title, artists and album hold the words between them follow the songs
   * matched by title ('kingston rust': 'Rust & Bone' by Kingston Lowlands), those of the artist
   * the query names before those where that artist is a guest; then songs of the best-matching
   * artist. When nothing matches, a second pass allows a typo per word.
   */
  async search(query: string, limit: number, catalogVersion?: number): Promise<SearchResults> {
    const terms = searchTerms(query);
    if (terms.length === 0) return { q: query, songs: [], artists: [], albums: [], playlists: [] };
    const version = await this.cardsVersion(catalogVersion);
    const { hits, byCredits } = await this.hitsOf(terms, limit, version);
    const [found, artists, albums, playlists, byArtist] = await Promise.all([
      this.songCards.inOrder(hits.songs, version),
      this.artistCards.inOrder(hits.artists, version),
      this.albumCards.inOrder(hits.albums, version),
      this.playlists(hits.playlists),
      this.songsOfBestArtist(hits, limit),
    ]);
    const songs = songsInResultOrder(
      found.filter((song) => !byCredits.has(song._id)),
      leadCreditsFirst(
        found.filter((song) => byCredits.has(song._id)),
        terms,
      ),
      byArtist,
      limit,
    );
    return { q: query, songs, artists, albums, playlists };
  }

  /**
   * The ids of the songs, artists and albums `search` finds, in its order, for callers that write
   * their own entries of them (the Subsonic API): only the songs found by their credits are read,
   * to put their lead artists' first.
   */
  async searchIds(query: string, limit: number, catalogVersion?: number): Promise<SearchIds> {
    const terms = searchTerms(query);
    if (terms.length === 0) return { songs: [], artists: [], albums: [] };
    const version = await this.cardsVersion(catalogVersion);
    const { hits, byCredits } = await this.hitsOf(terms, limit, version);
    const [credited, byArtist] = await Promise.all([
      byCredits.size > 0 ? this.songCards.inOrder([...byCredits], version) : [],
      this.songsOfBestArtist(hits, limit),
    ]);
    const songs = songsInResultOrder(
      hits.songs.filter((id) => !byCredits.has(id)),
      leadCreditsFirst(credited, terms).map((song) => song._id),
      byArtist.map((song) => song._id),
      limit,
    );
    return { songs, artists: hits.artists, albums: hits.albums };
  }

  /**
   * The catalog version cards may be reused at: the one read before the search (by the caller,
   * when it gives one); none when cards are not reused.
   */
  private async cardsVersion(catalogVersion?: number): Promise<number | undefined> {
    if (this.maxAgeMs <= 0) return undefined;
    return catalogVersion ?? (await this.catalog.catalogVersion());
  }

  /**
   * The indexes' hits for `terms`, with the songs found by their credits rather than their title
   * (read only when titles leave room: a title match always ranks above a match by credits).
   * `version`: `catalog_version` as read before the search, if it was.
   */
  private async hitsOf(terms: string[], limit: number, version?: number) {
    let hits = await this.index.search(terms, limit, version);
    let byCredits = new Set<number>();
    if (hits.songs.length < limit) {
      const titled = new Set(hits.songs);
      const across = (await this.index.songsAcross(terms, limit, version))
        .filter((id) => !titled.has(id))
        .slice(0, limit - hits.songs.length);
      byCredits = new Set(across);
      hits = { ...hits, songs: [...hits.songs, ...across] };
    }
    if (total(hits) === 0) hits = await this.index.fuzzy(terms, limit);
    return { hits, byCredits };
  }

  /** Songs of the best-matching artist, when the songs found leave room for them. */
  private songsOfBestArtist(hits: SearchHits, limit: number): Promise<Song[]> {
    const best = hits.artists[0];
    return best !== undefined && hits.songs.length < limit
      ? this.catalog.songsOfArtist(best, limit)
      : Promise.resolve([]);
  }
}

/** Ids of what a search found, best first. */
export interface SearchIds {
  songs: number[];
  artists: number[];
  albums: number[];
}

/**
 * A search's songs: those found by title, then those found by credits, then the best artist's
 * songs not among them, up to `limit`.
 */
function songsInResultOrder<T extends Song | number>(
  titled: T[],
  credited: T[],
  byArtist: T[],
  limit: number,
): T[] {
  const idOf = (song: T) => (typeof song === 'number' ? song : song._id);
  const songs = [...titled, ...credited];
  const seen = new Set(songs.map(idOf));
  for (const song of byArtist) {
    if (songs.length >= limit) break;
    if (!seen.has(idOf(song))) songs.push(song);
  }
  return songs;
}
