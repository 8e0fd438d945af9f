import type { Song } from '../../../contract/catalog.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { ByteBudget } from '../../lib/cache-budget.ts';
import { cacheOff } from '../../lib/caches-off.ts';
import { songForOriginalClient } from '../catalog/catalog.presenter.ts';
import type { PlaylistStats } from './playlists.repository.ts';

/**
 * The two shapes a playlist is served in: Chorus's own (`GET /api/playlists/:id`) and the
 * original client's (`GET /api/user/playlistById/:id`, docs/original-client.md).
 */
export type PlaylistShape = 'chorus' | 'originalClient';

/** What presenting a playlist's songs produced, valid for one catalog and playlist version. */
export interface CachedSongs {
  /** `catalog_version` (migration 005). */
  version: number;
  /** The playlist's `songs_version` (migration 006). */
  songsVersion: number;
  songs: readonly Song[];
  stats: PlaylistStats;
  /**
   * Each song as JSON without its play count, per shape, made on first reuse in that shape (see
   * `songsJson`); a playlist is mostly read in one shape only, so usually one is made.
   */
  json?: Partial<Record<PlaylistShape, string[]>>;
  /** The last whole response sent from this entry in each shape, and its entity tag. */
  responses?: Partial<Record<PlaylistShape, { etag: string; body: Buffer }>>;
}

/**
 * The songs as a JSON array, each with its current play count. Each song's other fields are
 * serialised once and cached; only `"plays":n` is written per call (first in each object — key
 * order means nothing in JSON), so a call for thousands of songs serialises almost nothing.
 */
export function songsJson(
  entry: CachedSongs,
  plays: readonly number[],
  shape: PlaylistShape = 'chorus',
): string {
  entry.json ??= {};
  const tails =
    entry.json[shape] ??
    entry.songs.map((song) => {
      const { plays: _omitted, ...rest } = shape === 'chorus' ? song : songForOriginalClient(song);
      // `{"_id":…}` without its opening brace, so `{"plays":n,` can go in front.
      return JSON.stringify(rest).slice(1);
    });
  entry.json[shape] = tails;
  const parts = tails.map((tail, index) => `{"plays":${plays[index] ?? 0},${tail}`);
  return `[${parts.join(',')}]`;
}

/**
 * What a cached playlist takes per song: the presented song, and for each shape it was written
 * in (`songsJson`), its JSON text and its share of the last response sent. The playlist
 * benchmark measures a playlist in both shapes against what the cache charges for it (the
 * README's table).
 */
export const PLAYLIST_SONG_BYTES = 1024;
export const PLAYLIST_SHAPE_BYTES = 1024;

export interface SongsCacheOptions {
  /** Playlists shorter than this are cheap to present each time and are not cached. */
  minSongs: number;
  /** What the cached songs may take in all (least recently used playlists go first). */
  budget: ByteBudget;
  /** What one cached song weighs (PLAYLIST_SONG_BYTES). */
  songBytes?: number;
  /** What each shape written adds to a song (PLAYLIST_SHAPE_BYTES). */
  shapeBytes?: number;
}

/**
 * Presented songs of long playlists, per playlist, tagged with the catalog's and the playlist's
 * versions they were read under. An entry is used only while both are the same, so it is never stale;
 * play counts are not part of it (they change with every play) and are filled in fresh.
 */
export class PlaylistSongsCache {
  private readonly entries: BoundedMap<number, CachedSongs>;

  constructor(private readonly options: SongsCacheOptions) {
    const songBytes = options.songBytes ?? PLAYLIST_SONG_BYTES;
    const shapeBytes = options.shapeBytes ?? PLAYLIST_SHAPE_BYTES;
    this.entries = new BoundedMap(
      options.budget,
      (entry) =>
        entry.songs.length * (songBytes + shapeBytes * Object.keys(entry.json ?? {}).length),
    );
  }

  get(playlistId: number, version: number, songsVersion: number): CachedSongs | undefined {
    if (cacheOff('long-playlists')) return undefined;
    const entry = this.entries.get(playlistId);
    if (entry && (entry.version !== version || entry.songsVersion !== songsVersion)) {
      this.entries.delete(playlistId);
      return undefined;
    }
    return entry;
  }

  set(playlistId: number, entry: CachedSongs): void {
    if (cacheOff('long-playlists') || entry.songs.length < this.options.minSongs) return;
    const old = this.entries.get(playlistId);
    // A newer version replaces an older one, never the reverse (two readers may race).
    if (old && (old.version > entry.version || old.songsVersion > entry.songsVersion)) return;
    this.entries.set(playlistId, entry);
  }

  /**
   * The songs of a cached playlist as JSON (`songsJson`), the entry weighed again when this is
   * the first time it is written in `shape`.
   */
  songsJson(
    playlistId: number,
    entry: CachedSongs,
    plays: readonly number[],
    shape: PlaylistShape,
  ): string {
    const known = entry.json?.[shape] !== undefined;
    const text = songsJson(entry, plays, shape);
    if (!known) this.written(playlistId, entry);
    return text;
  }

  /**
   * Weighs a cached entry again once it was written in another shape (`songsJson`). It leaves
   * the cache if it no longer fits.
   */
  written(playlistId: number, entry: CachedSongs): void {
    if (this.entries.get(playlistId) === entry) this.entries.set(playlistId, entry);
  }

  /** What the cached playlists weigh in all. */
  get bytes(): number {
    return this.entries.bytes;
  }
}
