import type { ByteBudget } from './cache-budget.ts';

/** An entry, in a chain from the least recently used to the most. */
interface Entry<K, V> {
  key: K;
  value: V;
  weight: number;
  older: Entry<K, V> | null;
  newer: Entry<K, V> | null;
}

/**
 * The one cache type of Chorus's in-process caches: a map within a byte budget (see
 * cache-budget.ts), least recently used out first. Entries weigh what `weigh` says they take, in
 * bytes; every map drawing on one budget counts against it. Setting an entry that does not fit
 * lets this map's least recently used entries go until it does; an entry that cannot fit even
 * with all of them gone (other maps hold the rest of the budget, or it is larger than the whole)
 * is not stored, and costs this map none of its entries.
 *
 * The use order is a chain through the entries, so a read looks its key up once and moves the
 * entry by its links. (Moving it in the map itself, a delete and a set, looked the key up three
 * times and left the map's table to be compacted; lists read fifty cards a request this way.)
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, Entry<K, V>>();
  private oldest: Entry<K, V> | null = null;
  private newest: Entry<K, V> | null = null;
  private held = 0;

  constructor(
    private readonly budget: ByteBudget,
    private readonly weigh: (value: V) => number,
  ) {}

  /** The entry under `key`, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry !== this.newest) {
      this.unlink(entry);
      this.append(entry);
    }
    return entry.value;
  }

  /** The entry under `key`, leaving the use order as it is (for upkeep that is no use). */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Whether `value` was stored (see the class). */
  set(key: K, value: V): boolean {
    this.delete(key);
    const weight = this.weigh(value);
    // What other maps hold stays: an entry that cannot fit beside it costs this map nothing.
    if (this.budget.used - this.held + weight > this.budget.limit) return false;
    while (this.oldest && this.budget.used + weight > this.budget.limit) this.remove(this.oldest);
    const entry: Entry<K, V> = { key, value, weight, older: null, newer: null };
    this.entries.set(key, entry);
    this.append(entry);
    this.held += weight;
    this.budget.used += weight;
    return true;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry) this.remove(entry);
  }

  /** Lets every entry go (the budget gets their bytes back). */
  clear(): void {
    this.budget.used -= this.held;
    this.held = 0;
    this.entries.clear();
    this.oldest = null;
    this.newest = null;
  }

  /** The bytes this map's entries weigh in all. */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(entry: Entry<K, V>): void {
    this.entries.delete(entry.key);
    this.unlink(entry);
    this.held -= entry.weight;
    this.budget.used -= entry.weight;
  }

  private unlink(entry: Entry<K, V>): void {
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
    entry.older = null;
    entry.newer = null;
  }

  private append(entry: Entry<K, V>): void {
    entry.older = this.newest;
    if (this.newest) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
  }
}
