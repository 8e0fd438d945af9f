import { createContext, useContext, useSyncExternalStore } from 'react';
import type { LoginResponse, MeResponse } from '../../contract/auth.ts';
import { ApiError, api } from './api.ts';

/**
 * The UI hints stored in the browser: `user`, `isAuth`, `isAdmin`. They only decide
 * what to show; the server decides every permission from the session cookie.
 */
export interface StoredUser {
  _id: number;
  name: string;
  email: string;
  isAdmin?: boolean;
  [key: string]: unknown;
}

export interface SessionHints {
  user: StoredUser | null;
  isAuth: boolean;
  isAdmin: boolean;
}

const listeners = new Set<() => void>();
let cached: SessionHints | null = null;
/** When the hints last changed here or in another tab (`performance.now()`). */
let changedAt = 0;

function read(): SessionHints {
  if (cached) return cached;
  let user: StoredUser | null = null;
  try {
    user = JSON.parse(localStorage.getItem('user') ?? 'null') as StoredUser | null;
  } catch {
    user = null;
  }
  cached = {
    user,
    isAuth: localStorage.getItem('isAuth') === 'true',
    isAdmin: localStorage.getItem('isAdmin') === 'true',
  };
  return cached;
}

function changed(): void {
  cached = null;
  changedAt = performance.now();
  for (const listener of listeners) listener();
}

// The server renders pages too (web/ssr), where there is no window.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || ['user', 'isAuth', 'isAdmin'].includes(event.key)) changed();
  });
}

export const VISITOR: SessionHints = { user: null, isAuth: false, isAdmin: false };

/**
 * The hints a server-rendered page was rendered with (from its session cookie). The server renders
 * with them, and the browser hydrates with them, so both render the same page; the browser then
 * renders again with its own hints if they differ. Each render provides its own (`App`), so no
 * request's hints outlive its render.
 */
export const RenderedSession = createContext<SessionHints>(VISITOR);

export function saveSession(user: StoredUser, isAdmin: boolean): void {
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('isAuth', 'true');
  if (isAdmin) localStorage.setItem('isAdmin', 'true');
  else localStorage.removeItem('isAdmin');
  changed();
}

export function clearSession(): void {
  for (const key of ['user', 'isAuth', 'isAdmin', 'token', 'admin_token'])
    localStorage.removeItem(key);
  changed();
}

/** Whether the hints changed (a login, a logout) since `time` (`performance.now()`). */
export function sessionChangedSince(time: number): boolean {
  return changedAt > time;
}

export function getSession(): SessionHints {
  return read();
}

export function useSession(): SessionHints {
  const rendered = useContext(RenderedSession);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => rendered,
  );
}

/**
 * Keeps what a login answered as the UI hints: the user (with `admin.username`, which the profile
 * reads) and the flags. The token is not stored: the httpOnly cookie carries the session.
 */
export function rememberLogin(response: Pick<LoginResponse, 'user' | 'admin' | 'isAdmin'>): void {
  saveSession({ ...response.user, admin: response.admin }, response.isAdmin);
}

/** Forgets the hints, then ends the session on the server. */
export async function logout(): Promise<void> {
  // The hints go first: a call the server refuses while the session ends is then no news.
  clearSession();
  await api('/auth/logout', { method: 'POST' });
}

/** The "who am I" call under way, which everyone who asks meanwhile shares. */
let confirming: Promise<boolean> | null = null;

/**
 * Asks the server whether this tab's session is live, and brings the hints in line with its
 * answer: true once confirmed; false when the server no longer knows it (the hints are then
 * cleared) or could not be asked (they stay, as nothing is known of it). A login or logout made
 * while it was asked (here or in another tab) is newer than the answer, which then changes
 * nothing and confirms nothing.
 */
export function confirmSession(): Promise<boolean> {
  if (confirming) return confirming;
  const sentAt = performance.now();
  confirming = api<MeResponse>('/auth/me')
    .then(
      (response) => {
        if (sessionChangedSince(sentAt)) return false;
        rememberLogin(response);
        return true;
      },
      (error: unknown) => {
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
        if (refused && !sessionChangedSince(sentAt)) clearSession();
        return false;
      },
    )
    .finally(() => {
      confirming = null;
    });
  return confirming;
}

/**
 * After a reload the hints may be stale (the session expired, was revoked, or the account was
 * blocked, or the page the server rendered says a session exists that the hints lack): ask the server
 * once and bring the hints in line.
 */
export async function restoreSession(serverSawSession = false): Promise<void> {
  if (!read().isAuth && !serverSawSession) return;
  await confirmSession();
}
