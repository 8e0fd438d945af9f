import type { Db } from '../../db/database.ts';
import { type SongRecord, songIsListed } from '../catalog/catalog.repository.ts';

const songColumns = [
  'songs.id',
  'songs.title',
  'songs.genre',
  'songs.duration',
  'songs.status',
  'songs.is_deleted',
  'songs.audio_key',
  'songs.audio_mime',
  'songs.cover_key',
  'songs.album_id',
  'albums.title as album_title',
  'songs.track_number',
  'songs.created_at',
] as const;

export class LikesRepository {
  constructor(private readonly db: Db) {}

  async like(userId: number, songId: number, now: string): Promise<void> {
    await this.db
      .insertInto('likes')
      .values({ user_id: userId, song_id: songId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'song_id']).doNothing())
      .execute();
  }

  async unlike(userId: number, songId: number): Promise<void> {
    await this.db
      .deleteFrom('likes')
      .where('user_id', '=', userId)
      .where('song_id', '=', songId)
      .execute();
  }

  /** Liked songs listeners may still play, most recently liked first. */
  songs(userId: number): Promise<SongRecord[]> {
    return this.db
      .selectFrom('likes')
      .innerJoin('songs', 'songs.id', 'likes.song_id')
      .leftJoin('albums', 'albums.id', 'songs.album_id')
      .select(songColumns)
      .where('likes.user_id', '=', userId)
      .where(songIsListed)
      .orderBy('likes.created_at', 'desc')
      .orderBy('likes.song_id', 'desc')
      .execute();
  }

  async ids(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('likes')
      .select('song_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.song_id);
  }
}
