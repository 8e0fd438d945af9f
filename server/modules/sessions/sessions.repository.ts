import type { Db } from '../../db/database.ts';

export interface SessionWithUser {
  sessionId: number;
  userId: number;
  expiresAt: string;
  lastSeenAt: string;
  persistent: number;
  role: 'listener' | 'admin';
  isBlocked: number;
  name: string;
  email: string;
}

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: {
    tokenHash: string;
    userId: number;
    persistent: boolean;
    createdAt: string;
    expiresAt: string;
    userAgent: string | null;
    ip: string | null;
  }): Promise<number> {
    const row = await this.db
      .insertInto('sessions')
      .values({
        token_hash: values.tokenHash,
        user_id: values.userId,
        persistent: values.persistent ? 1 : 0,
        created_at: values.createdAt,
        expires_at: values.expiresAt,
        last_seen_at: values.createdAt,
        user_agent: values.userAgent,
        ip: values.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  findByTokenHash(tokenHash: string, now: string): Promise<SessionWithUser | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.user_id as userId',
        'sessions.expires_at as expiresAt',
        'sessions.last_seen_at as lastSeenAt',
        'sessions.persistent as persistent',
        'users.role as role',
        'users.is_blocked as isBlocked',
        'users.name as name',
        'users.email as email',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
  }

  async touch(sessionId: number, lastSeenAt: string, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('id', '=', sessionId)
      .execute();
  }

  async deleteById(sessionId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteByUser(userId: number): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}
