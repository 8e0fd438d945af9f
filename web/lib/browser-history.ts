import { createPath, type Location, NavigationType, parsePath, type To } from 'react-router';

/** What the app keeps in `window.history.state` for each entry. */
interface EntryState {
  /** The state a navigation passed (`navigate(to, { state })`), as `location.state`. */
  usr: unknown;
  key: string;
  /** How many entries of the app's own come before this one: 0 on the first page of a tab. */
  idx: number;
}

export interface HistoryUpdate {
  action: NavigationType;
  location: Location;
}

function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && 'key' in value && 'idx' in value;
}

/** Whether the page shown is the first of its tab in the app: a step back would leave Chorus. */
export function isTabsFirstPage(): boolean {
  return !isEntryState(window.history.state) || window.history.state.idx === 0;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function locationOf(href: string, entry: unknown): Location {
  const { pathname = '/', search = '', hash = '' } = parsePath(href);
  return isEntryState(entry)
    ? { pathname, search, hash, state: entry.usr, key: entry.key }
    : { pathname, search, hash, state: null, key: 'default' };
}

/**
 * The browser's session history, as React Router's `<Router>` reads it: the current entry, and
 * word of every change (a push or replace by the app, Back and Forward by the listener). The app
 * decides when an address changes (web/router.tsx loads the next page's code first), so it keeps
 * the history itself rather than through a router component.
 */
export class BrowserHistory {
  action: NavigationType = NavigationType.Pop;
  location: Location = locationOf(
    window.location.pathname + window.location.search + window.location.hash,
    window.history.state,
  );
  private readonly listeners = new Set<(update: HistoryUpdate) => void>();

  constructor() {
    // The first entry is numbered, so pages can tell whether a step back stays in the app.
    if (!isEntryState(window.history.state)) {
      const entry: EntryState = { usr: null, key: 'default', idx: 0 };
      window.history.replaceState(entry, '');
    }
    window.addEventListener('popstate', () => {
      this.update(NavigationType.Pop, this.current());
    });
  }

  private current(): Location {
    const { pathname, search, hash } = window.location;
    return locationOf(pathname + search + hash, window.history.state);
  }

  private update(action: NavigationType, location: Location): void {
    this.action = action;
    this.location = location;
    for (const listener of this.listeners) listener({ action, location });
  }

  /** Calls `listener` on every change; returns the function that stops it. */
  listen(listener: (update: HistoryUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  createHref(to: To): string {
    return typeof to === 'string' ? to : createPath(to);
  }

  /** The parts of an address as the browser would encode them (what links are matched on). */
  encodeLocation(to: To): { pathname: string; search: string; hash: string } {
    const url = new URL(this.createHref(to), window.location.href);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }

  push(to: To, state?: unknown): void {
    this.navigate(NavigationType.Push, to, state);
  }

  replace(to: To, state?: unknown): void {
    this.navigate(NavigationType.Replace, to, state);
  }

  go(delta: number): void {
    window.history.go(delta);
  }

  private navigate(action: NavigationType, to: To, state: unknown): void {
    const href = this.createHref(to);
    const here = isEntryState(window.history.state) ? window.history.state.idx : 0;
    const idx = action === NavigationType.Push ? here + 1 : here;
    const entry: EntryState = { usr: state ?? null, key: newKey(), idx };
    if (action === NavigationType.Push) window.history.pushState(entry, '', href);
    else window.history.replaceState(entry, '', href);
    this.update(action, this.current());
  }
}
