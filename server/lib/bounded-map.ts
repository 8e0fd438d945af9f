import type { ByteBudget } from './cache-budget.ts';

/**
 * A map that keeps what was set last within a budget (see cache-budget.ts): setting an entry
 * that does not fit lets this map's oldest entries go first, and an entry that does not fit even
 * then is not stored. Entries weigh what `weigh` says they take, in bytes.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();

  constructor(
    private readonly budget: ByteBudget,
    private readonly weigh: (value: V) => number,
  ) {}

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    for (const [oldest, entry] of this.entries) {
      if (this.budget.used + weight <= this.budget.limit) break;
      this.entries.delete(oldest);
      this.budget.used -= entry.weight;
    }
    if (this.budget.used + weight > this.budget.limit) return;
    this.entries.set(key, { value, weight });
    this.budget.used += weight;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.budget.used -= entry.weight;
  }

  /** Lets every entry go (the budget gets their bytes back). */
  clear(): void {
    for (const entry of this.entries.values()) this.budget.used -= entry.weight;
    this.entries.clear();
  }
}
