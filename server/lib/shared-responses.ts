import { BoundedMap } from './bounded-map.ts';
import type { ByteBudget } from './cache-budget.ts';
import { cacheOff } from './caches-off.ts';

/** A response rendered once and given to every caller it is for. */
export interface SharedResponse {
  body: Buffer;
  headers: Record<string, string | number>;
}

interface CachedResponse {
  version: number;
  at: number;
  response: Promise<SharedResponse>;
  /** The body's bytes, once rendered. */
  weight: number;
}

/**
 * Responses that are the same for every caller of their kind (the public unpaged lists), shared
 * while the catalog version they were rendered at stands and for at most `maxAgeMs`: a hidden
 * artist or song leaves them with the version's next read, and counts in them (listeners,
 * followers) lag by at most `maxAgeMs`, as the catalog's cached counts do. Callers arriving while
 * one is rendered wait for it rather than render it again, so many clients asking for a list of
 * the cap at once cost one rendering. Held within `budget` by the bytes of their bodies.
 */
export class SharedResponseCache {
  private readonly responses: BoundedMap<string, CachedResponse>;
  /** Renderings under way, which are weighed only once they are done. */
  private readonly rendering = new Map<string, CachedResponse>();

  constructor(
    budget: ByteBudget,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.responses = new BoundedMap(budget, (cached) => cached.weight);
  }

  /** The response under `key` at catalog `version`, rendered by `render` when none stands. */
  async get(
    key: string,
    version: number,
    render: () => Promise<SharedResponse>,
  ): Promise<SharedResponse> {
    if (cacheOff('public-lists')) return render();
    const fresh = (cached: CachedResponse | undefined) =>
      cached && cached.version === version && this.now() - cached.at <= this.maxAgeMs
        ? cached
        : undefined;
    const cached = fresh(this.rendering.get(key)) ?? fresh(this.responses.get(key));
    if (cached) return cached.response;
    const entry: CachedResponse = { version, at: this.now(), response: render(), weight: 0 };
    this.rendering.set(key, entry);
    try {
      const response = await entry.response;
      this.responses.set(key, { ...entry, weight: response.body.length });
      return response;
    } finally {
      if (this.rendering.get(key) === entry) this.rendering.delete(key);
    }
  }
}
