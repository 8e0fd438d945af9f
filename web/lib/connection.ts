import { useSyncExternalStore } from 'react';

/*
 * Whether the server responds. A call that cannot reach it (or a gateway saying it is away) marks
 * it unreachable; from then on /api/health is asked with a growing wait until it responds, and the
 * listeners (the banner, the query cache, the player) hear both changes.
 */

export type ServerStatus = 'reachable' | 'unreachable';

const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 15_000;
/** How long a check of the server waits for its answer. */
export const HEALTH_TIMEOUT_MS = 5000;

/** The wait before the `attempt`-th health check (from 0): doubling, up to a ceiling. */
export function healthCheckWait(attempt: number): number {
  return Math.min(FIRST_WAIT_MS * 2 ** attempt, LONGEST_WAIT_MS);
}

/** Gateway responses a proxy gives while the server behind it is away. */
export function meansUnreachable(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/**
 * Whether a response says the server is away: a gateway's 502–504, but not the same status
 * carrying Chorus's own `{ message }` (a statement past its time, a lost database connection).
 * Then the server answered and only that request failed: it is that request's error, which
 * asking again may mend, and the health check that would answer at once must not set every query
 * asking again, over and over, while the server is busy.
 */
export function responseMeansUnreachable(status: number, body: unknown): boolean {
  const fromServer =
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string';
  return meansUnreachable(status) && !fromServer;
}

let status: ServerStatus = 'reachable';
let timer: ReturnType<typeof setTimeout> | null = null;
let attempt = 0;
const listeners = new Set<(status: ServerStatus) => void>();

function set(next: ServerStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of listeners) listener(next);
}

export function serverStatus(): ServerStatus {
  return status;
}

export function onServerStatus(listener: (status: ServerStatus) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function healthy(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', {
      cache: 'no-store',
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

function checkLater(wait: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(async () => {
    timer = null;
    if (await healthy()) reportReachable();
    else if (status === 'unreachable') checkLater(healthCheckWait(++attempt));
  }, wait);
}

/** A call could not reach the server: say so, and ask until it responds again. */
export function reportUnreachable(): void {
  if (status === 'unreachable') return;
  attempt = 0;
  set('unreachable');
  checkLater(healthCheckWait(0));
}

/** The server answered (a health check or any call). */
export function reportReachable(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  set('reachable');
}

/** Asks the server once; marks it unreachable when it does not respond. */
export async function probeServer(): Promise<boolean> {
  const answered = await healthy();
  if (answered) reportReachable();
  else reportUnreachable();
  return answered;
}

if (typeof window !== 'undefined') {
  // The device's own network is back: no need to wait out the backoff.
  window.addEventListener('online', () => {
    if (status === 'unreachable') checkLater(0);
  });
}

export function useServerStatus(): ServerStatus {
  return useSyncExternalStore(
    (listener) => onServerStatus(listener),
    serverStatus,
    () => 'reachable',
  );
}
