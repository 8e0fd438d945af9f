import type { Kysely } from 'kysely';

/*
 * Accounts: a place for server-made secrets (the bot check's HMAC key, shared by every instance
 * through the database) and the bot-check solutions already spent, so each is accepted once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bot_check_solutions')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bot_check_solutions_expires_idx')
    .on('bot_check_solutions')
    .column('expires_at')
    .execute();
}
