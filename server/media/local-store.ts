import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type MediaStat, type MediaStore, stagingFileIn, sweepStaging } from './media-store.ts';
import { OpenFiles } from './open-files.ts';

/** Reads of up to 1 MiB at a time: a 256 KiB range is then one read instead of sixteen. */
const READ_CHUNK = 1024 * 1024;

/** How many object sizes to remember (a few hundred kilobytes of memory). */
const STAT_CACHE_LIMIT = 10_000;

/** How many recently read files stay open: the songs being played, with room to spare. */
const OPEN_FILES_LIMIT = 64;

export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const;
  private readonly staging: string;
  /**
   * Keys are content-addressed, so a key's size never changes while it exists: remembering it
   * saves a stat() on every range request. `delete()` forgets it.
   */
  private readonly stats = new Map<string, MediaStat>();
  private readonly openFiles = new OpenFiles(OPEN_FILES_LIMIT);

  /**
   * `readableByGroup`: files 0640 and folders 0750 whatever the umask, for a proxy in Chorus's
   * group that sends them itself (MEDIA_ACCEL_REDIRECT); otherwise they stay Chorus's alone.
   */
  constructor(
    private readonly root: string,
    private readonly readableByGroup = false,
  ) {
    this.staging = path.join(root, '.staging');
    fs.mkdirSync(this.staging, { recursive: true });
    if (readableByGroup) {
      fs.chmodSync(root, 0o750);
      // The proxy reaches the media through the folder above (DATA_DIR, made 0700): its group
      // may pass through it, not list it, so the database and the secret there stay Chorus's.
      const above = path.dirname(root);
      const mode = fs.statSync(above).mode & 0o777;
      if ((mode & 0o010) === 0) fs.chmodSync(above, mode | 0o010);
    }
  }

  /** Opens `target` and the folders above it (up to the root) to the group, when asked to. */
  private async share(target: string): Promise<void> {
    if (!this.readableByGroup) return;
    await fsp.chmod(target, 0o640);
    for (let dir = path.dirname(target); dir.startsWith(`${this.root}/`); dir = path.dirname(dir)) {
      await fsp.chmod(dir, 0o750);
    }
  }

  private resolve(key: string): string {
    if (key.includes('..') || key.startsWith('/') || key.includes('\\')) {
      throw new Error(`Invalid media key ${key}`);
    }
    return path.join(this.root, key);
  }

  localPath(key: string): string {
    return this.resolve(key);
  }

  /** A folder has no URLs of its own: its files go out through Chorus or the proxy in front. */
  async signedUrl(): Promise<null> {
    return null;
  }

  stagingPath(suffix = ''): string {
    return stagingFileIn(this.staging, suffix);
  }

  sweepStaging(now?: number): Promise<number> {
    return sweepStaging(this.staging, now);
  }

  async putFile(key: string, stagingFile: string): Promise<void> {
    const target = this.resolve(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Same key means same bytes, so an existing file is already right.
    if (await exists(target)) {
      await fsp.rm(stagingFile, { force: true });
      return;
    }
    await fsp.rename(stagingFile, target);
    await this.share(target);
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    const target = this.resolve(key);
    if (await exists(target)) return;
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = this.stagingPath();
    await fsp.writeFile(temp, data);
    await fsp.rename(temp, target);
    await this.share(target);
  }

  async stat(key: string): Promise<MediaStat | null> {
    const known = this.stats.get(key);
    if (known) return known;
    try {
      const stat = await fsp.stat(this.resolve(key));
      if (!stat.isFile()) return null;
      const result = { size: stat.size, mtimeMs: stat.mtimeMs };
      if (this.stats.size >= STAT_CACHE_LIMIT) this.stats.delete(this.stats.keys().next().value!);
      this.stats.set(key, result);
      return result;
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const length = range ? range.end - range.start + 1 : READ_CHUNK;
    return this.openFiles.read(
      this.resolve(key),
      range ?? {},
      Math.max(16 * 1024, Math.min(READ_CHUNK, length)),
    );
  }

  async *list(prefix: string): AsyncIterable<string> {
    const walk = async function* (dir: string, key: string): AsyncIterable<string> {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return; // nothing stored under it
      }
      for (const entry of entries) {
        const child = `${key}${entry.name}`;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${child}/`);
        else if (entry.isFile()) yield child;
      }
    };
    yield* walk(this.resolve(prefix), prefix.endsWith('/') ? prefix : `${prefix}/`);
  }

  async delete(key: string): Promise<void> {
    const target = this.resolve(key);
    this.openFiles.forget(target);
    for (const cached of this.stats.keys())
      if (cached === key || cached.startsWith(`${key}/`)) this.stats.delete(cached);
    await fsp.rm(target, { force: true, recursive: true });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fsp.access(file);
    return true;
  } catch {
    return false;
  }
}
