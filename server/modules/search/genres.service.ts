import type { GenreList, GenreSongs } from '../../../contract/search.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { ByteBudget } from '../../lib/cache-budget.ts';
import { cacheOff } from '../../lib/caches-off.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { GenresRepository } from './genres.repository.ts';

/** The one list this service caches. */
const GENRES = 'genres';

interface CachedList {
  version: number;
  list: GenreList;
}

/**
 * The genre grid of the search page: the catalog's genres and each one's songs. Counting genres
 * reads every listed song, so the list is cached while the catalog is unchanged
 * (`catalog_version` moves with every song, credit and artist change): never stale.
 */
export class GenresService {
  /** Weighed as twice its JSON text, as cached responses are. */
  private readonly cached: BoundedMap<typeof GENRES, CachedList>;
  /** A count under way, shared by the requests that arrive meanwhile. */
  private counting: { version: number; list: Promise<GenreList> } | null = null;

  constructor(
    private readonly genres: Pick<GenresRepository, 'counts' | 'songIds'>,
    private readonly catalog: Pick<CatalogService, 'catalogVersion' | 'songsInOrder'>,
    /** What the list may take (the app's `caches.catalogCounts`). */
    budget: ByteBudget,
  ) {
    this.cached = new BoundedMap(budget, ({ list }) => 2 * JSON.stringify(list).length);
  }

  async list(): Promise<GenreList> {
    if (cacheOff('genre-list')) return { items: await this.genres.counts() };
    const version = await this.catalog.catalogVersion();
    const cached = this.cached.get(GENRES);
    if (cached?.version === version) return cached.list;
    if (this.counting?.version !== version) {
      const counting = {
        version,
        list: this.genres
          .counts()
          .then((items) => {
            const list = { items };
            this.cached.set(GENRES, { version, list });
            return list;
          })
          // Done either way: a failed count is not cached, and the next request counts again.
          .finally(() => {
            if (this.counting === counting) this.counting = null;
          }),
      };
      this.counting = counting;
    }
    return this.counting.list;
  }

  async songs(genre: string, limit: number): Promise<GenreSongs> {
    const ids = await this.genres.songIds(genre, limit);
    return { genre, songs: await this.catalog.songsInOrder(ids) };
  }
}
