import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/*
 * Each listener's recent searches (GET/POST/DELETE /api/me/recent-searches): the query as typed,
 * and its folded words, which tell two spellings of one search apart from two searches ('Zoë'
 * and 'zoe' are one). The service keeps the newest few per listener.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('recent_searches')
    .addColumn('id', 'integer', (col) =>
      dialect === 'sqlite'
        ? col.primaryKey().autoIncrement()
        : col.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('searched_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('recent_searches_words_key', ['user_id', 'words'])
    .execute();
  await db.schema
    .createIndex('recent_searches_user_idx')
    .on('recent_searches')
    .columns(['user_id', 'searched_at'])
    .execute();
}
