import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/errors.ts';

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in memory. Enough for one instance; a scaled-out deployment would
 * move the counters to a shared store behind the same two methods.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private sweeps = 0;

  /** Counts a hit for `key`; throws a 429 that names the wait when the window is used up. */
  hit(key: string, limit: Limit, now = Date.now()): void {
    if (++this.sweeps % 1000 === 0) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + limit.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > limit.max) throw tooManyRequests((window.resetAt - now) / 1000);
  }

  /** Seconds until `key` may be hit again, 0 when it may be now. */
  waitSeconds(key: string, limit: Limit, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < limit.max) return 0;
    return Math.ceil((window.resetAt - now) / 1000);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-IP limit for this route, checked before the handler. */
    rateLimit?: Limit;
  }
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { limiter: RateLimiter }) => {
    app.decorate('rateLimiter', options.limiter);
    app.addHook('onRequest', async (request) => {
      const limit = request.routeOptions.config.rateLimit;
      if (!limit) return;
      options.limiter.hit(`route:${request.routeOptions.url}:ip:${request.ip}`, limit);
    });
  },
  { name: 'rate-limit' },
);
