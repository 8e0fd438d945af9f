import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/errors.ts';
import type { ServerSecret } from '../lib/server-secret.ts';
import type { RateLimitRepository } from './rate-limit.repository.ts';

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowMs: number;
}

/** A route's limit: per client address (the default) or per logged-in caller. */
export interface RouteLimit extends Limit {
  per?: 'address' | 'caller';
  /** What the 429 says there was too much of (a sentence); the wait follows. */
  message?: string;
}

/** A window as counted so far. */
export interface Window {
  hits: number;
  /** Seconds until the window ends. */
  waitSeconds: number;
}

/** How often, in hits, one instance deletes ended windows. */
const SWEEP_EVERY = 500;

/**
 * The address a limit is keyed by. An IPv6 client usually holds a whole /64, so one counts per
 * /64; an IPv4 address written as IPv6 (`::ffff:a.b.c.d`) counts as itself.
 */
export function addressBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Fixed-window counters stored in the database, so every instance behind one proxy counts the same
 * hits. Keys are stored as keyed hashes: the table holds no e-mail or address in clear.
 */
export class RateLimiter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly store: RateLimitRepository,
    private readonly secret: ServerSecret,
  ) {}

  private stored(key: string): string {
    return this.secret.hash('rate-limit', key).slice(0, 40);
  }

  /** Counts a hit for `key` and returns the window after it, without refusing anything. */
  async count(key: string, limit: Limit, now = Date.now()): Promise<Window> {
    if (++this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0;
      await this.store.deleteEnded(new Date(now).toISOString());
    }
    const window = await this.store.hit(
      this.stored(key),
      new Date(now).toISOString(),
      new Date(now + limit.windowMs).toISOString(),
    );
    return { hits: window.hits, waitSeconds: (Date.parse(window.resetAt) - now) / 1000 };
  }

  /** Counts a hit for `key`; throws a 429 that names the wait when the window is used up. */
  async hit(key: string, limit: Limit, now = Date.now()): Promise<void> {
    const window = await this.count(key, limit, now);
    if (window.hits > limit.max) throw tooManyRequests(window.waitSeconds);
  }

  /** The live window of `key` as counted so far, without counting a hit; null when none. */
  async peek(key: string, now = Date.now()): Promise<Window | null> {
    const window = await this.store.peek(this.stored(key), new Date(now).toISOString());
    return window
      ? { hits: window.hits, waitSeconds: (Date.parse(window.resetAt) - now) / 1000 }
      : null;
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(this.stored(key));
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's limit, checked before its body is read. */
    rateLimit?: RouteLimit;
  }
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

async function enforceRouteLimit(
  limiter: RateLimiter,
  request: FastifyRequest,
  limit: RouteLimit,
): Promise<void> {
  const who =
    limit.per === 'caller' && request.caller
      ? `user:${request.caller.userId}`
      : `ip:${addressBucket(request.ip)}`;
  const window = await limiter.count(`route:${request.routeOptions.url}:${who}`, limit);
  if (window.hits > limit.max) throw tooManyRequests(window.waitSeconds, limit.message);
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { limiter: RateLimiter }) => {
    app.decorate('rateLimiter', options.limiter);
    // Address limits come first of all; caller limits once the caller is known (onRequest of the
    // policies), still before the body is read.
    app.addHook('onRequest', async (request) => {
      const limit = request.routeOptions.config.rateLimit;
      if (limit && limit.per !== 'caller') await enforceRouteLimit(options.limiter, request, limit);
    });
    app.addHook('preParsing', async (request) => {
      const limit = request.routeOptions.config.rateLimit;
      if (limit?.per === 'caller') await enforceRouteLimit(options.limiter, request, limit);
    });
  },
  { name: 'rate-limit' },
);
