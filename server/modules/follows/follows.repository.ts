import type { Db } from '../../db/database.ts';

export class FollowsRepository {
  constructor(private readonly db: Db) {}

  /** Whether the artist exists, and if so whether it is enabled. */
  async artistState(artistId: number): Promise<'enabled' | 'disabled' | null> {
    const row = await this.db
      .selectFrom('artists')
      .select('is_disabled')
      .where('id', '=', artistId)
      .executeTakeFirst();
    if (!row) return null;
    return row.is_disabled ? 'disabled' : 'enabled';
  }

  async follow(userId: number, artistId: number, at: string): Promise<void> {
    await this.db
      .insertInto('follows')
      .values({ user_id: userId, artist_id: artistId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'artist_id']).doNothing())
      .execute();
  }

  async unfollow(userId: number, artistId: number): Promise<void> {
    await this.db
      .deleteFrom('follows')
      .where('user_id', '=', userId)
      .where('artist_id', '=', artistId)
      .execute();
  }

  async followers(artistId: number): Promise<number> {
    const row = await this.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('artist_id', '=', artistId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Enabled artists a listener follows, most recently followed first. */
  followedArtistIds(userId: number, limit: number): Promise<{ artist_id: number }[]> {
    return this.db
      .selectFrom('follows')
      .innerJoin('artists', 'artists.id', 'follows.artist_id')
      .select('follows.artist_id')
      .where('follows.user_id', '=', userId)
      .where('artists.is_disabled', '=', 0)
      .orderBy('follows.created_at', 'desc')
      .orderBy('follows.artist_id', 'desc')
      .limit(limit)
      .execute();
  }
}
