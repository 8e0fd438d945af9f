import type { Kysely } from 'kysely';

/**
 * Home fills 'Popular albums and singles' with the newest albums until there is listening, and
 * rebuilds that row every few seconds. Without a key on the date, both engines sorted every album
 * of enabled artists for each rebuild (90–500 ms at 100,000 albums, blocking the event loop on
 * SQLite); with it they read the newest few and stop.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('albums_created_idx')
    .ifNotExists()
    .on('albums')
    .column('created_at')
    .execute();
}
