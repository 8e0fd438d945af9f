import { BoundedMap } from '../../lib/bounded-map.ts';
import type { ByteBudget } from '../../lib/cache-budget.ts';
import { cacheOff } from '../../lib/caches-off.ts';
import { type Format, RenderedNode, Slot } from './protocol.ts';
import { albumEntry } from './subsonic.presenter.ts';
import type { AlbumCardRecord } from './subsonic.repository.ts';

/** What a cached card costs beyond its text: the card's and the entry's objects, the map's entry. */
const CARD_OVERHEAD_BYTES = 320;

/** An album card, and its entry as album lists send it, with the caller's star as a slot. */
export interface AlbumCard {
  card: AlbumCardRecord;
  entry: RenderedNode;
}

interface CachedCard extends AlbumCard {
  /** `catalog_version` when the card was read: while it stands, only its play count can move. */
  version: number;
  /** When its play count was read. */
  at: number;
}

export interface AlbumCardSource {
  /** Album cards with their listed songs' figures (songs, length, genre, plays). */
  cards(ids: number[]): Promise<AlbumCardRecord[]>;
  /** The plays of each album's listed songs, in all. */
  playCounts(ids: number[]): Promise<Map<number, number>>;
}

function weigh({ card, entry }: CachedCard): number {
  let text = card.title.length + card.artist_name.length + card.created_at.length;
  text += (card.cover_key?.length ?? 0) + (card.genre?.length ?? 0);
  return CARD_OVERHEAD_BYTES + 2 * text + entry.bytes;
}

function cached(card: AlbumCardRecord, version: number, at: number): CachedCard {
  return {
    card,
    entry: new RenderedNode('album', albumEntry(card, new Slot(card.id))),
    version,
    at,
  };
}

/**
 * Album cards by id, as every album list of the Subsonic API shows them. A card's figures come
 * from reading every listed song of its album, so cards are cached per `catalog_version`:
 * any change to songs, albums or artists moves it, so a card never shows a hidden song or a
 * renamed artist. Play counts move without it and are read again once `playsMaxAgeMs` has
 * passed, for the stale cards of a request together. Each card holds its entry written in the
 * formats asked so far, so a list is the entries' texts put together. Oldest out first, within
 * the budget.
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

  /** The cards of `ids` that exist and may be shown, at catalog `version`, written in `format`. */
  async cards(
    ids: number[],
    version: number,
    format: Format,
    now = Date.now(),
  ): Promise<Map<number, AlbumCard>> {
    const found = new Map<number, CachedCard>();
    const missing: number[] = [];
    const stale: CachedCard[] = [];
    const off = cacheOff('subsonic-album-cards');
    for (const id of ids) {
      const entry = off ? undefined : this.cached.get(id);
      if (entry?.version !== version) missing.push(id);
      else if (now - entry.at >= this.playsMaxAgeMs) stale.push(entry);
      else found.set(id, entry);
    }
    const [read, plays] = await Promise.all([
      missing.length > 0 ? this.source.cards(missing) : [],
      stale.length > 0 ? this.source.playCounts(stale.map((entry) => entry.card.id)) : null,
    ]);
    const renewed = [
      ...read.map((card) => cached(card, version, now)),
      ...stale.map((entry) =>
        cached({ ...entry.card, play_count: plays?.get(entry.card.id) ?? 0 }, version, now),
      ),
    ];
    for (const entry of renewed) found.set(entry.card.id, entry);
    for (const entry of found.values()) {
      if (entry.entry.has(format)) continue;
      entry.entry.output(format);
      // Written now, the text weighs in: the entry is stored (again) with it.
      if (!off) this.cached.set(entry.card.id, entry);
    }
    return found;
  }
}
