import { BoundedMap } from '../../lib/bounded-map.ts';
import type { ByteBudget } from '../../lib/cache-budget.ts';
import { type CacheName, cacheOff } from '../../lib/caches-off.ts';
import { type Format, type Node, RenderedNode, Slot } from './protocol.ts';

/**
 * What a cached card costs beyond its written texts: its objects and the map's entry. The
 * Subsonic benchmark measures a card in memory beside what it is charged (the README's table).
 */
const CARD_OVERHEAD_BYTES = 704;

interface CachedCard {
  /** The entry as lists send it, written in the formats asked for so far. */
  entry: RenderedNode;
  /** `catalog_version` when the card was read: while it stands, only its play count can move. */
  version: number;
  /** When the card was read, its play count with it. */
  at: number;
}

/** How the cards of one kind are read and written. */
export interface EntryCards<R extends { id: number }> {
  /** The element an entry is in XML, and the kind its cards are held under. */
  name: 'album' | 'artist';
  /** Cards by id, with the figures their entries show; ids not listed are left out. */
  cards(ids: number[]): Promise<R[]>;
  /** A card's entry, with the caller's star as a slot. */
  entry(card: R, starred: Slot): Node;
  /** How long an entry's figures that move without the catalog (play counts) are shown. */
  maxAgeMs: number;
  /** The cache's name, for the benchmark that turns it off. */
  cacheName: CacheName;
}

const weigh = ({ entry }: CachedCard) => CARD_OVERHEAD_BYTES + entry.bytes;

/**
 * Where the cards of every kind are held, by kind and id: one map within one budget, so the
 * least recently used card of any kind goes first. (Two maps on one budget would each let go of
 * their own only, and a full one would keep the other from holding any.)
 */
export class CardShelf {
  readonly cards: BoundedMap<string, CachedCard>;

  constructor(budget: ByteBudget) {
    this.cards = new BoundedMap(budget, weigh);
  }
}

/**
 * Entries of one kind by id (album cards, artist cards), as the Subsonic API's lists show them,
 * with the caller's star as a slot. An album card's figures come from reading every listed song
 * of its album, an artist's from counting its albums, so entries are cached per
 * `catalog_version`: any change to songs, albums or artists moves it, so an entry never shows a
 * hidden song or a renamed artist. Play counts move without it: an entry is read again once
 * `maxAgeMs` has passed, with the other stale ones of a request. Only the texts are held,
 * written in the formats asked for so far (a format not yet written reads the card again), so a
 * list is the entries' texts put together. Held on a `CardShelf` with the other kinds.
 */
export class EntryCardCache<R extends { id: number }> {
  constructor(
    private readonly kind: EntryCards<R>,
    private readonly shelf: CardShelf,
  ) {}

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
    const off = cacheOff(this.kind.cacheName);
    for (const id of ids) {
      const cached = off ? undefined : this.shelf.cards.get(`${this.kind.name}:${id}`);
      const fresh = cached?.version === version && now - cached.at < this.kind.maxAgeMs;
      if (fresh && cached.entry.has(format)) found.set(id, cached.entry);
      else {
        if (fresh) current.set(id, cached);
        read.push(id);
      }
    }
    if (read.length === 0) return found;
    for (const card of await this.kind.cards(read)) {
      // An entry still current keeps the formats it was written in, and its time.
      const cached = current.get(card.id) ?? {
        entry: new RenderedNode(this.kind.name),
        version,
        at: now,
      };
      cached.entry.write(format, this.kind.entry(card, new Slot(card.id)));
      found.set(card.id, cached.entry);
      // Written now, the text weighs in: the entry is stored (again) with it.
      if (!off) this.shelf.cards.set(`${this.kind.name}:${card.id}`, cached);
    }
    return found;
  }
}
