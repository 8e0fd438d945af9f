import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { type Args, prepared, type QueryTarget } from '../catalog/prepared.ts';

export interface AppKeyRow {
  userId: number;
  keyBox: string;
  createdAt: string;
}

/** The name in `app_secrets` of the secret keys were first sealed under. */
const DATABASE_SECRET = 'app-keys';

/** App keys: one row per listener. Queries only. */
export class AppKeysRepository {
  private readonly db: Db;
  /** The account of a key by its lookup: read on every `apiKey` call, so compiled once. */
  private readonly accountByLookupQuery;

  constructor(database: QueryTarget) {
    this.db = database.db;
    this.accountByLookupQuery = prepared(database, (arg: Args<[lookup: string]>) =>
      this.db
        .selectFrom('app_keys')
        .innerJoin('users', 'users.id', 'app_keys.user_id')
        .selectAll('users')
        .where('app_keys.lookup', '=', arg(0)),
    );
  }

  /** Stores a listener's key, replacing any earlier one. */
  async replace(userId: number, keyBox: string, lookup: string, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('app_keys').where('user_id', '=', userId).execute();
      await trx
        .insertInto('app_keys')
        .values({ user_id: userId, key_box: keyBox, lookup, created_at: now })
        .execute();
    });
  }

  /** False when there was no key. */
  async remove(userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('app_keys')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  byUser(userId: number): Promise<AppKeyRow | undefined> {
    return this.db
      .selectFrom('app_keys')
      .select(['user_id as userId', 'key_box as keyBox', 'created_at as createdAt'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The account whose key has `lookup`: one read for an `apiKey` call. */
  async accountByLookup(lookup: string): Promise<UserRow | undefined> {
    const [row] = await this.accountByLookupQuery(lookup);
    return row;
  }

  /** Every key as sealed, for resealing them all. */
  all(): Promise<AppKeyRow[]> {
    return this.db
      .selectFrom('app_keys')
      .select(['user_id as userId', 'key_box as keyBox', 'created_at as createdAt'])
      .execute();
  }

  /** Replaces a key's box and lookup, unless the row changed since `row` was read. */
  async reseal(row: AppKeyRow, keyBox: string, lookup: string): Promise<boolean> {
    const result = await this.db
      .updateTable('app_keys')
      .set({ key_box: keyBox, lookup })
      .where('user_id', '=', row.userId)
      .where('key_box', '=', row.keyBox)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The secret keys were first sealed under, while the database still holds it. */
  async databaseSecret(): Promise<string | null> {
    const row = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', DATABASE_SECRET)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async forgetDatabaseSecret(): Promise<void> {
    await this.db.deleteFrom('app_secrets').where('name', '=', DATABASE_SECRET).execute();
  }
}
