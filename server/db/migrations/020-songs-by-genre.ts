import type { Kysely } from 'kysely';

/*
 * The genre grid of the search page lists a genre's listed songs, newest first
 * (GET /api/genres/:name/songs): this index reads them in that order and stops at the page,
 * however small the genre is in a large catalog.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('songs_genre_idx')
    .on('songs')
    .columns(['genre', 'listed', 'id'])
    .execute();
}
