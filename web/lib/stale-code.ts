import { onServerStatus, probeServer } from './connection.ts';

/*
 * After a deploy, a page open from before asks for code files that are gone (their names carry
 * the old build's hashes). Reloading fetches the new build; a reload that did not help is not
 * tried again for a while, so a file missing for another reason shows the error page instead of
 * reloading forever.
 */

const RELOADED_AT = 'chorus-reloaded-for-code';
/** A second stale-code failure within this time of a reload shows the error instead. */
export const RELOAD_GUARD_MS = 30_000;

/** The browsers' words for a code file that failed to load, and Vite's for its preloads. */
const STALE_CODE =
  /dynamically imported module|importing a module script failed|unable to preload css|failed to load module script/i;

export function isStaleCodeError(error: unknown): boolean {
  return error instanceof Error && STALE_CODE.test(error.message);
}

/** Whether a reload may be tried, given when the last one for stale code was (ms, or null). */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  // A time ahead of now is a changed clock, not a recent reload.
  return lastReloadAt === null || now < lastReloadAt || now - lastReloadAt >= RELOAD_GUARD_MS;
}

function lastReload(): number | null {
  try {
    const stored = Number(sessionStorage.getItem(RELOADED_AT));
    return stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

/** Reloads the page unless one was just tried; returns whether it does. */
export function reloadOnce(now = Date.now()): boolean {
  if (!mayReload(lastReload(), now)) return false;
  try {
    sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    return false; // without a record of it, a reload could loop
  }
  window.location.reload();
  return true;
}

let recovering = false;

/**
 * A code file failed to load. With the server there, the build changed: reload. With the server
 * away, the file could not be asked for at all: reload once it responds again.
 */
export function recoverFromStaleCode(): void {
  if (recovering || typeof window === 'undefined') return;
  recovering = true;
  void probeServer().then((answered) => {
    if (answered) {
      recovering = reloadOnce();
      return;
    }
    const stop = onServerStatus((status) => {
      if (status !== 'reachable') return;
      stop();
      recovering = reloadOnce();
    });
  });
}
