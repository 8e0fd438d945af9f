/** The one way the web app talks to the server: JSON, the session cookie, and the CSRF header. */
import { reportReachable, reportUnreachable, responseMeansUnreachable } from './connection.ts';

/** What a call that never reached the server says (the banner then tells the listener). */
export const NETWORK_ERROR = 'Network error or server is down';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    // The server may start a message with the field it is about ("imageFile: …") for callers
    // that only read the text; a form shows it by the field itself, so the name is left out.
    super(field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message);
    this.name = 'ApiError';
  }
}

/**
 * Whether `failure` is the server refusing the request as it was sent (a 4xx): asking again the
 * same way gets the same answer. A 5xx, such as a busy server's 503, may not.
 */
export function isRefusal(failure: unknown): failure is ApiError {
  return failure instanceof ApiError && failure.status >= 400 && failure.status < 500;
}

/**
 * Whether `failure` is the server refusing what a request sent in `field` (a 4xx naming it): the
 * file a form sent there is then at fault and is let go of.
 */
export function refusesField(failure: unknown, field: string): boolean {
  return isRefusal(failure) && failure.field === field;
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

/** The session's CSRF token, from its cookie (named with `__Host-` when served over https). */
export function xsrfToken(): string | null {
  return readCookie('__Host-XSRF-TOKEN') ?? readCookie('XSRF-TOKEN');
}

const sessionRefusedListeners = new Set<(message: string, sentAt: number) => void>();

/**
 * Calls that sign in: their 401 is a wrong password or code, the form's to show, not news of the
 * session.
 */
const SIGNS_IN = /^\/(auth\/|admin\/adminLogin)/;

/**
 * Calls `listener` with the server's message, and when the call was sent (`performance.now()`),
 * whenever the server refuses a call for want of a session (401): the session expired or was
 * ended (a logout elsewhere, a blocked account). Returns the function that stops it.
 */
export function onSessionRefused(listener: (message: string, sentAt: number) => void): () => void {
  sessionRefusedListeners.add(listener);
  return () => sessionRefusedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const xsrf = xsrfToken();
    if (xsrf) headers['x-xsrf-token'] = xsrf;
  }
  let response: Response;
  const sentAt = performance.now();
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      signal: options.signal,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    reportUnreachable();
    throw new ApiError(0, NETWORK_ERROR);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (responseMeansUnreachable(response.status, data)) reportUnreachable();
  else reportReachable();
  if (!response.ok) {
    const body = (data ?? {}) as { message?: string; field?: string };
    const error = new ApiError(
      response.status,
      body.message ?? `Request failed (${response.status})`,
      body.field,
    );
    if (response.status === 401 && !SIGNS_IN.test(path)) {
      for (const listener of sessionRefusedListeners) listener(error.message, sentAt);
    }
    throw error;
  }
  return data as T;
}

export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
