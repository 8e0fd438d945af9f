import { describe, expect, it } from 'vitest';
import { isStaleCodeError, mayReload, RELOAD_GUARD_MS } from './stale-code.ts';

describe('reloading once for code of an older build', () => {
  it('knows the browsers’ and Vite’s words for a code file that failed to load', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/artist-page-abc.js',
      'error loading dynamically imported module: http://x/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isStaleCodeError(new Error(message)), message).toBe(true);
    }
    expect(isStaleCodeError(new Error('Request failed (500)'))).toBe(false);
    expect(isStaleCodeError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads when none was tried, and not again until the guard time has passed', () => {
    const now = 1_000_000;
    expect(mayReload(null, now)).toBe(true);
    expect(mayReload(now - 1000, now)).toBe(false);
    expect(mayReload(now - RELOAD_GUARD_MS + 1, now)).toBe(false);
    expect(mayReload(now - RELOAD_GUARD_MS, now)).toBe(true);
    // A reload "in the future" means the clock changed; it does not block forever.
    expect(mayReload(now + 60_000, now)).toBe(true);
  });
});
