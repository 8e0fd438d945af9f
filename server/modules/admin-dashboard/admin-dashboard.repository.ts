import type { Db } from '../../db/database.ts';

export class AdminDashboardRepository {
  constructor(private readonly db: Db) {}

  /** Listener accounts, as the users page counts them: administrators are not among them. */
  async users(): Promise<{ total: number; premium: number; blocked: number }> {
    const row = await this.db
      .selectFrom('users')
      .where('role', '=', 'listener')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>('is_premium').as('premium'),
        eb.fn.sum<number>('is_blocked').as('blocked'),
      ])
      .executeTakeFirstOrThrow();
    return {
      total: Number(row.total),
      premium: Number(row.premium ?? 0),
      blocked: Number(row.blocked ?? 0),
    };
  }

  async songs(): Promise<number> {
    const row = await this.db
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async artists(): Promise<number> {
    const row = await this.db
      .selectFrom('artists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Plays in total, since `recentFrom`, and between `previousFrom` and `recentFrom`. */
  async plays(
    recentFrom: string,
    previousFrom: string,
  ): Promise<{ total: number; recent: number; previous: number }> {
    const count = async (from?: string, to?: string) => {
      let query = this.db.selectFrom('plays').select((eb) => eb.fn.countAll<number>().as('n'));
      if (from) query = query.where('played_at', '>=', from);
      if (to) query = query.where('played_at', '<', to);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    const [total, recent, previous] = await Promise.all([
      count(),
      count(recentFrom),
      count(previousFrom, recentFrom),
    ]);
    return { total, recent, previous };
  }
}
