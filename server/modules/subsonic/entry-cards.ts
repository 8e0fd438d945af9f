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
  name: CardKind;
  /** Cards by id, with the figures their entries show; ids not listed are left out. */
  cards(ids: number[]): Promise<R[]>;
  /**
   * A card's entry, with the caller's star as a slot; or, where a response adds the caller's
   * fields after the entry (a song's, see `openedText`), without it.
   */
  entry(card: R, starred: Slot): Node;
  /** How long an entry's figures that move without the catalog (play counts) are shown. */
  maxAgeMs: number;
  /** The cache's name, for the benchmark that turns it off. */
  cacheName: CacheName;
}

const weigh = ({ entry }: CachedCard) => CARD_OVERHEAD_BYTES + entry.bytes;

/** The kinds of cards a shelf holds. */
const CARD_KINDS = ['album', 'artist', 'song'] as const;

export type CardKind = (typeof CARD_KINDS)[number];

/** Where a card is held on the shelf: each kind at its own residue of the id times the kinds. */
function cardKey(kind: CardKind, id: number): number {
  return id * CARD_KINDS.length + CARD_KINDS.indexOf(kind);
}

/**
 * Where the cards of every kind are held, by kind and id: one map within one budget, so the
 * least recently used card of any kind goes first. (Two maps on one budget would each let go of
 * their own only, and a full one would keep the other from holding any.)
 */
export class CardShelf {
  /** By `cardKey`: a number, which the map hashes for less than a text like `album:12`. */
  readonly cards: BoundedMap<number, CachedCard>;

  constructor(budget: ByteBudget) {
    this.cards = new BoundedMap(budget, weigh);
  }
}

/** How long a card past its age waits to be read again, with others that came due meanwhile. */
export const REFRESH_DELAY_MS = 25;
/** The most cards read again in one statement: each batch holds up the event loop a little. */
export const REFRESH_BATCH = 100;
/**
 * How long past its age a card may still be sent while it waits to be read again: a card older
 * than that (nobody asked for it meanwhile, or the reads fell behind) is read on the request.
 */
export const STALE_GRACE_MS = 5_000;

/**
 * Entries of one kind by id (album cards, artist cards, song cards), as the Subsonic API's lists
 * show them, with the caller's star as a slot (a song's follows its entry instead). An album
 * card's figures come from reading every listed song of its album, an artist's from counting its
 * albums, so entries are cached per `catalog_version`: any change to songs, albums or artists
 * moves it, so an entry never shows a hidden song or a renamed artist. Play counts move without it: once `maxAgeMs` has passed, an
 * entry is still sent as it is for up to `STALE_GRACE_MS` more, and read again in the
 * background with the others that came due meanwhile (`REFRESH_BATCH` at a time, one batch
 * after another, `REFRESH_DELAY_MS` apart). Cards read together come due together; read again on
 * the request that found them due, they held up every request of that second at once, and p99
 * with them. Only the texts are held, written in the formats asked for so far (a format not yet
 * written reads the card again), so a list is the entries' texts put together. Held on a
 * `CardShelf` with the other kinds.
 */
export class EntryCardCache<R extends { id: number }> {
  /**
   * Ids of held cards past their age, waiting to be read again, in the order they came due. A
   * queue of work, not a cache: each id once, only of cards the shelf held when they came due.
   */
  private readonly due = new Set<number>();
  /** Whether a batch is being read now. */
  private reading = false;
  /** The newest catalog version a request asked at: cards of an older one are not read again. */
  private version = 0;
  /** The next batch, when one is scheduled: one at a time, however slow the reads. */
  private timer: ReturnType<typeof setTimeout> | null = null;

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
    this.version = Math.max(this.version, version);
    const found = new Map<number, RenderedNode>();
    const current = new Map<number, CachedCard>();
    const read: number[] = [];
    const off = cacheOff(this.kind.cacheName);
    for (const id of ids) {
      const cached = off ? undefined : this.shelf.cards.get(this.key(id));
      const age = cached?.version === version ? now - cached.at : Number.POSITIVE_INFINITY;
      if (age < this.kind.maxAgeMs && cached) {
        if (cached.entry.has(format)) found.set(id, cached.entry);
        else {
          current.set(id, cached);
          read.push(id);
        }
      } else if (age < this.kind.maxAgeMs + STALE_GRACE_MS && cached?.entry.has(format)) {
        found.set(id, cached.entry);
        this.refreshLater(id);
      } else read.push(id);
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
      if (!off) this.shelf.cards.set(this.key(card.id), cached);
    }
    return found;
  }

  /**
   * Reads a batch of the cards due (unless one is being read), then schedules the next batch if
   * more are due. A failed read lets its cards go, so the requests that want them read them, and
   * meet the error themselves rather than being sent old counts for ever.
   */
  async refreshDue(now = Date.now()): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.reading) return;
    // Each held card as it was before the read: a request may put a newer one in its place meanwhile.
    const held = new Map<number, CachedCard>();
    for (const id of this.due) {
      if (held.size === REFRESH_BATCH) break;
      this.due.delete(id);
      // Read on a request since it came due, let go, or of a catalog since changed: no use.
      const cached = this.shelf.cards.peek(this.key(id));
      if (cached && cached.version === this.version && now - cached.at >= this.kind.maxAgeMs) {
        held.set(id, cached);
      }
    }
    this.reading = true;
    try {
      if (held.size > 0) {
        for (const card of await this.kind.cards([...held.keys()])) {
          const old = held.get(card.id);
          if (old && this.shelf.cards.peek(this.key(card.id)) === old) this.replace(card, old, now);
        }
      }
    } catch {
      for (const [id, old] of held) {
        if (this.shelf.cards.peek(this.key(id)) === old) this.shelf.cards.delete(this.key(id));
      }
    } finally {
      this.reading = false;
      if (this.due.size > 0) this.schedule();
    }
  }

  /** Puts a card read again in place of `old`, written in the formats `old` was written in. */
  private replace(card: R, old: CachedCard, now: number): void {
    const entry = new RenderedNode(this.kind.name);
    const node = this.kind.entry(card, new Slot(card.id));
    for (const format of ['json', 'xml'] as const) {
      if (old.entry.has(format)) entry.write(format, node);
    }
    this.shelf.cards.set(this.key(card.id), { entry, version: old.version, at: now });
  }

  private refreshLater(id: number): void {
    if (this.due.has(id)) return;
    this.due.add(id);
    if (this.timer === null && !this.reading) this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.refreshDue(), REFRESH_DELAY_MS);
    // A pending refresh never keeps the process (or a test) running.
    this.timer.unref();
  }

  private key(id: number): number {
    return cardKey(this.kind.name, id);
  }
}
