/**
 * The folder import behind `npm run import -- <folder>`: every audio file under a folder goes
 * through the same pipeline as an upload (staged while hashed, sniffed, probed, stored with a
 * way back), its tags create or link artists and albums, and content already imported (by hash)
 * is skipped. One bad file never stops the run; it is listed in the report.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { GENRES } from '../../../contract/rules/catalog.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { MediaCollector, type MediaHolds } from '../../media/collector.ts';
import { audioKey, type MediaStore } from '../../media/media-store.ts';
import type { Transcoder } from '../../media/transcoder.ts';
import {
  type AudioAcceptance,
  discard,
  inspectAudio,
  MediaBatch,
  type StagedFile,
  sniffAudio,
  stageLocalFile,
} from '../../media/upload.ts';
import { AdminSongsRepository } from './admin-songs.repository.ts';
import { FolderImportRepository } from './folder-import.repository.ts';

/** Files worth a look; the content decides, these only keep covers and notes out of the scan. */
const AUDIO_EXTENSIONS = new Set([
  '.mp3',
  '.m4a',
  '.mp4',
  '.aac',
  '.ogg',
  '.oga',
  '.opus',
  '.flac',
  '.wav',
  '.webm',
  '.wma',
  '.aif',
  '.aiff',
  '.ape',
  '.wv',
  '.alac',
  '.mka',
  '.mpc',
  '.dsf',
]);

export const UNKNOWN_ARTIST = 'Unknown Artist';

export interface ImportFailure {
  file: string;
  reason: string;
}

export interface ImportReport {
  scanned: number;
  imported: number;
  skipped: number;
  failed: ImportFailure[];
  artistsCreated: number;
  albumsCreated: number;
  seconds: number;
}

export interface ImportOptions {
  /** Files processed at once: I/O overlaps while the database stays one writer at a time. */
  concurrency?: number;
  onProgress?: (done: number, total: number, report: ImportReport) => void;
}

/** Audio files under `root`, recursively, in a stable order. */
export async function scanFolder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    const entries = await fsp.readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && AUDIO_EXTENSIONS.has(path.extname(entry.name).toLowerCase()))
        found.push(full);
    }
  };
  await walk(root);
  return found.sort();
}

function genreOf(tag: string | null): string {
  if (!tag) return 'Unknown';
  return GENRES.find((genre) => genre.toLowerCase() === tag.toLowerCase()) ?? tag;
}

function titleFromName(file: string): string {
  return (
    path
      .basename(file, path.extname(file))
      .replace(/^\d+[\s._-]+/, '')
      .replace(/[_]+/g, ' ')
      .trim()
      .slice(0, 200) || 'Untitled'
  );
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

export class FolderImport {
  private readonly repository: FolderImportRepository;
  private readonly songs: AdminSongsRepository;
  private readonly holds: MediaHolds;
  // Lookups are cached as promises so concurrent files with one artist create it only once.
  private readonly artists = new Map<string, Promise<number>>();
  private readonly albums = new Map<string, Promise<{ id: number; cover: string | null }>>();
  private readonly seen = new Set<string>();
  private report: ImportReport = {
    scanned: 0,
    imported: 0,
    skipped: 0,
    failed: [],
    artistsCreated: 0,
    albumsCreated: 0,
    seconds: 0,
  };

  constructor(
    db: Db,
    private readonly media: MediaStore,
    private readonly audioAccepted: AudioAcceptance,
  ) {
    this.repository = new FolderImportRepository(db);
    this.holds = new MediaCollector(db, media);
    this.songs = new AdminSongsRepository(db);
  }

  private artistId(name: string): Promise<number> {
    const key = name.toLowerCase();
    let found = this.artists.get(key);
    if (!found) {
      found = (async () => {
        const existing = await this.repository.findArtist(name);
        if (existing !== null) return existing;
        this.report.artistsCreated++;
        return this.repository.createArtist(name, nowIso());
      })();
      // A failed lookup must not poison the cache for the files after it.
      found.catch(() => this.artists.delete(key));
      this.artists.set(key, found);
    }
    return found;
  }

  private album(artistId: number, title: string, coverKey: string | null, year: number | null) {
    const key = `${artistId}\u0000${title.toLowerCase()}`;
    let found = this.albums.get(key);
    if (!found) {
      found = (async () => {
        const existing = await this.repository.findAlbum(artistId, title);
        if (existing) return existing;
        this.report.albumsCreated++;
        const id = await this.repository.createAlbum({
          title,
          artistId,
          coverKey,
          year,
          at: nowIso(),
        });
        return { id, cover: coverKey };
      })();
      found.catch(() => this.albums.delete(key));
      this.albums.set(key, found);
    }
    return found;
  }

  /**
   * Stores an embedded cover with the file's batch, which holds it until the song refers to it
   * (tracks of one album share it: stored once, by hash). A broken picture costs the song its
   * cover, not its place in the library.
   */
  private async cover(batch: MediaBatch, bytes: Buffer): Promise<string | null> {
    try {
      return await batch.storeImage(bytes);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /** Imports one file; returns what happened instead of throwing. */
  async importFile(file: string): Promise<'imported' | 'skipped' | ImportFailure> {
    const batch = new MediaBatch(this.media, this.holds);
    let staged: StagedFile | null = null;
    let claimed: string | null = null;
    try {
      staged = await stageLocalFile(this.media, file, path.basename(file));
      batch.track(staged);
      const sniffed = await sniffAudio(staged, this.audioAccepted);
      const key = audioKey(staged.hash, sniffed.extension);
      // Claimed before any await, so a second copy of the same bytes in this run is a duplicate.
      if (this.seen.has(key)) {
        await discard(staged);
        return 'skipped';
      }
      this.seen.add(key);
      claimed = key;
      if (await this.repository.songWithAudio(key)) {
        await discard(staged);
        return 'skipped';
      }
      const info = await inspectAudio(staged, this.audioAccepted, sniffed);
      const tags = info.tags;
      const storedKey = await batch.storeAudio(staged, info);
      const coverKey = tags.picture ? await this.cover(batch, tags.picture) : null;
      const artistNames =
        tags.artists.length > 0 ? tags.artists : [tags.albumArtist ?? UNKNOWN_ARTIST];
      const artistIds: number[] = [];
      for (const name of artistNames.slice(0, 20)) {
        const id = await this.artistId(name);
        if (!artistIds.includes(id)) artistIds.push(id);
      }
      let albumId: number | null = null;
      let albumCover: string | null = null;
      if (tags.album) {
        const owner = tags.albumArtist ? await this.artistId(tags.albumArtist) : artistIds[0]!;
        const album = await this.album(owner, tags.album, coverKey, tags.year);
        albumId = album.id;
        if (!album.cover && coverKey) {
          album.cover = coverKey;
          await this.repository.setAlbumCover(album.id, coverKey);
        }
        albumCover = album.cover;
      }
      // A track without its own picture shows its album's cover.
      const songCover = coverKey ?? albumCover;
      await this.songs.insert({
        title: tags.title ?? titleFromName(file),
        genre: genreOf(tags.genre),
        duration: info.duration,
        status: 'Active',
        audioKey: storedKey,
        audioMime: info.mime,
        audioSize: staged.size,
        audioCodec: info.codec,
        audioBitrate: info.bitrate,
        coverKey: songCover,
        albumId,
        trackNumber: tags.trackNumber,
        artistIds,
        at: nowIso(),
      });
      await batch.finish();
      return 'imported';
    } catch (error) {
      await batch.rollback();
      if (claimed) this.seen.delete(claimed);
      return { file, reason: reasonOf(error) };
    }
  }

  async run(root: string, options: ImportOptions = {}): Promise<ImportReport> {
    const started = performance.now();
    const stat = await fsp.stat(root).catch(() => null);
    if (!stat?.isDirectory()) throw new Error(`${root} is not a folder`);
    const files = await scanFolder(root);
    this.report.scanned = files.length;
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++]!;
        const outcome = await this.importFile(file);
        if (outcome === 'imported') this.report.imported++;
        else if (outcome === 'skipped') this.report.skipped++;
        else this.report.failed.push({ ...outcome, file: path.relative(root, file) });
        done++;
        options.onProgress?.(done, files.length, this.report);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 6) }, worker));
    this.report.seconds = (performance.now() - started) / 1000;
    this.report.failed.sort((a, b) => a.file.localeCompare(b.file));
    return this.report;
  }
}

export function importFolder(
  deps: { db: Db; media: MediaStore; transcoder: Pick<Transcoder, 'available'> },
  root: string,
  options?: ImportOptions,
): Promise<ImportReport> {
  return new FolderImport(deps.db, deps.media, {
    transcodes: deps.transcoder.available,
  }).run(root, options);
}
