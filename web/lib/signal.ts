/**
 * One value that React components follow with `useSyncExternalStore(signal.subscribe,
 * signal.get)`: what a menu or prompt asked for from outside React (the song menu, the log-in
 * prompt). Smaller than a store, for what the first page must carry.
 */
export interface Signal<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createSignal<T>(initial: T): Signal<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
