import type { AdminSongList, AlbumChoices, SongListQuery } from '../../../contract/admin.ts';
import type { Song } from '../../../contract/catalog.ts';
import { GENRES, SONG_STATUSES, type SongStatus } from '../../../contract/rules/catalog.ts';
import { parseDuration } from '../../../contract/rules/format.ts';
import { characters } from '../../../contract/rules/text.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { adminListPage, readInChunks } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import {
  type AudioAcceptance,
  inspectAudio,
  type MediaBatch,
  readImage,
  type StagedFile,
} from '../../media/upload.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { AdminSongsRepository, SongFilter } from './admin-songs.repository.ts';

export const DURATION_HINT = 'Please enter duration in MM:SS format (e.g., 3:45)';

export interface SongFields {
  title?: string | undefined;
  artist?: string | number | number[] | undefined;
  genre?: string | undefined;
  duration?: string | undefined;
  status?: string | undefined;
  /** Add Song: an existing album of one of the song's artists… */
  albumId?: string | undefined;
  /** …or the title of a new album of its first artist (the same title names the same album). */
  albumTitle?: string | undefined;
}

/**
 * The song forms' fields as the admin forms label them, so every message about one starts with
 * the name the admin sees above it, never the field's key.
 */
export const SONG_FIELD_LABELS = {
  title: 'Title',
  artist: 'Artist',
  albumId: 'Album',
  albumTitle: 'New album title',
  genre: 'Genre',
  status: 'Status',
} as const;

/** How many albums Add Song offers for the chosen artists. */
export const ALBUM_CHOICES_LIMIT = 200;

type AlbumChoice = { existing: number } | { title: string } | null;

/** Artist ids from a form: one id, a comma-separated list, or an array; in credit order. */
export function parseArtistIds(value: SongFields['artist']): number[] {
  const parts = Array.isArray(value)
    ? value.map(String)
    : String(value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
  if (parts.length === 0) throw badRequest(`${SONG_FIELD_LABELS.artist} is required`, 'artist');
  if (parts.length > 20) throw badRequest('A song can credit at most 20 artists', 'artist');
  const ids = parts.map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : Number.NaN));
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) {
    throw badRequest(`${SONG_FIELD_LABELS.artist} must be an artist id`, 'artist');
  }
  return [...new Set(ids)];
}

function title(value: string | undefined): string {
  const text = value?.replace(/\s+/g, ' ').trim() ?? '';
  if (!text) throw badRequest(`${SONG_FIELD_LABELS.title} is required`, 'title');
  if (characters(text) > 200)
    throw badRequest(`${SONG_FIELD_LABELS.title} must be at most 200 characters`, 'title');
  return text;
}

function genre(value: string | undefined, alsoAllowed?: string): string {
  const text = value?.trim() ?? '';
  if (!text) throw badRequest(`${SONG_FIELD_LABELS.genre} is required`, 'genre');
  const known = GENRES.find((name) => name.toLowerCase() === text.toLowerCase());
  if (known) return known;
  if (alsoAllowed && text === alsoAllowed) return text;
  throw badRequest(`${SONG_FIELD_LABELS.genre} must be one of ${GENRES.join(', ')}`, 'genre');
}

function status(value: string | undefined): SongStatus {
  if (value === undefined || value === '') return 'Active';
  const found = SONG_STATUSES.find((name) => name.toLowerCase() === value.trim().toLowerCase());
  if (!found) throw badRequest(`${SONG_FIELD_LABELS.status} must be Active or Inactive`, 'status');
  return found;
}

/** The album fields of Add Song: an album id, a new title, or neither (never both). */
function albumChoice(fields: SongFields): AlbumChoice {
  const id = fields.albumId?.trim() ?? '';
  const newTitle = fields.albumTitle?.replace(/\s+/g, ' ').trim() ?? '';
  if (id && newTitle) {
    throw badRequest('Choose an album or type a new album title, not both', 'albumTitle');
  }
  if (id) {
    const value = /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647) {
      throw badRequest(`${SONG_FIELD_LABELS.albumId} must be an album id`, 'albumId');
    }
    return { existing: value };
  }
  if (newTitle) {
    if (characters(newTitle) > 200) {
      throw badRequest(
        `${SONG_FIELD_LABELS.albumTitle} must be at most 200 characters`,
        'albumTitle',
      );
    }
    return { title: newTitle };
  }
  return null;
}

export class AdminSongsService {
  constructor(
    private readonly songs: AdminSongsRepository,
    private readonly catalog: CatalogService,
    /** Which audio uploads may be (more with ffmpeg, which transcodes for the web player). */
    private readonly audioAccepted: AudioAcceptance,
  ) {}

  private async requireArtists(ids: number[]): Promise<void> {
    const existing = await this.songs.existingArtists(ids);
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length > 0) {
      throw badRequest(`Artist not found: ${missing.join(', ')}`, 'artist');
    }
  }

  /**
   * The id of the album a new song goes on: the one picked, which must belong to one of the
   * song's artists, or the first artist's album of the typed title; null for none or a new one.
   */
  private async albumFor(choice: AlbumChoice, artistIds: number[]): Promise<number | null> {
    if (choice === null) return null;
    if ('existing' in choice) {
      const found = await this.songs.findAlbum(choice.existing);
      if (!found || !artistIds.includes(found.artist_id)) {
        throw badRequest("Album not found among the song's artists' albums", 'albumId');
      }
      return found.id;
    }
    return this.songs.findAlbumByTitle(artistIds[0]!, choice.title);
  }

  /** The albums Add Song offers once artists are chosen. */
  async albumChoices(artist: string): Promise<AlbumChoices> {
    const rows = await this.songs.albumsOfArtists(parseArtistIds(artist), ALBUM_CHOICES_LIMIT);
    return {
      items: rows.map((row) => ({
        _id: row.id,
        title: row.title,
        artist: { _id: row.artist_id, name: row.artist_name },
      })),
    };
  }

  async get(id: number): Promise<Song> {
    const row = await this.songs.find(id);
    if (!row) throw notFound('Song not found');
    return (await this.catalog.presentSongs([row]))[0]!;
  }

  /** Administrators see every song; anyone else only what listeners may play. */
  async list(query: SongListQuery, isAdmin: boolean): Promise<AdminSongList> {
    const filter: SongFilter = {
      q: query.q?.trim() || null,
      status: isAdmin ? (query.status ?? 'all') : 'listed',
    };
    const { page, limit, offset, hasMore } = adminListPage(query);
    const [songs, total, counts] = await Promise.all([
      readInChunks(offset, limit, async (from, count) =>
        this.catalog.presentSongs(await this.songs.list(filter, from, count)),
      ),
      // What anyone sees unsearched is the catalog's listed songs, whose count is cached.
      filter.status === 'listed' && filter.q === null
        ? this.catalog.listedSongCount()
        : this.songs.count(filter),
      isAdmin ? this.songs.counts() : null,
    ]);
    return {
      songs,
      total,
      page,
      limit,
      hasMore: hasMore(total),
      counts: counts ?? { all: total, active: total, inactive: 0, deleted: 0 },
    };
  }

  /**
   * Adds a song from the form. Everything the caller can fix is checked before any byte is
   * stored; the duration stored is the probed one (the typed one only has to be well-formed).
   */
  async create(
    batch: MediaBatch,
    fields: SongFields,
    files: { audio?: StagedFile | undefined; image?: StagedFile | undefined },
  ): Promise<Song> {
    const songTitle = title(fields.title);
    const artistIds = parseArtistIds(fields.artist);
    const songGenre = genre(fields.genre);
    // The stored duration is measured from the file; a typed one only has to be well-formed.
    if (fields.duration?.trim() && parseDuration(fields.duration) === null) {
      throw badRequest(DURATION_HINT, 'duration');
    }
    const songStatus = status(fields.status);
    const album = albumChoice(fields);
    if (!files.audio || !files.image) {
      throw badRequest(
        'Please select both audio and image files',
        files.audio ? 'imageFile' : 'audioFile',
      );
    }
    await this.requireArtists(artistIds);
    const existingAlbum = await this.albumFor(album, artistIds);

    const audio = await inspectAudio(files.audio, this.audioAccepted);
    const image = await readImage(files.image, 'imageFile');
    const audioKey = await batch.storeAudio(files.audio, audio);
    const coverKey = await batch.storeImage(image);
    const id = await this.songs.insert({
      title: songTitle,
      genre: songGenre,
      duration: audio.duration,
      status: songStatus,
      audioKey,
      audioMime: audio.mime,
      audioSize: files.audio.size,
      audioCodec: audio.codec,
      audioBitrate: audio.bitrate,
      coverKey,
      albumId: existingAlbum,
      trackNumber: album ? 'next' : null,
      newAlbum:
        album && 'title' in album && existingAlbum === null
          ? { title: album.title, artistId: artistIds[0]!, coverKey }
          : undefined,
      artistIds,
      at: nowIso(),
    });
    return this.get(id);
  }

  async update(
    batch: MediaBatch,
    id: number,
    fields: SongFields,
    image: StagedFile | undefined,
  ): Promise<Song> {
    const existing = await this.songs.find(id);
    if (!existing) throw notFound('Song not found');
    const changes: { title?: string; genre?: string; cover_key?: string } = {};
    if (fields.title !== undefined) changes.title = title(fields.title);
    if (fields.genre !== undefined) changes.genre = genre(fields.genre, existing.genre);
    let artistIds: number[] | null = null;
    if (fields.artist !== undefined) {
      artistIds = parseArtistIds(fields.artist);
      await this.requireArtists(artistIds);
    }
    if (image) changes.cover_key = await batch.storeImage(await readImage(image, 'imageFile'));
    await this.songs.update(id, changes, artistIds, nowIso());
    return this.get(id);
  }

  async setStatus(id: number, next: SongStatus): Promise<Song> {
    if (!(await this.songs.find(id))) throw notFound('Song not found');
    await this.songs.update(id, { status: next }, null, nowIso());
    return this.get(id);
  }

  /** Soft delete: flips the flag (or sets it when given); the audio stays for a restore. */
  async toggleDeleted(id: number, deleted?: boolean): Promise<Song> {
    const existing = await this.songs.find(id);
    if (!existing) throw notFound('Song not found');
    const next = deleted ?? existing.is_deleted === 0;
    await this.songs.update(id, { is_deleted: next ? 1 : 0 }, null, nowIso());
    return this.get(id);
  }
}
