import { createHash } from 'node:crypto';
import { PLAY_THRESHOLD_SECONDS, type PlayResult } from '../../../contract/listening.ts';
import { notFound } from '../../lib/errors.ts';
import type { PlaysRepository } from './plays.repository.ts';

/** Who is listening: an account, or a visitor known by a random cookie. */
export type Listener = { userId: number } | { visitorId: string };

export function listenerKey(listener: Listener): string {
  if ('userId' in listener) return `u:${listener.userId}`;
  // Only a hash of the cookie is stored, so the table never holds a reusable visitor token.
  return `a:${createHash('sha256').update(listener.visitorId).digest('hex').slice(0, 32)}`;
}

/** Seconds a song must have played to count: 30, or all of it when it is shorter. */
export function requiredSeconds(duration: number): number {
  // A second of slack: `ended` fires a little before the last timeupdate reaches the duration.
  return Math.max(1, Math.min(PLAY_THRESHOLD_SECONDS, duration - 1));
}

/**
 * One listener counts at most once per song within this many seconds: a play cannot be reported
 * faster than the song can be heard, and never more often than every 30 s.
 */
export function cooldownSeconds(duration: number): number {
  return Math.max(PLAY_THRESHOLD_SECONDS, duration);
}

export class PlaysService {
  constructor(private readonly plays: PlaysRepository) {}

  async record(
    songId: number,
    report: { seconds: number; completed?: boolean },
    listener: Listener,
    now = new Date(),
  ): Promise<PlayResult> {
    const duration = await this.plays.listedSongDuration(songId);
    if (duration === undefined) throw notFound('Song not found');
    if (report.seconds < requiredSeconds(duration)) {
      return { counted: false, reason: 'A play counts after 30 seconds or at the end of the song' };
    }
    const key = listenerKey(listener);
    const last = await this.plays.lastPlayAt(key, songId);
    if (last && now.getTime() - Date.parse(last) < cooldownSeconds(duration) * 1000) {
      return { counted: false, reason: 'This play was already counted' };
    }
    await this.plays.insert({
      songId,
      userId: 'userId' in listener ? listener.userId : null,
      listenerKey: key,
      at: now.toISOString(),
    });
    return { counted: true };
  }
}
