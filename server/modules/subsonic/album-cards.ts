import { BoundedMap } from '../../lib/bounded-map.ts';
import type { ByteBudget } from '../../lib/cache-budget.ts';
import { cacheOff } from '../../lib/caches-off.ts';
import type { AlbumCardRecord } from './subsonic.repository.ts';

/** What a cached card costs beyond its text: the card's and the entry's objects, the map's entry. */
const CARD_OVERHEAD_BYTES = 320;

interface CachedCard {
  /** `catalog_version` when the card was read: while it stands, only its play count can move. */
  version: number;
  /** When its play count was read. */
  at: number;
  card: AlbumCardRecord;
}

export interface AlbumCardSource {
  /** Album cards with their listed songs' figures (songs, length, genre, plays). */
  cards(ids: number[]): Promise<AlbumCardRecord[]>;
  /** The plays of each album's listed songs, in all. */
  playCounts(ids: number[]): Promise<Map<number, number>>;
}

function weigh({ card }: CachedCard): number {
  let text = card.title.length + card.artist_name.length + card.created_at.length;
  text += (card.cover_key?.length ?? 0) + (card.genre?.length ?? 0);
  return CARD_OVERHEAD_BYTES + 2 * text;
}

/**
 * Album cards by id, as every album list of the Subsonic API shows them. A card's figures come
 * from reading every listed song of its album, so cards are cached per `catalog_version`:
 * any change to songs, albums or artists moves it, so a card never shows a hidden song or a
 * renamed artist. Play counts move without it and are read again once `playsMaxAgeMs` has
 * passed, for the stale cards of a request together. Oldest out first, within the budget.
 */
export class AlbumCardCache {
  private readonly cached: BoundedMap<number, CachedCard>;

  constructor(
    private readonly source: AlbumCardSource,
    budget: ByteBudget,
    private readonly playsMaxAgeMs: number,
  ) {
    this.cached = new BoundedMap(budget, weigh);
  }

  /** The cards of `ids` that exist and may be shown, at catalog `version`. */
  async cards(
    ids: number[],
    version: number,
    now = Date.now(),
  ): Promise<Map<number, AlbumCardRecord>> {
    const found = new Map<number, AlbumCardRecord>();
    const missing: number[] = [];
    const stale: CachedCard[] = [];
    const off = cacheOff('subsonic-album-cards');
    for (const id of ids) {
      const entry = off ? undefined : this.cached.get(id);
      if (entry?.version !== version) missing.push(id);
      else if (now - entry.at >= this.playsMaxAgeMs) stale.push(entry);
      else found.set(id, entry.card);
    }
    const [read, plays] = await Promise.all([
      missing.length > 0 ? this.source.cards(missing) : [],
      stale.length > 0 ? this.source.playCounts(stale.map((entry) => entry.card.id)) : null,
    ]);
    for (const card of read) {
      found.set(card.id, card);
      if (!off) this.cached.set(card.id, { version, at: now, card });
    }
    for (const entry of stale) {
      const card = { ...entry.card, play_count: plays?.get(entry.card.id) ?? 0 };
      found.set(card.id, card);
      this.cached.set(card.id, { version, at: now, card });
    }
    return found;
  }
}
