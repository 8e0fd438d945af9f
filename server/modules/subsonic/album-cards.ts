import { BoundedMap } from '../../lib/bounded-map.ts';
import type { ByteBudget } from '../../lib/cache-budget.ts';
import { cacheOff } from '../../lib/caches-off.ts';
import { type Format, RenderedNode, Slot } from './protocol.ts';
import { albumEntry } from './subsonic.presenter.ts';
import type { AlbumCardRecord } from './subsonic.repository.ts';

/**
 * What a cached card costs beyond its written texts: its objects and the map's entry. The
 * Subsonic benchmark measures a card in memory beside what it is charged (the README's table).
 */
const CARD_OVERHEAD_BYTES = 640;

interface CachedCard {
  /** The album's entry as lists send it, written in the formats asked for so far. */
  entry: RenderedNode;
  /** `catalog_version` when the card was read: while it stands, only its play count can move. */
  version: number;
  /** When the card was read, its play count with it. */
  at: number;
}

export interface AlbumCardSource {
  /** Album cards with their listed songs' figures (songs, length, genre, plays). */
  cards(ids: number[]): Promise<AlbumCardRecord[]>;
}

const weigh = ({ entry }: CachedCard) => CARD_OVERHEAD_BYTES + entry.bytes;

/**
 * Album entries by id, as every album list of the Subsonic API shows them, with the caller's star
 * as a slot. A card's figures come from reading every listed song of its album, so entries are
 * cached per `catalog_version`: any change to songs, albums or artists moves it, so an entry
 * never shows a hidden song or a renamed artist. Play counts move without it: an entry is read
 * again once `playsMaxAgeMs` has passed, with the other stale ones of a request. Only the texts
 * are held, written in the formats asked for so far (a format not yet written reads the card
 * again), so a list is the entries' texts put together. Oldest out first, within the budget.
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

  /** The entries of `ids` that exist and may be shown, at catalog `version`, written in `format`. */
  async entries(
    ids: number[],
    version: number,
    format: Format,
    now = Date.now(),
  ): Promise<Map<number, RenderedNode>> {
    const found = new Map<number, RenderedNode>();
    const current = new Map<number, CachedCard>();
    const read: number[] = [];
    const off = cacheOff('subsonic-album-cards');
    for (const id of ids) {
      const cached = off ? undefined : this.cached.get(id);
      const fresh = cached?.version === version && now - cached.at < this.playsMaxAgeMs;
      if (fresh && cached.entry.has(format)) found.set(id, cached.entry);
      else {
        if (fresh) current.set(id, cached);
        read.push(id);
      }
    }
    if (read.length === 0) return found;
    for (const card of await this.source.cards(read)) {
      // An entry still current keeps the formats it was written in, and its time.
      const cached = current.get(card.id) ?? {
        entry: new RenderedNode('album'),
        version,
        at: now,
      };
      cached.entry.write(format, albumEntry(card, new Slot(card.id)));
      found.set(card.id, cached.entry);
      // Written now, the text weighs in: the entry is stored (again) with it.
      if (!off) this.cached.set(card.id, cached);
    }
    return found;
  }
}
