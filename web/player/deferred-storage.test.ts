import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLocalStorage } from './deferred-storage.ts';

/** A browser's window, document and localStorage, enough for the storage under test. */
function fakeBrowser() {
  const stored = new Map<string, string>();
  const writes: string[] = [];
  const listeners = new Map<string, () => void>();
  const page = { visibilityState: 'visible' };
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push(value);
      stored.set(key, value);
    },
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('window', {
    addEventListener: (type: string, f: () => void) => listeners.set(type, f),
  });
  vi.stubGlobal('document', {
    addEventListener: (type: string, f: () => void) => listeners.set(type, f),
    get visibilityState() {
      return page.visibilityState;
    },
  });
  return { stored, writes, fire: (type: string) => listeners.get(type)?.(), page };
}

const value = (position: number) => ({ state: { position }, version: 1 });

describe('deferredLocalStorage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('writes many quick changes once, with the latest state', () => {
    const browser = fakeBrowser();
    const storage = deferredLocalStorage<{ position: number }>({ isMinor: () => true });
    for (let i = 1; i <= 20; i++) storage.setItem('chorus-player', value(i));
    expect(browser.writes).toHaveLength(0);
    expect(storage.getItem('chorus-player')).toEqual(value(20));
    vi.advanceTimersByTime(1000);
    expect(browser.writes).toEqual([JSON.stringify(value(20))]);
    storage.setItem('chorus-player', value(21));
    vi.advanceTimersByTime(1000);
    expect(browser.writes).toHaveLength(2);
  });

  it('writes a change that is not minor right after the current task, even behind a minor one', () => {
    const browser = fakeBrowser();
    const storage = deferredLocalStorage<{ position: number; song?: string }>({
      isMinor: (saved, next) => saved.song === next.song,
    });
    storage.setItem('chorus-player', { state: { position: 0, song: 'a' }, version: 1 });
    vi.advanceTimersByTime(0);
    expect(browser.writes).toHaveLength(1);
    storage.setItem('chorus-player', { state: { position: 3, song: 'a' }, version: 1 });
    vi.advanceTimersByTime(10);
    expect(browser.writes).toHaveLength(1);
    storage.setItem('chorus-player', { state: { position: 0, song: 'b' }, version: 1 });
    expect(browser.writes).toHaveLength(1);
    vi.advanceTimersByTime(0);
    expect(browser.writes).toEqual([
      JSON.stringify({ state: { position: 0, song: 'a' }, version: 1 }),
      JSON.stringify({ state: { position: 0, song: 'b' }, version: 1 }),
    ]);
    vi.advanceTimersByTime(2000);
    expect(browser.writes).toHaveLength(2);
  });

  it('writes at once when the page is left or hidden, so a reload finds the latest state', () => {
    const browser = fakeBrowser();
    const storage = deferredLocalStorage<{ position: number }>({ isMinor: () => true });
    storage.setItem('chorus-player', value(5));
    browser.fire('pagehide');
    expect(browser.stored.get('chorus-player')).toBe(JSON.stringify(value(5)));
    storage.setItem('chorus-player', value(6));
    browser.page.visibilityState = 'hidden';
    browser.fire('visibilitychange');
    expect(browser.stored.get('chorus-player')).toBe(JSON.stringify(value(6)));
    vi.advanceTimersByTime(5000);
    expect(browser.writes).toHaveLength(2);
  });

  it('reads what was saved before, and nothing from a damaged entry', () => {
    const browser = fakeBrowser();
    browser.stored.set('chorus-player', JSON.stringify(value(42)));
    browser.stored.set('broken', '{not json');
    const storage = deferredLocalStorage<{ position: number }>();
    expect(storage.getItem('chorus-player')).toEqual(value(42));
    expect(storage.getItem('broken')).toBeNull();
    storage.removeItem('chorus-player');
    expect(storage.getItem('chorus-player')).toBeNull();
  });
});
