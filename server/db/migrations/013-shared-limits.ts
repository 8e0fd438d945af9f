import { type Kysely, sql } from 'kysely';

/*
 * Rate-limit counters move into the database, so every instance behind one proxy counts the same
 * attempts. A one-time code remembers which address asked for it (a keyed hash of the address), so
 * a code asked for elsewhere cannot replace or use up the owner's code.
 *
 * On PostgreSQL the counters' table is UNLOGGED: a hit then commits without waiting for the WAL to
 * reach the disk. A crash or a fail-over empties it, which only restarts the windows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .$call((table) => (dialect === 'postgres' ? table.modifyFront(sql`unlogged`) : table))
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_reset_idx')
    .on('rate_limits')
    .column('reset_at')
    .execute();
  await db.schema
    .alterTable('one_time_codes')
    .addColumn('requested_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
