import { cacheOff } from '../../lib/caches-off.ts';
import type { CatalogRepository, DayCounts } from './catalog.repository.ts';

/** Running sums of play counts by id, with a top-k that does not sort the whole map. */
export class Tally {
  private readonly sums = new Map<number, number>();

  get size(): number {
    return this.sums.size;
  }

  add(counts: DayCounts, sign: 1 | -1): void {
    for (let i = 0; i < counts.ids.length; i++) {
      const id = counts.ids[i]!;
      const value = (this.sums.get(id) ?? 0) + sign * counts.n[i]!;
      if (value === 0) this.sums.delete(id);
      else this.sums.set(id, value);
    }
  }

  get(id: number): number {
    return this.sums.get(id) ?? 0;
  }

  /** The `k` largest sums, most first; ties go to the higher id (the newer row), as SQL did. */
  top(k: number): number[] {
    const ids: number[] = [];
    const values: number[] = [];
    const beats = (value: number, id: number, at: number) =>
      value > values[at]! || (value === values[at]! && id > ids[at]!);
    for (const [id, value] of this.sums) {
      if (value <= 0) continue;
      if (ids.length === k && !beats(value, id, k - 1)) continue;
      // Binary search for the first kept entry this one beats.
      let lo = 0;
      let hi = ids.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (beats(value, id, mid)) hi = mid;
        else lo = mid + 1;
      }
      ids.splice(lo, 0, id);
      values.splice(lo, 0, value);
      if (ids.length > k) {
        ids.pop();
        values.pop();
      }
    }
    return ids;
  }
}

interface CachedDay {
  stamp: string;
  /** Per-song sums, kept only while the day is inside the (shorter) trending window. */
  songs: DayCounts | null;
  artists: DayCounts;
  albums: DayCounts;
}

/** How often every day of the window is read again rather than reused. */
const REREAD_MS = 3_600_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Lets the event loop answer what waits (requests, timers) before going on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Play sums over the trending (songs) and popular (artists, albums) windows, from the per-day
 * buckets the plays triggers keep. A day's sums are read once and reused until its stamp in
 * `play_days` changes, so a refresh reads only today (and any day that changed) — a few small
 * queries instead of aggregating a month of plays. Windows are whole UTC days: "the last 7 days"
 * is the day 7 × 24 h ago through today.
 */
export class PlayWindows {
  readonly songs = new Tally();
  readonly artists = new Tally();
  readonly albums = new Tally();
  private readonly days = new Map<string, CachedDay>();
  private readSince = 0;

  constructor(
    private readonly catalog: Pick<
      CatalogRepository,
      'playDays' | 'songPlaysOn' | 'artistPlaysOn' | 'albumPlaysOn'
    >,
    private readonly trendingDays: number,
    private readonly popularDays: number,
  ) {}

  async update(now: number): Promise<void> {
    const trendingFrom = dayOf(now - this.trendingDays * 86_400_000);
    const popularFrom = dayOf(now - this.popularDays * 86_400_000);
    // Stamps are read before the sums: a play landing in between leaves a stale stamp, so the
    // day is simply read again next time (never the other way round).
    const stamps = await this.catalog.playDays(popularFrom);
    // A past day's sums follow credits and albums as they were when it was read; reading every
    // day afresh now and then lets edits to those reach the rankings.
    const rereadAll = now - this.readSince > REREAD_MS || cacheOff('play-days');
    // A month of days is hundreds of milliseconds of reads on a large catalog, and SQLite's run
    // on the event loop: the loop gets a turn after each one, so no request waits for them all.
    const read = new Map<string, CachedDay>();
    for (const [day, stamp] of stamps) {
      if (!rereadAll && this.days.get(day)?.stamp === stamp) continue;
      const songs = day >= trendingFrom ? await this.catalog.songPlaysOn(day) : null;
      await nextTurn();
      const artists = await this.catalog.artistPlaysOn(day);
      await nextTurn();
      const albums = await this.catalog.albumPlaysOn(day);
      await nextTurn();
      read.set(day, { stamp, songs, artists, albums });
    }
    // What was read goes in at once, so the sums never mix days from before and after.
    if (rereadAll) {
      for (const cached of this.days.values()) this.forget(cached);
      this.days.clear();
      this.readSince = now;
    }
    for (const [day, cached] of this.days) {
      if (read.has(day) || stamps.get(day) !== cached.stamp) {
        this.forget(cached);
        this.days.delete(day);
      } else if (day < trendingFrom && cached.songs) {
        this.songs.add(cached.songs, -1);
        cached.songs = null;
      }
    }
    for (const [day, cached] of read) {
      if (cached.songs) this.songs.add(cached.songs, 1);
      this.artists.add(cached.artists, 1);
      this.albums.add(cached.albums, 1);
      this.days.set(day, cached);
    }
  }

  private forget(cached: CachedDay): void {
    if (cached.songs) this.songs.add(cached.songs, -1);
    this.artists.add(cached.artists, -1);
    this.albums.add(cached.albums, -1);
  }
}
