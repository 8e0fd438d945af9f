import { BoundedMap } from '../../lib/bounded-map.ts';
import type { ByteBudget } from '../../lib/cache-budget.ts';
import {
  type GzipBlocks,
  gzipBlocks,
  gzipWithInserts,
  type Insert,
  withInserts,
} from '../../lib/gzip-blocks.ts';
import { SharedWork } from '../../lib/shared-work.ts';
import {
  type Format,
  type Node,
  type RenderedResponse,
  renderWithSlots,
  slotText,
} from './protocol.ts';
import { type CatalogOrder, orderKey, type Page } from './subsonic.repository.ts';

/** What an entry costs beyond its bytes and ids: its objects and the map's own entry. */
const ENTRY_OVERHEAD_BYTES = 256;

/** An id list of the catalog in one order, as of a `catalog_version`. */
interface CachedOrder {
  version: number;
  ids: Int32Array;
  /** When it was read: an order that follows plays is read again once it is too old. */
  readAt: number;
  /** What its key takes (a genre's name is part of it). */
  keyBytes: number;
}

/**
 * A response rendered once for every caller: its bytes, and where each slot's text goes (slot
 * ids ascending, with their byte offsets side by side), so a caller's own marks are spliced in.
 */
interface SharedResponse {
  version: number;
  bytes: Buffer;
  slotKey: string;
  ids: Int32Array;
  offsets: Int32Array;
  /** The bytes compressed once, for apps that accept gzip (null when not cached). */
  gzip: GzipBlocks | null;
}

export interface CatalogSource {
  /** `catalog_version`: it moves in the same transaction as any change to the catalog. */
  version(): Promise<number>;
  /** The ids of `order`, a page of them or all. */
  idsInOrder(order: CatalogOrder, page?: Page): Promise<number[]>;
}

/**
 * What the Subsonic API serves of the whole catalog, cached per `catalog_version`: the catalog's
 * ids in the orders apps page through (4 bytes an id, so a page is a slice instead of an OFFSET
 * scan, or a sort of every album for a genre or by plays), and responses that list the whole
 * catalog (getArtists, getIndexes) rendered once per format, with each caller's stars spliced
 * in. Never stale, but for the order by plays: plays move without the catalog, so it is read
 * again once it is `playsMaxAgeMs` old. All draw on one byte budget, oldest out first; what does
 * not fit is read or rendered per request.
 */
export class CatalogResponseCache {
  private readonly orders: BoundedMap<string, CachedOrder>;
  /** Each genre's orders, in a share of their own: any genre an app names may come. */
  private readonly genreOrders: BoundedMap<string, CachedOrder>;
  private readonly responses: BoundedMap<string, SharedResponse>;
  /** Reads and renders under way, shared by the requests that wait for them. */
  private readonly building = new SharedWork<string, unknown>();
  /** What did not fit the budget at a version: served without the cache until it moves. */
  private readonly tooLarge = new Map<string, number>();

  constructor(
    private readonly source: CatalogSource,
    budgets: { catalog: ByteBudget; genres: ByteBudget },
    private readonly playsMaxAgeMs: number,
  ) {
    const weigh = (entry: CachedOrder) =>
      entry.ids.byteLength + entry.keyBytes + ENTRY_OVERHEAD_BYTES;
    this.orders = new BoundedMap(budgets.catalog, weigh);
    this.genreOrders = new BoundedMap(budgets.genres, weigh);
    this.responses = new BoundedMap(
      budgets.catalog,
      (entry) =>
        entry.bytes.length +
        entry.ids.byteLength +
        entry.offsets.byteLength +
        (entry.gzip?.whole.length ?? 0) +
        ENTRY_OVERHEAD_BYTES,
    );
  }

  /** Builds what `name` caches at `version` once, however many requests ask meanwhile. */
  private once<T>(name: string, version: number, build: () => Promise<T>): Promise<T> {
    return this.building.run(`${name}@${version}`, build) as Promise<T>;
  }

  /** A page of the catalog's ids in `order` (at `version`, when the caller has read it). */
  async page(order: CatalogOrder, page: Page, known?: number, now = Date.now()): Promise<number[]> {
    const ids = await this.whole(order, known, now);
    if (!ids) return this.source.idsInOrder(order, page);
    return Array.from(ids.subarray(page.offset, page.offset + page.limit));
  }

  /**
   * Every id of `order` (at `version`, when the caller has read it), read first where it is not
   * held or too old; null when it does not fit the budget, so a caller reads what it needs of it.
   */
  async whole(order: CatalogOrder, known?: number, now = Date.now()): Promise<Int32Array | null> {
    const version = known ?? (await this.source.version());
    const key = orderKey(order);
    const maxAgeMs = order === 'albumsByPlays' ? this.playsMaxAgeMs : Number.POSITIVE_INFINITY;
    const orders = typeof order === 'object' ? this.genreOrders : this.orders;
    const cached = orders.get(key);
    if (cached?.version === version && now - cached.readAt < maxAgeMs) return cached.ids;
    const tooLargeAt = this.tooLarge.get(key);
    if (tooLargeAt === version) return null;
    // What did not fit an older version may fit now; each key is weighed again once.
    if (tooLargeAt !== undefined) this.tooLarge.delete(key);
    const read = await this.once(key, version, async () => {
      const entry: CachedOrder = {
        version,
        ids: Int32Array.from(await this.source.idsInOrder(order)),
        readAt: now,
        keyBytes: 2 * key.length,
      };
      // A genre nothing has is one look in an index; held, any name an app sends would take
      // room from the orders that cost a sort.
      if (entry.ids.length === 0 && typeof order === 'object') return entry;
      orders.set(key, entry);
      if (orders.get(key) !== entry) this.tooLarge.set(key, version);
      return entry;
    });
    // A read that did not fit still serves the requests that waited on it.
    return read.ids;
  }

  /**
   * A whole-catalog response in `format`, built by `payload` (whose slots hold the ids `marks` may
   * fill, all under one key), with the caller's `marks` filled in.
   */
  async response(
    name: string,
    format: Format,
    payload: (version: number) => Promise<Node>,
    marks: Map<number, string>,
  ): Promise<RenderedResponse> {
    const version = await this.source.version();
    const key = `${name}.${format}`;
    let cached = this.responses.get(key);
    if (cached?.version !== version) {
      const render = async (compress: boolean) =>
        sharedResponse(version, format, await payload(version), compress);
      if (this.tooLarge.get(key) === version) return fillSlots(await render(false), format, marks);
      cached = await this.once(key, version, async () => {
        const entry = await render(true);
        this.responses.set(key, entry);
        if (this.responses.get(key) !== entry) this.tooLarge.set(key, version);
        return entry;
      });
    }
    return fillSlots(cached, format, marks);
  }
}

function sharedResponse(
  version: number,
  format: Format,
  payload: Node,
  compress: boolean,
): SharedResponse {
  const { text, slots } = renderWithSlots(format, payload);
  const slotKey = slots[0]?.key ?? '';
  if (slots.some((slot) => slot.key !== slotKey)) {
    throw new Error('A shared response fills one key in its slots');
  }
  // Character offsets become byte offsets, counting the UTF-8 of the text between slots.
  const bytesAt: number[] = [];
  let chars = 0;
  let byteCount = 0;
  for (const slot of slots) {
    byteCount += Buffer.byteLength(text.slice(chars, slot.at));
    chars = slot.at;
    bytesAt.push(byteCount);
  }
  const order = slots.map((_, i) => i).sort((a, b) => slots[a]!.id - slots[b]!.id);
  const bytes = Buffer.from(text);
  return {
    version,
    bytes,
    slotKey,
    ids: Int32Array.from(order, (i) => slots[i]!.id),
    offsets: Int32Array.from(order, (i) => bytesAt[i]!),
    gzip: compress ? gzipBlocks(bytes) : null,
  };
}

/** Where slot `id` is in `ids` (ascending), or -1. */
function slotIndex(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = ids[middle]!;
    if (at === id) return middle;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The response with the slots of `marks`' ids filled (copies; the cached bytes stay). */
function fillSlots(
  cached: SharedResponse,
  format: Format,
  marks: Map<number, string>,
): RenderedResponse {
  const inserts: Insert[] = [];
  for (const [id, value] of marks) {
    const index = slotIndex(cached.ids, id);
    if (index >= 0) {
      inserts.push({
        at: cached.offsets[index]!,
        bytes: Buffer.from(slotText(format, cached.slotKey, value)),
      });
    }
  }
  inserts.sort((a, b) => a.at - b.at);
  const { bytes, gzip } = cached;
  return {
    bytes: () => withInserts(bytes, inserts),
    gzip: gzip ? () => gzipWithInserts(bytes, gzip, inserts) : null,
  };
}
