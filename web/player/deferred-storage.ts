import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * localStorage for the player's persisted state, written after the current task rather than
 * inside it (a click on Play must not wait for the queue, which can hold thousands of songs, to
 * be serialised), and for changes `isMinor` calls minor (the position, several times a second)
 * at most every `minorDelayMs`. Whatever is pending is written when the page is hidden or left.
 */
export function deferredLocalStorage<S>({
  isMinor = () => false,
  minorDelayMs = 1000,
}: {
  isMinor?: (saved: S, next: S) => boolean;
  minorDelayMs?: number;
} = {}): PersistStorage<S> {
  let pending: { name: string; value: StorageValue<S> } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDue = Number.POSITIVE_INFINITY;
  /** The state last handed over, to tell a minor change from one that must be kept soon. */
  let latest: S | null = null;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    timerDue = Number.POSITIVE_INFINITY;
    if (!pending) return;
    const { name, value } = pending;
    pending = null;
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch (error) {
      // Storage full or disabled: playing goes on, it just will not survive a reload.
      console.warn('could not save the player state', error);
    }
  };
  // The server renders pages too (web/ssr), where there is no window and nothing to save.
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }

  return {
    getItem(name) {
      if (pending?.name === name) return pending.value;
      try {
        const raw = localStorage.getItem(name);
        return raw ? (JSON.parse(raw) as StorageValue<S>) : null;
      } catch {
        return null;
      }
    },
    setItem(name, value) {
      const minor = latest !== null && isMinor(latest, value.state);
      latest = value.state;
      pending = { name, value };
      const delay = minor ? minorDelayMs : 0;
      if (Date.now() + delay >= timerDue) return;
      clearTimeout(timer);
      timerDue = Date.now() + delay;
      timer = setTimeout(flush, delay);
    },
    removeItem(name) {
      if (pending?.name === name) pending = null;
      localStorage.removeItem(name);
    },
  };
}
