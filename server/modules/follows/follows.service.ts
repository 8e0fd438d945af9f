import type { FollowState } from '../../../contract/listening.ts';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { FollowsRepository } from './follows.repository.ts';

export class FollowsService {
  constructor(private readonly follows: FollowsRepository) {}

  /** Throws a 404 unless the artist exists and, to be followed, is not disabled. */
  async assertFollowable(artistId: number, following: boolean): Promise<void> {
    const state = await this.follows.artistState(artistId);
    if (state === null || (following && state === 'disabled')) throw notFound('Artist not found');
  }

  /**
   * Following twice, or unfollowing what one does not follow, is not an error: the end state is.
   * Only enabled artists can be followed; a disabled one can still be unfollowed.
   */
  async set(userId: number, artistId: number, following: boolean): Promise<FollowState> {
    await this.assertFollowable(artistId, following);
    if (following) await this.follows.follow(userId, artistId, nowIso());
    else await this.follows.unfollow(userId, artistId);
    return { artistId, following, followers: await this.follows.followers(artistId) };
  }

  async followedArtistIds(userId: number, limit: number): Promise<number[]> {
    const rows = await this.follows.followedArtistIds(userId, limit);
    return rows.map((row) => row.artist_id);
  }
}
