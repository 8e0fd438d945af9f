import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerSecret } from '../../lib/server-secret.ts';
import { type CookieNames, cookieNames, xsrfToken } from '../../plugins/policies.ts';
import type { IssuedSession } from '../sessions/sessions.service.ts';

/**
 * The session travels as an httpOnly cookie; the XSRF cookie, readable by Chorus's own pages,
 * holds the session's CSRF token, which they send back in the X-XSRF-TOKEN header. Both live
 * exactly as long: 'Remember me' gives them a Max-Age of 30 days, otherwise they are
 * browser-session cookies.
 */
export class SessionCookies {
  readonly names: CookieNames;

  constructor(
    private readonly secret: ServerSecret,
    private readonly secure: boolean,
  ) {
    this.names = cookieNames(secure);
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
    reply.setCookie(this.names.xsrf, xsrfToken(this.secret, session.token), {
      ...common,
      httpOnly: false,
    });
  }

  /**
   * Re-issues the XSRF cookie of a live cookie session when the browser lost it or holds one that
   * is not this session's (e.g. planted, or left from an earlier session).
   */
  ensureXsrf(request: FastifyRequest, reply: FastifyReply): void {
    const sessionToken = request.cookies[this.names.session];
    if (!sessionToken) return;
    const expected = xsrfToken(this.secret, sessionToken);
    if (request.cookies[this.names.xsrf] === expected) return;
    reply.setCookie(this.names.xsrf, expected, {
      path: '/',
      sameSite: 'lax',
      secure: this.secure,
      httpOnly: false,
    });
  }

  clear(reply: FastifyReply): void {
    const common = { path: '/', sameSite: 'lax' as const, secure: this.secure };
    reply.clearCookie(this.names.session, { ...common, httpOnly: true });
    reply.clearCookie(this.names.xsrf, common);
  }
}
