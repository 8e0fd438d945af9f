import { describe, expect, it } from 'vitest';
import type { DayCounts } from './catalog.repository.ts';
import { PlayWindows, Tally } from './popularity.ts';

const counts = (pairs: [number, number][]) => ({
  ids: Int32Array.from(pairs.map(([id]) => id)),
  n: Int32Array.from(pairs.map(([, n]) => n)),
});

describe('Tally', () => {
  it('sums days and ranks by count, ties to the higher id', () => {
    const tally = new Tally();
    tally.add(
      counts([
        [1, 5],
        [2, 3],
        [3, 5],
      ]),
      1,
    );
    tally.add(
      counts([
        [2, 4],
        [4, 1],
      ]),
      1,
    );
    expect(tally.top(10)).toEqual([2, 3, 1, 4]);
    expect(tally.top(2)).toEqual([2, 3]);
    expect(tally.get(2)).toBe(7);
  });

  it('forgets a day that is taken away, dropping ids that reach zero', () => {
    const tally = new Tally();
    const day = counts([
      [1, 2],
      [2, 1],
    ]);
    tally.add(day, 1);
    tally.add(counts([[2, 5]]), 1);
    tally.add(day, -1);
    expect(tally.top(5)).toEqual([2]);
    expect(tally.size).toBe(1);
  });

  it('matches a full sort on many ids', () => {
    const tally = new Tally();
    const pairs: [number, number][] = Array.from({ length: 500 }, (_, i) => [i + 1, (i * 37) % 23]);
    tally.add(counts(pairs), 1);
    const expected = pairs
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || b[0] - a[0])
      .slice(0, 25)
      .map(([id]) => id);
    expect(tally.top(25)).toEqual(expected);
  });
});

/** Play sums by day, as the catalog's per-day buckets give them, with reads counted. */
class PlayDays {
  /** Per day: its stamp, and plays by artist (songs and albums are given the same sums). */
  days = new Map<string, { stamp: string; plays: [number, number][] }>();
  reads = 0;

  async playDays(fromDay: string): Promise<Map<string, string>> {
    const stamps = new Map<string, string>();
    for (const [day, { stamp }] of this.days) if (day >= fromDay) stamps.set(day, stamp);
    return stamps;
  }
  private async sums(day: string): Promise<DayCounts> {
    this.reads++;
    return counts(this.days.get(day)?.plays ?? []);
  }
  songPlaysOn = (day: string) => this.sums(day);
  artistPlaysOn = (day: string) => this.sums(day);
  albumPlaysOn = (day: string) => this.sums(day);
}

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-27T12:00:00Z');
const dayAgo = (days: number) => new Date(NOW - days * DAY).toISOString().slice(0, 10);

describe('PlayWindows', () => {
  it('sums the days of each window: songs over the trending days, artists over the popular ones', async () => {
    const source = new PlayDays();
    source.days.set(dayAgo(0), { stamp: 'a', plays: [[1, 2]] });
    source.days.set(dayAgo(10), { stamp: 'b', plays: [[2, 5]] });
    source.days.set(dayAgo(40), { stamp: 'c', plays: [[3, 9]] });
    const windows = new PlayWindows(source, 7, 28);
    await windows.update(NOW);
    expect(windows.songs.top(5)).toEqual([1]);
    expect(windows.artists.top(5)).toEqual([2, 1]);
    // A day whose stamp moved is read again; the others are not.
    source.days.set(dayAgo(0), { stamp: 'a2', plays: [[1, 8]] });
    const before = source.reads;
    await windows.update(NOW + 1000);
    expect(source.reads - before).toBe(3);
    expect(windows.artists.top(5)).toEqual([1, 2]);
  });

  it('gives the event loop a turn between reads, and puts in what it read at once', async () => {
    const source = new PlayDays();
    for (let days = 0; days < 20; days++) {
      source.days.set(dayAgo(days), { stamp: 's', plays: [[days + 1, 1]] });
    }
    const windows = new PlayWindows(source, 7, 28);
    let seen: { reads: number; artists: number } | undefined;
    setImmediate(() => {
      seen = { reads: source.reads, artists: windows.artists.size };
    });
    await windows.update(NOW);
    // Other work ran after the first read, not after all 48 (songs on the 8 days from a week ago
    // to today, artists and albums on all 20), and it saw none of the sums yet.
    expect(seen).toEqual({ reads: 1, artists: 0 });
    expect(source.reads).toBe(48);
    expect(windows.artists.size).toBe(20);
  });

  it('reads every day again after an hour, so changes without a new stamp reach the sums', async () => {
    const source = new PlayDays();
    source.days.set(dayAgo(3), { stamp: 's', plays: [[1, 1]] });
    source.days.set(dayAgo(4), { stamp: 't', plays: [[2, 2]] });
    const windows = new PlayWindows(source, 7, 28);
    await windows.update(NOW);
    // Credits changed: the same day now sums under another artist, its stamp unchanged.
    source.days.set(dayAgo(3), { stamp: 's', plays: [[3, 5]] });
    await windows.update(NOW + 60_000);
    expect(windows.artists.top(5)).toEqual([2, 1]);
    await windows.update(NOW + 3_600_001);
    expect(windows.artists.top(5)).toEqual([3, 2]);
    expect(windows.artists.get(1)).toBe(0);
  });
});
