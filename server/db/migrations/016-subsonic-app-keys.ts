import type { Kysely } from 'kysely';

/*
 * App keys: what Subsonic apps sign in with instead of the account password. One per listener.
 * The key is stored encrypted (the token scheme needs it back to check md5(key + salt)) and as an
 * HMAC, which finds the account of an `apiKey` in one indexed read.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_keys')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('key_box', 'text', (c) => c.notNull())
    .addColumn('lookup', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
