import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, UserRow } from '../../db/schema.ts';

export interface UserFilter {
  q: string | null;
  status: 'all' | 'active' | 'blocked';
  plan: 'all' | 'free' | 'premium';
}

export type UserRecord = Pick<
  UserRow,
  'id' | 'name' | 'email' | 'role' | 'is_blocked' | 'is_premium' | 'created_at'
>;

const columns = ['id', 'name', 'email', 'role', 'is_blocked', 'is_premium', 'created_at'] as const;

/**
 * `%text%` in small letters for LIKE against a `casefold`ed column (migration 026), with the
 * wildcards of the text itself escaped (`\` is the escape).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The users screens manage listener accounts: administrators are not listed or counted there (as
 * in the original product, whose admin users page lists listeners only).
 */
const LISTED_ROLE = 'listener';

function matches(filter: UserFilter) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const conditions = [eb('users.role', '=', LISTED_ROLE)];
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      conditions.push(
        eb.or([
          sql<boolean>`casefold(users.name) like ${pattern} escape '\\'`,
          sql<boolean>`casefold(users.email) like ${pattern} escape '\\'`,
        ]),
      );
    }
    if (filter.status !== 'all') {
      conditions.push(eb('users.is_blocked', '=', filter.status === 'blocked' ? 1 : 0));
    }
    if (filter.plan !== 'all') {
      conditions.push(eb('users.is_premium', '=', filter.plan === 'premium' ? 1 : 0));
    }
    return eb.and(conditions);
  };
}

export class AdminUsersRepository {
  constructor(private readonly db: Db) {}

  list(filter: UserFilter, offset: number, limit: number): Promise<UserRecord[]> {
    return this.db
      .selectFrom('users')
      .select(columns)
      .where(matches(filter))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filter: UserFilter): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(matches(filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async stats(): Promise<{ total: number; blocked: number; premium: number }> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>('is_blocked').as('blocked'),
        eb.fn.sum<number>('is_premium').as('premium'),
      ])
      .where('role', '=', LISTED_ROLE)
      .executeTakeFirstOrThrow();
    return {
      total: Number(row.total),
      blocked: Number(row.blocked ?? 0),
      premium: Number(row.premium ?? 0),
    };
  }

  find(id: number): Promise<UserRecord | undefined> {
    return this.db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  }

  async update(
    id: number,
    values: { is_blocked?: 0 | 1; is_premium?: 0 | 1 },
    at: string,
  ): Promise<UserRecord | undefined> {
    return this.db
      .updateTable('users')
      .set({ ...values, updated_at: at })
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirst();
  }
}
