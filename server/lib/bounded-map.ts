import type { ByteBudget } from './cache-budget.ts';

/**
 * The one cache type of Chorus's in-process caches: a map within a byte budget (see
 * cache-budget.ts), least recently used out first. Entries weigh what `weigh` says they take, in
 * bytes; every map drawing on one budget counts against it. Setting an entry that does not fit
 * lets this map's least recently used entries go until it does; an entry that cannot fit even
 * with all of them gone (other maps hold the rest of the budget, or it is larger than the whole)
 * is not stored, and costs this map none of its entries.
 */
export class BoundedMap<K, V> {
  /** Least recently used first: reading or setting an entry moves it to the end. */
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private held = 0;

  constructor(
    private readonly budget: ByteBudget,
    private readonly weigh: (value: V) => number,
  ) {}

  /** The entry under `key`, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether `value` was stored (see the class). */
  set(key: K, value: V): boolean {
    this.delete(key);
    const weight = this.weigh(value);
    // What other maps hold stays: an entry that cannot fit beside it costs this map nothing.
    if (this.budget.used - this.held + weight > this.budget.limit) return false;
    for (const [oldest, entry] of this.entries) {
      if (this.budget.used + weight <= this.budget.limit) break;
      this.remove(oldest, entry.weight);
    }
    this.entries.set(key, { value, weight });
    this.held += weight;
    this.budget.used += weight;
    return true;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry) this.remove(key, entry.weight);
  }

  /** Lets every entry go (the budget gets their bytes back). */
  clear(): void {
    this.budget.used -= this.held;
    this.held = 0;
    this.entries.clear();
  }

  /** The bytes this map's entries weigh in all. */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: K, weight: number): void {
    this.entries.delete(key);
    this.held -= weight;
    this.budget.used -= weight;
  }
}
