import type { Db } from '../../db/database.ts';
import { type SongRecord, songColumns, songIsListed } from '../catalog/catalog.repository.ts';

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
