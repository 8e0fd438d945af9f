import type { Db } from '../../db/database.ts';
import {
  type ArtistRecord,
  artistColumns,
  type SongRecord,
  songColumns,
  songIsListed,
} from '../catalog/catalog.repository.ts';

/** Keeps the order of `ids` (a ranking) for rows fetched by `in (…)`. */
function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

export class ProfileRepository {
  constructor(private readonly db: Db) {}

  async userName(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.name ?? null;
  }

  /**
   * The most played listed songs since `since`: by one listener when `userId` is given, else by
   * everyone. Ties go to the song played most recently.
   */
  async topSongIds(since: string, limit: number, userId?: number): Promise<number[]> {
    let query = this.db
      .selectFrom('plays')
      .innerJoin('songs', 'songs.id', 'plays.song_id')
      .select(['plays.song_id'])
      .where('plays.played_at', '>=', since)
      .where(songIsListed);
    if (userId !== undefined) query = query.where('plays.user_id', '=', userId);
    const rows = await query
      .groupBy('plays.song_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy((eb) => eb.fn.max('plays.played_at'), 'desc')
      .orderBy('plays.song_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.song_id);
  }

  /** The most played enabled artists since `since` (one listener's plays, or everyone's). */
  async topArtistIds(since: string, limit: number, userId?: number): Promise<number[]> {
    let query = this.db
      .selectFrom('plays')
      .innerJoin('songs', 'songs.id', 'plays.song_id')
      .innerJoin('song_artists', 'song_artists.song_id', 'plays.song_id')
      .innerJoin('artists', 'artists.id', 'song_artists.artist_id')
      .select(['song_artists.artist_id'])
      .where('plays.played_at', '>=', since)
      .where('artists.is_disabled', '=', 0)
      .where('artists.name', '!=', '')
      .where(songIsListed);
    if (userId !== undefined) query = query.where('plays.user_id', '=', userId);
    const rows = await query
      .groupBy('song_artists.artist_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy((eb) => eb.fn.max('plays.played_at'), 'desc')
      .orderBy('song_artists.artist_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.artist_id);
  }

  async songsByIds(ids: number[]): Promise<SongRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('songs')
      .leftJoin('albums', 'albums.id', 'songs.album_id')
      .select(songColumns)
      .where('songs.id', 'in', ids)
      .where(songIsListed)
      .execute();
    return inOrder(ids, rows);
  }

  async artistsByIds(ids: number[]): Promise<ArtistRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('artists')
      .select(artistColumns)
      .where('artists.id', 'in', ids)
      .where('artists.is_disabled', '=', 0)
      .execute();
    return inOrder(ids, rows);
  }

  /** Enabled artists the listener follows, most recently followed first. */
  followedArtists(userId: number): Promise<ArtistRecord[]> {
    return this.db
      .selectFrom('follows')
      .innerJoin('artists', 'artists.id', 'follows.artist_id')
      .select(artistColumns)
      .where('follows.user_id', '=', userId)
      .where('artists.is_disabled', '=', 0)
      .orderBy('follows.created_at', 'desc')
      .orderBy('artists.id', 'desc')
      .execute();
  }
}
