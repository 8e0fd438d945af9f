/**
 * A map that keeps what was set last within a total weight: setting an entry that does not fit
 * lets the oldest ones go first. For caches whose entries differ in size (weigh by what they
 * hold) or not (each weighs 1).
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly budget: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    for (const [oldest, entry] of this.entries) {
      if (this.total + weight <= this.budget) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
    this.entries.set(key, { value, weight });
    this.total += weight;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }
}
