import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppError, forbidden, unauthorized } from '../lib/errors.ts';
import type { ServerSecret } from '../lib/server-secret.ts';
import { safeEqual } from '../lib/tokens.ts';
import type { SessionsService } from '../modules/sessions/sessions.service.ts';

/**
 * Who may call a route, declared where the route is registered:
 * - public: anyone, visitors included;
 * - listener: any logged-in account that is not blocked (administrators included);
 * - admin: administrators only;
 * - subsonic: the Subsonic API (`/rest`), which checks its own credentials on every call (`u`
 *   with `p` or `t` and `s`, or `apiKey`) and responds to refusals in Subsonic's format with HTTP 200;
 *   session cookies and bearer tokens are not read there, so a cross-site form cannot ride on one.
 */
export type Policy = 'public' | 'listener' | 'admin' | 'subsonic';
export const POLICIES: readonly Policy[] = ['public', 'listener', 'admin', 'subsonic'];

export interface Caller {
  userId: number;
  role: 'listener' | 'admin';
  name: string;
  email: string;
  sessionId: number;
  /** `app`: a Subsonic app's call, which has no session (sessionId 0). */
  via: 'cookie' | 'bearer' | 'app';
}

/**
 * The caller of a route whose policy requires one (listener or admin). The policy has already
 * refused anyone else, so this narrows the type; a route that declared a weaker policy by mistake
 * responds 401 rather than acting for nobody.
 */
export function requireCaller(request: { caller: Caller | null }): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

export const SESSION_COOKIE = 'chorus_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export interface CookieNames {
  session: string;
  xsrf: string;
  /** The visitor cookie of play counts (server/modules/plays). */
  listener: string;
}

/**
 * Under https the cookies carry the `__Host-` prefix: the browser then takes them only from this
 * host, over https, for the whole site, so a neighbouring subdomain cannot plant one.
 */
export function cookieNames(secure: boolean): CookieNames {
  const prefix = secure ? '__Host-' : '';
  return {
    session: `${prefix}${SESSION_COOKIE}`,
    xsrf: `${prefix}${XSRF_COOKIE}`,
    listener: `${prefix}chorus_listener`,
  };
}

/**
 * The CSRF token of a session: a keyed hash of its token, so only the server can make it and a
 * token planted in the browser by someone else matches no session.
 */
export function xsrfToken(secret: ServerSecret, sessionToken: string): string {
  return Buffer.from(secret.hash('xsrf', sessionToken), 'hex').toString('base64url');
}

export interface RouteEntry {
  method: string;
  url: string;
  policy: Policy;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared policy, for the policy test and the docs. */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    policy?: Policy;
  }
  interface FastifyRequest {
    /** The logged-in account, or null for a visitor. */
    caller: Caller | null;
    /** Why a presented credential was not accepted, so a refusal can say so. */
    authProblem: 'csrf' | 'blocked' | 'expired' | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The product's own wording, its spelling included, as listeners know it. */
export const SUSPENDED_MESSAGE = 'Your account temporerly suspended';

interface PoliciesOptions {
  sessions: SessionsService;
  secret: ServerSecret;
  secureCookies: boolean;
}

async function identify(request: FastifyRequest, options: PoliciesOptions): Promise<void> {
  request.caller = null;
  request.authProblem = null;
  const bearer = bearerToken(request);
  const cookie = request.cookies[cookieNames(options.secureCookies).session];
  const token = bearer ?? cookie;
  if (!token) return;
  const via = bearer ? 'bearer' : 'cookie';
  // A cookie rides along on cross-site requests, so unsafe cookie calls must prove they come from
  // Chorus's own pages by sending the session's CSRF token (given to them in the XSRF cookie).
  if (via === 'cookie' && UNSAFE_METHODS.has(request.method)) {
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !safeEqual(header, xsrfToken(options.secret, token))) {
      request.authProblem = 'csrf';
      return;
    }
  }
  const session = await options.sessions.resolve(token);
  if (!session) {
    request.authProblem = 'expired';
    return;
  }
  if (session.isBlocked) {
    request.authProblem = 'blocked';
    return;
  }
  request.caller = {
    userId: session.userId,
    role: session.role,
    name: session.name,
    email: session.email,
    sessionId: session.sessionId,
    via,
  };
}

function refusal(request: FastifyRequest): AppError {
  switch (request.authProblem) {
    case 'csrf':
      return forbidden('Missing or invalid CSRF token. Reload the page and try again.');
    case 'blocked':
      return forbidden(SUSPENDED_MESSAGE);
    case 'expired':
      return unauthorized('Your session has expired. Please log in again.');
    default:
      return unauthorized('Please log in to continue');
  }
}

/** Enforces a route's declared policy. */
export function enforce(policy: Policy, request: FastifyRequest): void {
  if (policy === 'public' || policy === 'subsonic') return;
  const caller = request.caller;
  if (!caller) throw refusal(request);
  if (policy === 'admin' && caller.role !== 'admin') {
    throw forbidden('Only administrators can do this');
  }
}

export const policiesPlugin = fp(
  async (app: FastifyInstance, options: PoliciesOptions) => {
    app.decorateRequest('caller', null);
    app.decorateRequest('authProblem', null);

    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);

    // A route without a declared policy is a bug; refuse to start rather than guess.
    app.addHook('onRoute', (route) => {
      const policy = route.config?.policy;
      if (!policy || !POLICIES.includes(policy)) {
        throw new Error(
          `Route ${route.method} ${route.url} declares no policy (public, listener, admin or subsonic)`,
        );
      }
      for (const method of [route.method].flat()) table.push({ method, url: route.url, policy });
    });

    // Checked on arrival, before any body is read or validated: a caller who may not use a route
    // learns that first, whatever they sent.
    app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
      const policy = request.routeOptions.config.policy;
      if (!policy) return; // the 404 handler has no route options of its own
      if (policy === 'subsonic') return; // the route authenticates the call itself
      await identify(request, options);
      enforce(policy, request);
    });
  },
  { name: 'policies', dependencies: ['@fastify/cookie'] },
);
