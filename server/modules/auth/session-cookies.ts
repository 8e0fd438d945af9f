import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerSecret } from '../../lib/server-secret.ts';
import { type CookieNames, cookieNames, XSRF_COOKIE, xsrfToken } from '../../plugins/policies.ts';
import type { IssuedSession } from '../sessions/sessions.service.ts';

/**
 * The session travels as an httpOnly cookie; the XSRF cookie, readable by Chorus's own pages,
 * holds the session's CSRF token, which they send back in the X-XSRF-TOKEN header. Both live
 * exactly as long: 'Remember me' gives them a Max-Age of 30 days, otherwise they are
 * browser-session cookies.
 *
 * Under https the XSRF cookie is also written unprefixed, as `XSRF-TOKEN`: axios, which the
 * product's original client calls with, sends only a cookie of that name back as X-XSRF-TOKEN.
 * The server never reads either cookie to check a call (the header must equal the session's own
 * token), so a copy planted by a neighbouring host can only make that check fail.
 */
export class SessionCookies {
  readonly names: CookieNames;
  /** The XSRF cookie's names, the unprefixed copy under https included. */
  private readonly xsrfNames: string[];

  constructor(
    private readonly secret: ServerSecret,
    private readonly secure: boolean,
  ) {
    this.names = cookieNames(secure);
    this.xsrfNames = secure ? [this.names.xsrf, XSRF_COOKIE] : [this.names.xsrf];
  }

  set(reply: FastifyReply, session: IssuedSession): void {
    const maxAge = session.persistent
      ? Math.floor((session.expiresAt.getTime() - Date.now()) / 1000)
      : undefined;
    const common = {
      path: '/',
      sameSite: 'lax' as const,
      secure: this.secure,
      ...(maxAge ? { maxAge } : {}),
    };
    reply.setCookie(this.names.session, session.token, { ...common, httpOnly: true });
    const xsrf = xsrfToken(this.secret, session.token);
    for (const name of this.xsrfNames) reply.setCookie(name, xsrf, { ...common, httpOnly: false });
  }

  /**
   * Re-issues the XSRF cookie of a live cookie session when the browser lost it or holds one that
   * is not this session's (e.g. planted, or left from an earlier session).
   */
  ensureXsrf(request: FastifyRequest, reply: FastifyReply): void {
    const sessionToken = request.cookies[this.names.session];
    if (!sessionToken) return;
    const expected = xsrfToken(this.secret, sessionToken);
    if (this.xsrfNames.every((name) => request.cookies[name] === expected)) return;
    for (const name of this.xsrfNames) {
      reply.setCookie(name, expected, {
        path: '/',
        sameSite: 'lax',
        secure: this.secure,
        httpOnly: false,
      });
    }
  }

  clear(reply: FastifyReply): void {
    const common = { path: '/', sameSite: 'lax' as const, secure: this.secure };
    reply.clearCookie(this.names.session, { ...common, httpOnly: true });
    for (const name of this.xsrfNames) reply.clearCookie(name, common);
  }
}
