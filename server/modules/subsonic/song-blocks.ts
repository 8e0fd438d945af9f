import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { ByteBudget } from '../../lib/cache-budget.ts';
import { cacheOff } from '../../lib/caches-off.ts';
import { type Format, type Node, openEntryText } from './protocol.ts';
import type { Page } from './subsonic.repository.ts';

/**
 * Songs a block holds: a sync page of 500 is ten blocks, a page of 50 one or two, and a block
 * inflates in a few tens of µs.
 */
export const BLOCK_SONGS = 50;

/**
 * What a block costs beyond its bytes: its objects, its buffer's and the map's own entry. The
 * Subsonic benchmark measures a block in memory beside what it is charged (the README's table).
 */
const BLOCK_OVERHEAD_BYTES = 704;

/**
 * A block of `count` places in one buffer of its own (one allocation, since each costs more
 * than a block's index): as 32-bit integers, the song id of each place as read at `version`,
 * then where each place's entry starts in the inflated text and where the last one ends (a song
 * no longer listed when the block was read has an empty entry); then the entries' texts
 * (`openEntryText`) one after another, as UTF-8, deflated.
 */
interface SongBlock {
  version: number;
  count: number;
  data: Uint8Array;
}

const indexBytes = (count: number) => 4 * (2 * count + 1);

function packBlock(version: number, ids: number[], starts: number[], deflated: Buffer): SongBlock {
  const count = ids.length;
  const data = new Uint8Array(indexBytes(count) + deflated.length);
  const index = new Int32Array(data.buffer, 0, 2 * count + 1);
  index.set(ids);
  index.set(starts, count);
  data.set(deflated, indexBytes(count));
  return { version, count, data };
}

export interface SongBlockSource {
  /**
   * The ids at `page` of the sync order at catalog `version`. A page here spans the blocks a
   * request is missing, so it may be longer than any page an app asks for.
   */
  idsAt(page: Page, version: number): Promise<number[]>;
  /** The catalog fields of the listed songs among `ids` (each entry's `id` field its own). */
  entries(ids: number[]): Promise<Map<number, Node>>;
}

/** A song entry of a page, written up to its end (as text, or as UTF-8); the caller's fields follow it. */
export interface WrittenSong {
  id: number;
  head: string | Uint8Array;
}

const weigh = (block: SongBlock) => block.data.byteLength + BLOCK_OVERHEAD_BYTES;

/**
 * Song entries of the order apps sync the library in (search3 `""`, songs by id), written ahead
 * in blocks of BLOCK_SONGS places and held deflated: a sync or a page anywhere in a catalog of
 * 100k songs then reads no song, and the whole catalog's entries take a few MB, where written out
 * they would take tens. An entry holds only what the catalog decides (`songCatalogFields`), so a
 * block serves every caller for as long as `catalog_version` stands, never stale: each caller's
 * star and the play counts now are read per page and written after the entries. Least recently
 * used out first, within the budget.
 */
export class SongBlockCache {
  private readonly blocks: BoundedMap<string, SongBlock>;
  /**
   * Blocks being read, by format, index and version, each a share of the one read of the blocks
   * its request was missing. Sharing is per block rather than per read: a request whose page
   * overlaps blocks another request is reading waits for those and reads only the rest, so no
   * block is read twice at once, and each request still reads what it lacks in one go.
   */
  private readonly building = new Map<string, Promise<SongBlock>>();

  constructor(
    private readonly source: SongBlockSource,
    private readonly budget: ByteBudget,
  ) {
    this.blocks = new BoundedMap(budget, weigh);
  }

  /**
   * Whether pages come from blocks: not without room for any, where a page would read whole
   * blocks for the few songs it shows, and write them for nothing.
   */
  get serves(): boolean {
    return this.budget.limit > 0 && !cacheOff('subsonic-song-blocks');
  }

  /** The entries at `page` of the sync order at catalog `version`, in `format`. */
  async page(format: Format, page: Page, version: number): Promise<WrittenSong[]> {
    if (page.limit <= 0) return [];
    const first = Math.floor(page.offset / BLOCK_SONGS);
    const last = Math.floor((page.offset + page.limit - 1) / BLOCK_SONGS);
    const indexes: number[] = [];
    for (let index = first; index <= last; index++) indexes.push(index);
    const ready = indexes.map((index) => this.heldOrBuilding(format, index, version));
    const reading = this.readTogether(
      format,
      indexes.filter((_, i) => ready[i] === undefined),
      version,
    );
    const blocks = await Promise.all(indexes.map((index, i) => ready[i] ?? reading.get(index)!));
    const written: WrittenSong[] = [];
    blocks.forEach(({ count, data }, i) => {
      const start = (first + i) * BLOCK_SONGS;
      const from = Math.max(0, page.offset - start);
      const to = Math.min(count, page.offset + page.limit - start);
      if (from >= to) return;
      const index = new Int32Array(data.buffer, 0, 2 * count + 1);
      const text = inflateRawSync(data.subarray(indexBytes(count)));
      for (let place = from; place < to; place++) {
        const at = index[count + place]!;
        const end = index[count + place + 1]!;
        if (end > at) written.push({ id: index[place]!, head: text.subarray(at, end) });
      }
    });
    return written;
  }

  /** Block `index` in `format` at `version`, if held or being read by another request. */
  private heldOrBuilding(
    format: Format,
    index: number,
    version: number,
  ): SongBlock | Promise<SongBlock> | undefined {
    const held = this.blocks.get(`${format}:${index}`);
    if (held?.version === version) return held;
    return this.building.get(`${format}:${index}@${version}`);
  }

  /**
   * Blocks `indexes` (ascending) in `format` at `version`, read together and each held once
   * written; each is in `building` until then, for the requests that ask for it meanwhile.
   */
  private readTogether(
    format: Format,
    indexes: number[],
    version: number,
  ): Map<number, Promise<SongBlock>> {
    const reading = new Map<number, Promise<SongBlock>>();
    if (indexes.length === 0) return reading;
    const read = this.read(format, indexes, version);
    indexes.forEach((index, i) => {
      const key = `${format}:${index}`;
      const building = `${key}@${version}`;
      const block = read
        .then((blocks) => this.keep(key, blocks[i]!))
        .finally(() => this.building.delete(building));
      this.building.set(building, block);
      reading.set(index, block);
    });
    return reading;
  }

  /** Holds `block` under `key` where it is worth holding; returns it either way. */
  private keep(key: string, block: SongBlock): SongBlock {
    // A place past the end holds nothing worth its room (any offset may be asked for), and a
    // read that took longer than one at a later version must not put back the older block.
    const held = this.blocks.get(key);
    if (block.count > 0 && !(held && held.version > block.version)) this.blocks.set(key, block);
    return block;
  }

  /**
   * Blocks `indexes` (ascending) read and written: the ids of the span they lie in, in one read,
   * then the songs of them all, in one, so a cold page takes the database connections of one read
   * at a time however many blocks it covers, where a read per block takes as many at once as it
   * covers blocks, and a few syncing apps drain the pool.
   */
  private async read(format: Format, indexes: number[], version: number): Promise<SongBlock[]> {
    const first = indexes[0]!;
    const last = indexes[indexes.length - 1]!;
    // Blocks held or being read may lie between the missing ones; their ids come along, as a
    // few ids more cost less than a read per run of missing blocks.
    const spanIds = await this.source.idsAt(
      { offset: first * BLOCK_SONGS, limit: (last - first + 1) * BLOCK_SONGS },
      version,
    );
    const idsOfBlocks = indexes.map((index) =>
      spanIds.slice((index - first) * BLOCK_SONGS, (index - first + 1) * BLOCK_SONGS),
    );
    const allIds = idsOfBlocks.flat();
    // Past the end of the order there is no song to read.
    const entries = allIds.length > 0 ? await this.source.entries(allIds) : new Map<number, Node>();
    return idsOfBlocks.map((ids) => writeBlock(format, version, ids, entries));
  }
}

/** A block of `ids` at `version`, with the entries among `entries` written in `format`. */
function writeBlock(
  format: Format,
  version: number,
  ids: number[],
  entries: Map<number, Node>,
): SongBlock {
  const pieces: Buffer[] = [];
  const starts: number[] = [];
  let at = 0;
  for (const id of ids) {
    starts.push(at);
    const entry = entries.get(id);
    if (!entry) continue;
    const piece = Buffer.from(openEntryText(format, 'song', entry));
    pieces.push(piece);
    at += piece.length;
  }
  starts.push(at);
  return packBlock(version, ids, starts, deflateRawSync(Buffer.concat(pieces)));
}
