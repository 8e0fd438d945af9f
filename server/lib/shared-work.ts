/**
 * Work under way, by key: a caller asking for a key while its work runs shares that run (and its
 * result or failure) instead of starting another. Only running work is held; nothing is cached.
 */
export class SharedWork<K, V> {
  private readonly running = new Map<K, Promise<V>>();

  run(key: K, work: () => Promise<V>): Promise<V> {
    const running = this.running.get(key);
    if (running) return running;
    const started = work().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }
}
