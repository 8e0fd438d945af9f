import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface SignedUrlOptions {
  /** What the URL's response says it holds, whatever the object was stored with. */
  contentType: string;
  cacheControl: string;
  expiresSeconds: number;
  /** What the URL's response says to do with it (a download's file name), when anything. */
  contentDisposition?: string;
}

export interface MediaStat {
  size: number;
  mtimeMs: number;
}

/**
 * Where audio and images live. Keys are content-addressed (derived from the SHA-256 of the
 * bytes), so a key never changes meaning: writing the same key twice is a no-op and anything
 * served under a key may be cached forever.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Moves a fully written staging file (from `stagingPath`) under `key`. */
  putFile(key: string, stagingFile: string): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  stat(key: string): Promise<MediaStat | null>;
  /** Bytes `start`..`end` inclusive, or the whole object. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /**
   * Removes the object under `key`, and succeeds when there is none: the media collector
   * (collector.ts) deletes each key of an unused object this way, and may repeat itself.
   */
  delete(key: string): Promise<void>;
  /**
   * Every key under `prefix` (e.g. `images/`), in no set order. Used once, to find objects
   * stored before the media collector knew of them (MediaCollector.scan).
   */
  list(prefix: string): AsyncIterable<string>;
  /** A fresh path where an upload may be streamed before it is stored. */
  stagingPath(suffix?: string): string;
  /** Removes staging files left behind (`sweepStaging`); how many went. */
  sweepStaging(now?: number): Promise<number>;
  /** The file behind a key when the store is a local folder (for sendfile-style hand-offs). */
  localPath(key: string): string | null;
  /** A URL anyone may fetch the object from until it expires; null for a local folder. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;
}

/** A fresh file name in the staging folder `dir`, starting with its time. */
export function stagingFileIn(dir: string, suffix = ''): string {
  return path.join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}${suffix}`);
}

/**
 * How old a staging file is before it counts as left behind: an upload cut off by a stop or a
 * crash leaves its file, and no upload (200 MB at most) takes a day to arrive.
 */
export const STAGING_LEFTOVER_MS = 24 * 60 * 60_000;

/** Removes the files in the staging folder `dir` older than STAGING_LEFTOVER_MS. */
export async function sweepStaging(dir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STAGING_LEFTOVER_MS) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** The configured store cannot be reached: start-up stops with this one-line message. */
export class MediaStoreUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaStoreUnreachable';
  }
}

const HASH = /^[a-f0-9]{64}$/;

export function isContentHash(value: string): boolean {
  return HASH.test(value);
}

/** `audio/ab/abcdef….mp3`: the two-character shard keeps folders small on big libraries. */
export function audioKey(hash: string, extension: string): string {
  return `audio/${hash.slice(0, 2)}/${hash}.${extension}`;
}

const AUDIO_KEY = /^audio\/[a-f0-9]{2}\/[a-f0-9]{64}\.[a-z0-9]+$/;

/** Whether `key` has the shape `audioKey` gives. */
export function isAudioKey(key: string): boolean {
  return AUDIO_KEY.test(key);
}

export function imageOriginalKey(hash: string): string {
  return `images/${hash.slice(0, 2)}/${hash}/original`;
}

export function imageVariantKey(hash: string, width: number): string {
  return `images/${hash.slice(0, 2)}/${hash}/${width}.webp`;
}

/** The content hash inside an audio key, used as its strong ETag. */
export function hashOfKey(key: string): string | null {
  const match = /([a-f0-9]{64})/.exec(key);
  return match?.[1] ?? null;
}
