import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/dialect.ts';

export interface RecentSearchRow {
  id: number;
  query: string;
  searched_at: string;
}

export class RecentSearchesRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** A listener's recent searches, newest first. */
  list(userId: number): Promise<RecentSearchRow[]> {
    return this.db
      .selectFrom('recent_searches')
      .select(['id', 'query', 'searched_at'])
      .where('user_id', '=', userId)
      .orderBy('searched_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * Records a search as the newest (the same words searched again move up, spelled as typed this
   * time), then drops what falls past the newest `keep`. A listener's searches take turns: on
   * PostgreSQL two at once would each hold the row it wrote while deleting the other's, a
   * deadlock, so each first locks the listener's row (SQLite runs one write at a time anyway).
   */
  async add(userId: number, query: string, words: string, at: string, keep: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      }
      await trx
        .insertInto('recent_searches')
        .values({ user_id: userId, query, words, searched_at: at })
        .onConflict((oc) =>
          oc.columns(['user_id', 'words']).doUpdateSet({ query, searched_at: at }),
        )
        .execute();
      await trx
        .deleteFrom('recent_searches')
        .where('user_id', '=', userId)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('recent_searches')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('searched_at', 'desc')
            .orderBy('id', 'desc')
            .limit(keep),
        )
        .execute();
    });
  }

  /** Whether the listener had that search to remove. */
  async remove(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('recent_searches')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async clear(userId: number): Promise<void> {
    await this.db.deleteFrom('recent_searches').where('user_id', '=', userId).execute();
  }
}
