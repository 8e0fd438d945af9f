import type { Album, Artist, Song } from '../../../contract/catalog.ts';
import type { PageOf } from '../../../contract/common.ts';
import { notFound } from '../../lib/errors.ts';
import { isoDaysAgo } from '../../lib/time.ts';
import { groupArtists, presentAlbum, presentArtist, presentSong } from './catalog.presenter.ts';
import type {
  ArtistRecord,
  ArtistStatsRepository,
  CatalogRepository,
  SongRecord,
} from './catalog.repository.ts';

export interface PageRequest {
  page: number;
  limit: number;
}

function pageOf<T>(items: T[], request: PageRequest, total: number): PageOf<T> {
  return {
    items,
    page: request.page,
    limit: request.limit,
    total,
    hasMore: request.page * request.limit < total,
  };
}

/** Distinct listeners are counted over this many days ("monthly listeners"). */
export const MONTHLY_WINDOW_DAYS = 28;

export class CatalogService {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly artistStats: ArtistStatsRepository,
  ) {}

  /** Presents song rows with their artists and play counts in three queries, whatever the count. */
  async presentSongs(rows: SongRecord[]): Promise<Song[]> {
    const ids = rows.map((row) => row.id);
    const [artists, plays] = await Promise.all([
      this.catalog.artistsOfSongs(ids),
      this.catalog.playCounts(ids),
    ]);
    const bySong = groupArtists(artists);
    return rows.map((row) => presentSong(row, bySong.get(row.id) ?? [], plays.get(row.id) ?? 0));
  }

  async presentArtists(rows: ArtistRecord[]): Promise<Artist[]> {
    const stats = await this.artistStats.forArtists(
      rows.map((row) => row.id),
      isoDaysAgo(MONTHLY_WINDOW_DAYS),
    );
    return rows.map((row) => presentArtist(row, stats));
  }

  async listSongs(request: PageRequest): Promise<PageOf<Song>> {
    const offset = (request.page - 1) * request.limit;
    const [rows, total] = await Promise.all([
      this.catalog.listSongs(offset, request.limit),
      this.catalog.countSongs(),
    ]);
    return pageOf(await this.presentSongs(rows), request, total);
  }

  async getSong(id: number): Promise<Song> {
    const row = await this.catalog.findListedSong(id);
    if (!row) throw notFound('Song not found');
    const [song] = await this.presentSongs([row]);
    return song!;
  }

  async listArtists(request: PageRequest): Promise<PageOf<Artist>> {
    const offset = (request.page - 1) * request.limit;
    const [rows, total] = await Promise.all([
      this.catalog.listArtists(offset, request.limit),
      this.catalog.countArtists(),
    ]);
    return pageOf(await this.presentArtists(rows), request, total);
  }

  async listAlbums(request: PageRequest): Promise<PageOf<Album>> {
    const offset = (request.page - 1) * request.limit;
    const [rows, total] = await Promise.all([
      this.catalog.listAlbums(offset, request.limit),
      this.catalog.countAlbums(),
    ]);
    const counts = await this.catalog.albumSongCounts(rows.map((row) => row.id));
    return pageOf(
      rows.map((row) => presentAlbum(row, counts.get(row.id) ?? 0)),
      request,
      total,
    );
  }

  /** The stored audio of a song listeners may play. */
  async streamable(id: number): Promise<{ key: string; mime: string }> {
    const row = await this.catalog.findListedSong(id);
    if (!row) throw notFound('Song not found');
    return { key: row.audio_key, mime: row.audio_mime };
  }
}
