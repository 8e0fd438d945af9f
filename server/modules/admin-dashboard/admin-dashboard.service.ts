import type { DashboardStats } from '../../../contract/admin.ts';
import { isoDaysAgo } from '../../lib/time.ts';
import type { AdminDashboardRepository } from './admin-dashboard.repository.ts';

/** The dashboard compares the last 30 days of plays with the 30 days before. */
export const PLAY_WINDOW_DAYS = 30;

export function changePercent(recent: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((recent - previous) / previous) * 1000) / 10;
}

export class AdminDashboardService {
  constructor(private readonly repository: AdminDashboardRepository) {}

  async stats(now = Date.now()): Promise<DashboardStats> {
    const [users, songs, artists, plays] = await Promise.all([
      this.repository.users(),
      this.repository.songs(),
      this.repository.artists(),
      this.repository.plays(
        isoDaysAgo(PLAY_WINDOW_DAYS, now),
        isoDaysAgo(2 * PLAY_WINDOW_DAYS, now),
      ),
    ]);
    return {
      totalUsers: users.total,
      premiumUsers: users.premium,
      blockedUsers: users.blocked,
      totalSongs: songs,
      totalArtists: artists,
      songsPlayed: {
        total: plays.total,
        last30Days: plays.recent,
        previous30Days: plays.previous,
        changePercent: changePercent(plays.recent, plays.previous),
      },
    };
  }
}
