import { describe, expect, it } from 'vitest';
import type { Song } from '../../../contract/catalog.ts';
import { ByteBudget } from '../../lib/cache-budget.ts';
import { type CachedSongs, PlaylistSongsCache, songsJson } from './songs-cache.ts';

function song(id: number, extra: Partial<Song> = {}): Song {
  return {
    _id: id,
    title: `Song ${id}`,
    artist: [{ _id: 1, name: 'A' }],
    artistName: 'A',
    genre: 'Pop',
    duration: '1:00',
    durationSeconds: 60,
    status: 'Active',
    coverImage: null,
    url: `/api/songs/${id}/stream?v=x`,
    audioUrl: `/api/songs/${id}/stream?v=x`,
    album: null,
    albumName: null,
    trackNumber: null,
    plays: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    isDeleted: false,
    ...extra,
  };
}

function entry(version: number, count: number, first = 1): CachedSongs {
  return {
    version,
    songsVersion: 0,
    songs: Array.from({ length: count }, (_, i) => song(first + i)),
    stats: { songCount: count, durationSeconds: 60 * count, covers: [] },
  };
}

describe('PlaylistSongsCache', () => {
  it('gives an entry back only for the version it was read under', () => {
    const cache = new PlaylistSongsCache({
      minSongs: 1,
      budget: new ByteBudget(100),
      songBytes: 1,
    });
    cache.set(7, entry(3, 5));
    expect(cache.get(7, 3, 0)?.songs).toHaveLength(5);
    expect(cache.get(7, 4, 0)).toBeUndefined();
    // A stale entry is dropped on sight.
    expect(cache.get(7, 3, 0)).toBeUndefined();
    expect(cache.bytes).toBe(0);
    cache.set(7, { ...entry(3, 5), songsVersion: 1 });
    expect(cache.get(7, 3, 2)).toBeUndefined();
  });

  it('keeps no short playlists, and never replaces a newer version with an older one', () => {
    const cache = new PlaylistSongsCache({
      minSongs: 10,
      budget: new ByteBudget(100),
      songBytes: 1,
    });
    cache.set(1, entry(1, 9));
    expect(cache.get(1, 1, 0)).toBeUndefined();
    cache.set(2, entry(5, 10));
    cache.set(2, entry(4, 12));
    expect(cache.get(2, 5, 0)?.songs).toHaveLength(10);
    cache.set(2, entry(6, 12));
    expect(cache.get(2, 6, 0)?.songs).toHaveLength(12);
    expect(cache.bytes).toBe(12);
  });

  it('drops the least recently used playlists past its budget', () => {
    const cache = new PlaylistSongsCache({ minSongs: 1, budget: new ByteBudget(25), songBytes: 1 });
    cache.set(1, entry(1, 10));
    cache.set(2, entry(1, 10));
    expect(cache.get(1, 1, 0)).toBeDefined();
    cache.set(3, entry(1, 10));
    expect(cache.get(2, 1, 0)).toBeUndefined();
    expect(cache.get(1, 1, 0)).toBeDefined();
    expect(cache.get(3, 1, 0)).toBeDefined();
    expect(cache.bytes).toBe(20);
    cache.set(4, entry(1, 26));
    expect(cache.get(4, 1, 0)).toBeUndefined();
  });

  it('weighs each shape a playlist is written in, and lets it go once it no longer fits', () => {
    const budget = new ByteBudget(60);
    const cache = new PlaylistSongsCache({ minSongs: 1, budget, songBytes: 2, shapeBytes: 1 });
    const cached = entry(1, 10);
    cache.set(1, cached);
    expect(budget.used).toBe(20);
    songsJson(cached, [], 'chorus');
    cache.written(1, cached);
    expect(budget.used).toBe(30);
    songsJson(cached, [], 'originalClient');
    cache.written(1, cached);
    expect(budget.used).toBe(40);
    // Another playlist written in both shapes does not fit beside it: the older one goes.
    const other = entry(1, 10, 20);
    songsJson(other, [], 'chorus');
    songsJson(other, [], 'originalClient');
    cache.set(2, other);
    expect(cache.get(1, 1, 0)).toBeUndefined();
    expect(budget.used).toBe(40);
    // An entry the cache no longer holds is not weighed again.
    cache.written(1, cached);
    expect(budget.used).toBe(40);
  });
});

describe('songsJson', () => {
  it('writes the songs with the play counts given, the same as JSON.stringify would', () => {
    const cached: CachedSongs = {
      version: 1,
      songsVersion: 0,
      songs: [
        song(1, { title: 'Quote " and \\ back\nslash', albumName: 'Ünïcødé ✓ 🎵' }),
        song(2, { album: { _id: 4, title: 'B' }, trackNumber: 3, coverImage: '/c.webp' }),
        song(3, { artist: [], artistName: '' }),
      ],
      stats: { songCount: 3, durationSeconds: 180, covers: [] },
    };
    const plays = [5, 0, 123_456];
    const expected = cached.songs.map((item, i) => ({ ...item, plays: plays[i] }));
    expect(JSON.parse(songsJson(cached, plays))).toEqual(expected);
    // Kept JSON is reused with other counts.
    expect(JSON.parse(songsJson(cached, [1, 2, 3])).map((item: Song) => item.plays)).toEqual([
      1, 2, 3,
    ]);
    expect(songsJson({ version: 1, songsVersion: 0, songs: [], stats: cached.stats }, [])).toBe(
      '[]',
    );
  });
});
