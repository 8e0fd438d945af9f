import { useSyncExternalStore } from 'react';

/**
 * The UI hints kept in browser storage (SPEC §3): `user`, `isAuth`, `isAdmin`. They only decide
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
  for (const listener of listeners) listener();
}

window.addEventListener('storage', (event) => {
  if (event.key === null || ['user', 'isAuth', 'isAdmin'].includes(event.key)) changed();
});

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

export function getSession(): SessionHints {
  return read();
}

export function useSession(): SessionHints {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, read);
}
