import type { PlaylistHit, SearchResults } from '../../../contract/listening.ts';
import { searchTerms } from '../../../contract/rules/search.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { SearchHits, SearchRepository } from './search.repository.ts';

const total = (hits: SearchHits) =>
  hits.songs.length + hits.artists.length + hits.albums.length + hits.playlists.length;

export class SearchService {
  constructor(
    private readonly index: SearchRepository,
    private readonly catalog: CatalogService,
    private readonly playlists: (ids: number[]) => Promise<PlaylistHit[]>,
  ) {}

  /**
   * Songs, artists, albums and public playlists whose names start with the query's words (in any
   * order); when nothing matches, a second pass allows a typo per word. Songs of the best-matching
   * artist follow the songs matched by title, so 'zoe' also lists Zoë's songs.
   */
  async search(query: string, limit: number): Promise<SearchResults> {
    const terms = searchTerms(query);
    const empty = { q: query, songs: [], artists: [], albums: [], playlists: [] };
    if (terms.length === 0) return empty;
    let hits = await this.index.search(terms, limit);
    if (total(hits) === 0) hits = await this.index.fuzzy(terms, limit);
    const [songs, artists, albums, playlists, byArtist] = await Promise.all([
      this.catalog.songsInOrder(hits.songs),
      this.catalog.artistsInOrder(hits.artists),
      this.catalog.albumsInOrder(hits.albums),
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
    return { q: query, songs, artists, albums, playlists };
  }
}
