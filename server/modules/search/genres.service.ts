import type { GenreList, GenreSongs } from '../../../contract/search.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { GenresRepository } from './genres.repository.ts';

/**
 * The genre grid of the search page: the catalog's genres and each one's songs. Counting genres
 * reads every listed song, so the list is reused while the catalog is unchanged
 * (`catalog_version` moves with every song, credit and artist change).
 */
export class GenresService {
  private kept: { version: number; list: Promise<GenreList> } | null = null;

  constructor(
    private readonly genres: GenresRepository,
    private readonly catalog: CatalogService,
  ) {}

  async list(): Promise<GenreList> {
    const version = await this.catalog.catalogVersion();
    if (this.kept?.version !== version) {
      const list = this.genres.counts().then((items) => ({ items }));
      this.kept = { version, list };
      // A failed count is not kept: the next request counts again.
      list.catch(() => {
        if (this.kept?.list === list) this.kept = null;
      });
    }
    return this.kept.list;
  }

  async songs(genre: string, limit: number): Promise<GenreSongs> {
    const ids = await this.genres.songIds(genre, limit);
    return { genre, songs: await this.catalog.songsInOrder(ids) };
  }
}
