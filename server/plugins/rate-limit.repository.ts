import type { Db } from '../db/database.ts';

/** The counters' table. Queries only. */
export class RateLimitRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one hit in one statement, starting a new window when the stored one has ended, so
   * parallel hits on any instance are all counted. Returns the window after this hit.
   */
  async hit(
    key: string,
    now: string,
    freshResetAt: string,
  ): Promise<{ hits: number; resetAt: string }> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, hits: 1, reset_at: freshResetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const ended = eb('rate_limits.reset_at', '<=', now);
          return {
            hits: eb
              .case()
              .when(ended)
              .then(1)
              .else(eb('rate_limits.hits', '+', 1))
              .end(),
            reset_at: eb
              .case()
              .when(ended)
              .then(eb.ref('excluded.reset_at'))
              .else(eb.ref('rate_limits.reset_at'))
              .end(),
          };
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), resetAt: row.reset_at };
  }

  /** The live window of `key`, if any. */
  async peek(key: string, now: string): Promise<{ hits: number; resetAt: string } | undefined> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['hits', 'reset_at'])
      .where('key', '=', key)
      .where('reset_at', '>', now)
      .executeTakeFirst();
    return row && { hits: Number(row.hits), resetAt: row.reset_at };
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async deleteEnded(now: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
  }
}
