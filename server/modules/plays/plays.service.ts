import { createHash } from 'node:crypto';
import type { Song } from '../../../contract/catalog.ts';
import { PLAY_THRESHOLD_SECONDS, type PlayResult } from '../../../contract/listening.ts';
import { notFound } from '../../lib/errors.ts';
import type { ServerSecret } from '../../lib/server-secret.ts';
import type { Limit, RateLimiter } from '../../plugins/rate-limit.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { PlaysRepository } from './plays.repository.ts';

/**
 * Who is listening: an account, a visitor known by the cookie Chorus gave it, or, for a client
 * that sends no such cookie, its address.
 */
export type Listener = { userId: number } | { visitorId: string } | { address: string };

const HOUR_MS = 60 * 60_000;

/**
 * How long ago a play reported late (an app that played offline) may have been heard for it to
 * count in the hour it was heard; an older one counts in the hour it arrives.
 */
export const LATE_PLAY_DAYS = 14;

/**
 * Counted plays from one client address per clock hour they were heard in, whoever reports them:
 * one a play's length of 30 s, as much as one listener can hear. An hour's count lasts as long as
 * plays heard in it still count there, so reporting late never frees room in it.
 */
export const PLAYS_PER_ADDRESS: Limit = {
  max: 3600 / PLAY_THRESHOLD_SECONDS,
  windowMs: LATE_PLAY_DAYS * 24 * HOUR_MS + HOUR_MS,
};

/**
 * The key of the address's count a play is charged to: the hour it was heard in, or the hour it
 * arrives in when it was heard too long ago to count there.
 */
export function addressHourKey(address: string, heardAt: Date, now = Date.now()): string {
  const late = heardAt.getTime() < now - (PLAYS_PER_ADDRESS.windowMs - HOUR_MS);
  const hour = Math.floor((late ? now : heardAt.getTime()) / HOUR_MS);
  return `plays:ip:${address}:${hour}`;
}

export function listenerKey(listener: Listener, secret: ServerSecret): string {
  if ('userId' in listener) return `u:${listener.userId}`;
  // Only a hash of the cookie is stored, so the table never holds a reusable visitor token.
  if ('visitorId' in listener) {
    return `a:${createHash('sha256').update(listener.visitorId).digest('hex').slice(0, 32)}`;
  }
  // A keyed hash, so the table does not list listeners' addresses.
  return `i:${secret.hash('play-address', listener.address).slice(0, 32)}`;
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
  constructor(
    private readonly plays: PlaysRepository,
    private readonly limiter: RateLimiter,
    private readonly secret: ServerSecret,
  ) {}

  /** Counts a play once per listener and song within the cooldown, and within the address's cap. */
  async record(
    songId: number,
    report: { seconds: number; completed?: boolean },
    listener: Listener,
    address: string,
    /** When the song was heard: now, or earlier for an app that played it offline. */
    heardAt = new Date(),
  ): Promise<PlayResult> {
    const duration = await this.plays.listedSongDuration(songId);
    if (duration === undefined) throw notFound('Song not found');
    if (report.seconds < requiredSeconds(duration)) {
      return { counted: false, reason: 'A play counts after 30 seconds or at the end of the song' };
    }
    const key = listenerKey(listener, this.secret);
    // A browser's first report comes without the cookie and counts under its address; its next
    // ones must not count the same song again under the cookie.
    const keys = 'visitorId' in listener ? [key, listenerKey({ address }, this.secret)] : [key];
    // Plays reported late (offline) may land before a play already counted, so the cooldown
    // looks both ways from when this one was heard.
    const cooldownMs = cooldownSeconds(duration) * 1000;
    const after = new Date(heardAt.getTime() - cooldownMs).toISOString();
    const before = new Date(heardAt.getTime() + cooldownMs).toISOString();
    for (const heard of keys) {
      if (await this.plays.playedBetween(heard, songId, after, before)) {
        return { counted: false, reason: 'This play was already counted' };
      }
    }
    // The address's cap counts plays in the hours they were heard in: a day of listening offline,
    // reported at once, fits as it fitted while it was heard, and no hour ever holds more.
    const now = Date.now();
    const fromAddress = await this.limiter.count(
      addressHourKey(address, heardAt, now),
      PLAYS_PER_ADDRESS,
      now,
    );
    if (fromAddress.hits > PLAYS_PER_ADDRESS.max) {
      return { counted: false, reason: 'Too many plays from this address this hour' };
    }
    await this.plays.insert({
      songId,
      userId: 'userId' in listener ? listener.userId : null,
      listenerKey: key,
      at: heardAt.toISOString(),
    });
    return { counted: true };
  }
}

/** How many songs "Recently played" lists. */
export const RECENTLY_PLAYED_LIMIT = 50;

/** A listener's own listening, read back from the counted plays. */
export class ListeningHistoryService {
  constructor(
    private readonly plays: PlaysRepository,
    private readonly catalog: CatalogService,
    private readonly secret: ServerSecret,
  ) {}

  /** The songs the listener played (counted plays), each once, the most recent first. */
  async recentlyPlayed(userId: number): Promise<{ items: Song[] }> {
    const key = listenerKey({ userId }, this.secret);
    const rows = await this.plays.recentSongs(key, RECENTLY_PLAYED_LIMIT);
    return { items: await this.catalog.presentSongs(rows) };
  }
}
