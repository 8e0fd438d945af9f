import { BoundedMap } from '../../lib/bounded-map.ts';
import { type ByteBudget, PRESENTED_ITEM_BYTES } from '../../lib/cache-budget.ts';
import { cacheOff } from '../../lib/caches-off.ts';

/**
 * Cards of search results (songs, artists, albums) by id, reused while the catalog is unchanged
 * (`catalog_version`) and for `maxAgeMs`. Searches that share first letters share their best
 * matches, as shorter names rank first: 'l', 'lo', 'lov' and 'love' list many of the same songs.
 * A cached card spares a search its share of the card reads; a hidden song or disabled artist
 * moves the version, so it is never shown from here. Play counts and followers may lag
 * `maxAgeMs`, as in the cached responses.
 */
export class CardCache<T extends { _id: number }> {
  private readonly cached: BoundedMap<number, { version: number; at: number; card: T }>;

  constructor(
    private readonly load: (ids: number[], version?: number) => Promise<T[]>,
    private readonly maxAgeMs: number,
    budget: ByteBudget,
  ) {
    this.cached = new BoundedMap(budget, () => PRESENTED_ITEM_BYTES);
  }

  /**
   * The cards of `ids` listeners may see, in that order. `version`: `catalog_version` as read
   * before the ids were found; without it nothing is reused.
   */
  async inOrder(ids: number[], version: number | undefined, now = Date.now()): Promise<T[]> {
    if (this.maxAgeMs <= 0 || version === undefined || cacheOff('search-cards')) {
      return this.load(ids, version);
    }
    const cards = new Map<number, T>();
    const missing: number[] = [];
    for (const id of ids) {
      const cached = this.cached.get(id);
      if (cached && cached.version === version && now - cached.at < this.maxAgeMs) {
        cards.set(id, cached.card);
      } else {
        missing.push(id);
      }
    }
    if (missing.length > 0) {
      for (const card of await this.load(missing, version)) {
        cards.set(card._id, card);
        this.cached.set(card._id, { version, at: now, card });
      }
    }
    return ids.flatMap((id) => {
      const card = cards.get(id);
      return card ? [card] : [];
    });
  }
}
