import type { FastifyReply } from 'fastify';
import { randomToken } from '../../lib/tokens.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../plugins/policies.ts';
import type { IssuedSession } from '../sessions/sessions.service.ts';

/**
 * The session travels as an httpOnly cookie; the XSRF cookie is readable by Chorus's own pages,
 * which echo it in the X-XSRF-TOKEN header (double-submit). Both live exactly as long: 'Remember
 * me' gives them a Max-Age of 30 days, otherwise they are browser-session cookies.
 */
export function setSessionCookies(
  reply: FastifyReply,
  session: IssuedSession,
  secure: boolean,
): void {
  const maxAge = session.persistent
    ? Math.floor((session.expiresAt.getTime() - Date.now()) / 1000)
    : undefined;
  const common = { path: '/', sameSite: 'lax' as const, secure, ...(maxAge ? { maxAge } : {}) };
  reply.setCookie(SESSION_COOKIE, session.token, { ...common, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, randomToken(), { ...common, httpOnly: false });
}

/** Re-issues a lost XSRF cookie for a live cookie session (e.g. after the browser dropped it). */
export function ensureXsrfCookie(
  reply: FastifyReply,
  present: string | undefined,
  secure: boolean,
): void {
  if (present) return;
  reply.setCookie(XSRF_COOKIE, randomToken(), {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
  });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
  reply.clearCookie(XSRF_COOKIE, { path: '/', sameSite: 'lax', secure });
}
