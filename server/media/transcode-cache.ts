import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ENCODINGS, TRANSCODE_FORMATS, type TranscodePlan } from './ffmpeg.ts';
import { LocalMediaStore } from './local-store.ts';

interface Entry {
  size: number;
  /** When the file's time on disk was last set, so restarts know what was used least lately. */
  touchedAt: number;
}

/** A used file's time on disk is set at most this often: every Range request is a use. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The cache key of a whole-song transcode: `mp3/128/ab/<content hash>.mp3`. The song's audio
 * key is content-addressed, so a transcode of the same bytes is the same file forever.
 */
export function transcodeKey(hash: string, plan: Pick<TranscodePlan, 'format' | 'kbps'>): string {
  const encoding = ENCODINGS[plan.format];
  return `${plan.format}/${plan.kbps}/${hash.slice(0, 2)}/${hash}.${encoding.extension}`;
}

/**
 * Finished transcodes on disk (`DATA_DIR/transcodes`), at most `capBytes` in all: past it the
 * least recently used files go first. Files arrive whole (written in staging, then renamed), so
 * what is listed is always complete; the files are served like stored media (`files`).
 */
export class TranscodeCache {
  readonly files: LocalMediaStore;
  /** In use order: the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private loaded: Promise<void> | null = null;

  constructor(
    root: string,
    readonly capBytes: number,
  ) {
    // Half-written files of a run that stopped mid-transcode go before any transcode starts.
    fs.rmSync(path.join(root, '.staging'), { recursive: true, force: true });
    this.files = new LocalMediaStore(root);
  }

  /** What the cache holds now, in bytes. */
  get size(): number {
    return this.total;
  }

  /** Learns what earlier runs left, oldest use first. */
  private load(): Promise<void> {
    this.loaded ??= (async () => {
      const found: { key: string; size: number; mtimeMs: number }[] = [];
      for (const format of TRANSCODE_FORMATS) {
        for await (const key of this.files.list(`${format}/`)) {
          const stat = await this.files.stat(key);
          if (stat) found.push({ key, size: stat.size, mtimeMs: stat.mtimeMs });
        }
      }
      found.sort((a, b) => a.mtimeMs - b.mtimeMs);
      for (const file of found) this.remember(file.key, file.size, file.mtimeMs);
      await this.evict();
    })();
    return this.loaded;
  }

  private remember(key: string, size: number, touchedAt: number): void {
    this.entries.set(key, { size, touchedAt });
    this.total += size;
  }

  /** Whether `key` is cached; a hit makes it the most recently used. */
  async has(key: string): Promise<boolean> {
    await this.load();
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.entries.set(key, entry);
    const now = Date.now();
    if (now - entry.touchedAt > TOUCH_EVERY_MS) {
      entry.touchedAt = now;
      const at = new Date(now);
      await fsp.utimes(this.files.localPath(key), at, at).catch(() => {});
    }
    return true;
  }

  /** A fresh staging path in the cache's folder, from where `admit` renames it. */
  stagingPath(): string {
    return this.files.stagingPath('.transcode');
  }

  /**
   * Takes a finished transcode written at `stagingFile` under `key`, then drops the least
   * recently used files until the cache fits. A file larger than the whole cache is not cached.
   */
  async admit(key: string, stagingFile: string): Promise<boolean> {
    await this.load();
    const { size } = await fsp.stat(stagingFile);
    if (size > this.capBytes || this.entries.has(key)) {
      await fsp.rm(stagingFile, { force: true });
      return this.entries.has(key);
    }
    await this.files.putFile(key, stagingFile);
    this.remember(key, size, Date.now());
    await this.evict(key);
    return true;
  }

  /** Removes the least recently used files (never `keep`) until the total fits the cap. */
  private async evict(keep?: string): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.capBytes) return;
      if (key === keep) continue;
      this.entries.delete(key);
      this.total -= entry.size;
      // A listener still reading the file keeps its bytes until done: only the name goes.
      await this.files.delete(key);
    }
  }
}
