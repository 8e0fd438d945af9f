import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type SongRecord, songColumns, songIsListed } from '../catalog/catalog.repository.ts';

export class PlaysRepository {
  constructor(private readonly db: Db) {}

  /** Duration in seconds of a song listeners may play, or undefined. */
  async listedSongDuration(songId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('songs')
      .select('duration')
      .where('id', '=', songId)
      .where((eb) => songIsListed(eb as ExpressionBuilder<Database, 'songs'>))
      .executeTakeFirst();
    return row?.duration;
  }

  /** The read behind `playedBetween` (one key of migration 011's index; its test checks the plan). */
  playBetweenQuery(listenerKey: string, songId: number, after: string, before: string) {
    return this.db
      .selectFrom('plays')
      .select('played_at')
      .where('listener_key', '=', listenerKey)
      .where('song_id', '=', songId)
      .where('played_at', '>', after)
      .where('played_at', '<', before)
      .limit(1);
  }

  /** Whether this listener has a counted play of this song strictly between two times. */
  async playedBetween(
    listenerKey: string,
    songId: number,
    after: string,
    before: string,
  ): Promise<boolean> {
    const row = await this.playBetweenQuery(listenerKey, songId, after, before).executeTakeFirst();
    return row !== undefined;
  }

  async insert(play: {
    songId: number;
    userId: number | null;
    listenerKey: string;
    at: string;
  }): Promise<void> {
    await this.db
      .insertInto('plays')
      .values({
        song_id: play.songId,
        user_id: play.userId,
        listener_key: play.listenerKey,
        played_at: play.at,
      })
      .execute();
  }

  /**
   * The songs this listener played, each once, most recently played first; songs listeners may
   * no longer play are left out. The listener's plays come from `plays_listener_song_idx`.
   */
  recentSongs(listenerKey: string, limit: number): Promise<SongRecord[]> {
    const recent = this.db
      .selectFrom('plays')
      .select(['song_id', (eb) => eb.fn.max('played_at').as('last_played')])
      .where('listener_key', '=', listenerKey)
      .groupBy('song_id')
      .as('recent');
    return this.db
      .selectFrom(recent)
      .innerJoin('songs', 'songs.id', 'recent.song_id')
      .leftJoin('albums', 'albums.id', 'songs.album_id')
      .select(songColumns)
      .where(songIsListed)
      .orderBy('recent.last_played', 'desc')
      .orderBy('songs.id', 'desc')
      .limit(limit)
      .execute();
  }
}
