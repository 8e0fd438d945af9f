import type { Album, Artist, Song } from '../../../contract/catalog.ts';
import type { PlaylistHit, SearchResults } from '../../../contract/listening.ts';
import { searchTerms } from '../../../contract/rules/search.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { type ByteBudget, PRESENTED_ITEM_BYTES } from '../../lib/cache-budget.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { CardCache } from './card-cache.ts';
import type { SearchHits, SearchRepository } from './search.repository.ts';

const total = (hits: SearchHits) =>
  hits.songs.length + hits.artists.length + hits.albums.length + hits.playlists.length;

interface CachedResponse {
  version: number;
  at: number;
  response: Omit<SearchResults, 'q' | 'playlists'>;
  playlistIds: number[];
}

export class SearchService {
  /**
   * @param maxAgeMs how long a response is reused for the same words (0: never). Search-as-you-type
   * sends the same few first letters from every listener ('l', 'lo', 'lov'); a response is cached
   * while the catalog is unchanged (`catalog_version`), so a hidden song or disabled artist never
   * shows, and its playlists are re-read each time, so a playlist made private drops out at once.
   * Play counts, and a playlist newly made public or renamed, may take `maxAgeMs` to show.
   */
  constructor(
    private readonly index: SearchRepository,
    private readonly catalog: CatalogService,
    private readonly playlists: (ids: number[]) => Promise<PlaylistHit[]>,
    private readonly maxAgeMs: number,
    /** What responses and cards may hold (the app's `caches.searchResults`). */
    budget: ByteBudget,
  ) {
    // A response holds the same card objects the card caches hold: it weighs its own lists, and
    // its cards once more, as they outlive the cards' eviction.
    this.cached = new BoundedMap(
      budget,
      ({ response }) =>
        (response.songs.length + response.artists.length + response.albums.length) *
        PRESENTED_ITEM_BYTES,
    );
    this.songCards = new CardCache((ids) => catalog.songsInOrder(ids), maxAgeMs, budget);
    this.artistCards = new CardCache(
      (ids, version) => catalog.artistsInOrder(ids, version),
      maxAgeMs,
      budget,
    );
    this.albumCards = new CardCache((ids) => catalog.albumsInOrder(ids), maxAgeMs, budget);
  }

  private readonly cached: BoundedMap<string, CachedResponse>;
  private readonly songCards: CardCache<Song>;
  private readonly artistCards: CardCache<Artist>;
  private readonly albumCards: CardCache<Album>;

  /**
   * Songs, artists, albums and public playlists whose names start with the query's words (in any
   * order). Songs whose title, artists and album hold the words between them follow the songs
   * matched by title ('kingston rust': 'Rust & Bone' by Kingston Lowlands), then songs of the
   * best-matching artist. When nothing matches, a second pass allows a typo per word.
   */
  async search(query: string, limit: number): Promise<SearchResults> {
    const terms = searchTerms(query);
    const empty = { q: query, songs: [], artists: [], albums: [], playlists: [] };
    if (terms.length === 0) return empty;
    if (this.maxAgeMs <= 0) return (await this.find(terms, limit)).response(query);
    const key = `${limit} ${terms.join(' ')}`;
    const version = await this.catalog.catalogVersion();
    const now = Date.now();
    const cached = this.cached.get(key);
    if (cached && cached.version === version && now - cached.at < this.maxAgeMs) {
      return { q: query, ...cached.response, playlists: await this.playlists(cached.playlistIds) };
    }
    const found = await this.find(terms, limit, version);
    this.cached.set(key, { version, at: now, ...found.cached });
    return found.response(query);
  }

  /** `version`: `catalog_version` as read before the search, if it was. */
  private async find(terms: string[], limit: number, version?: number) {
    let hits = await this.index.search(terms, limit);
    // Read only when titles leave room: a title match always ranks above a match by credits.
    if (hits.songs.length < limit) {
      const across = await this.index.songsAcross(terms, limit);
      hits = { ...hits, songs: [...new Set([...hits.songs, ...across])].slice(0, limit) };
    }
    if (total(hits) === 0) hits = await this.index.fuzzy(terms, limit);
    const [songs, artists, albums, playlists, byArtist] = await Promise.all([
      this.songCards.inOrder(hits.songs, version),
      this.artistCards.inOrder(hits.artists, version),
      this.albumCards.inOrder(hits.albums, version),
      this.playlists(hits.playlists),
      hits.artists[0] !== undefined && hits.songs.length < limit
        ? this.catalog.songsOfArtist(hits.artists[0], limit)
        : Promise.resolve([]),
    ]);
    const seen = new Set(songs.map((song) => song._id));
    for (const song of byArtist) {
      if (songs.length >= limit) break;
      if (!seen.has(song._id)) songs.push(song);
    }
    return {
      cached: { response: { songs, artists, albums }, playlistIds: hits.playlists },
      response: (q: string): SearchResults => ({ q, songs, artists, albums, playlists }),
    };
  }
}
