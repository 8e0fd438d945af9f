import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { SessionsRepository, SessionWithUser } from './sessions.repository.ts';

const DAY_MS = 86_400_000;
/** 'Remember me': the session lasts 30 days from the last use. */
export const PERSISTENT_SESSION_MS = 30 * DAY_MS;
/** Without 'Remember me' the cookie dies with the browser; the server forgets it after a day idle. */
export const BROWSER_SESSION_MS = DAY_MS;
/** Writing last-seen on every request would turn reads into writes; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export interface IssuedSession {
  token: string;
  sessionId: number;
  expiresAt: Date;
  persistent: boolean;
}

export class SessionsService {
  constructor(private readonly repository: SessionsRepository) {}

  async create(
    userId: number,
    options: { persistent: boolean; userAgent?: string | null; ip?: string | null },
  ): Promise<IssuedSession> {
    const token = randomToken();
    const now = Date.now();
    const expiresAt = new Date(
      now + (options.persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS),
    );
    const sessionId = await this.repository.insert({
      tokenHash: sha256(token),
      userId,
      persistent: options.persistent,
      createdAt: new Date(now).toISOString(),
      expiresAt: expiresAt.toISOString(),
      userAgent: options.userAgent?.slice(0, 300) ?? null,
      ip: options.ip ?? null,
    });
    return { token, sessionId, expiresAt, persistent: options.persistent };
  }

  /** The live session a token stands for, sliding its expiry forward; undefined when none. */
  async resolve(token: string): Promise<SessionWithUser | undefined> {
    if (!token || token.length > 200) return undefined;
    const now = Date.now();
    const session = await this.repository.findByTokenHash(
      sha256(token),
      new Date(now).toISOString(),
    );
    if (!session) return undefined;
    if (now - Date.parse(session.lastSeenAt) > TOUCH_INTERVAL_MS) {
      const lifetime = session.persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS;
      await this.repository.touch(
        session.sessionId,
        new Date(now).toISOString(),
        new Date(now + lifetime).toISOString(),
      );
    }
    return session;
  }

  revoke(sessionId: number): Promise<void> {
    return this.repository.deleteById(sessionId);
  }

  /** Blocking a user ends every session they have at once. */
  revokeAllForUser(userId: number): Promise<number> {
    return this.repository.deleteByUser(userId);
  }

  purgeExpired(): Promise<void> {
    return this.repository.deleteExpired(new Date().toISOString());
  }
}
