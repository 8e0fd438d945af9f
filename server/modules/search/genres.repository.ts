import type { Db } from '../../db/database.ts';

export class GenresRepository {
  constructor(private readonly db: Db) {}

  /** The catalog's genres with how many listed songs each holds, largest first. */
  async counts(): Promise<{ name: string; songCount: number }[]> {
    const rows = await this.db
      .selectFrom('songs')
      .select((eb) => ['genre', eb.fn.countAll<number>().as('n')])
      .where('listed', '=', 1)
      .groupBy('genre')
      .orderBy('n', 'desc')
      .orderBy('genre')
      .execute();
    return rows.map((row) => ({ name: row.genre, songCount: Number(row.n) }));
  }

  /** Listed songs of a genre, newest first (migration 020's index reads them in that order). */
  async songIds(genre: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('songs')
      .select('id')
      .where('genre', '=', genre)
      .where('listed', '=', 1)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}
