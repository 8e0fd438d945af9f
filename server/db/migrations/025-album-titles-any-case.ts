import { type Kysely, sql } from 'kysely';

/**
 * Subsonic apps page through albums by title (getAlbumList2 `alphabeticalByName`) in the order
 * the server gives. Ordered by the title as written, SQLite put every title in small letters
 * ("folklore", "abbey road") after Z, as byte order has it; the order is now by the title in
 * small letters (`lower`, A to Z on SQLite, every letter on PostgreSQL), under a key on that, as
 * the key on the title as written served the old order, which nothing else reads.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index albums_title_lower_idx on albums (lower(title), id)`.execute(db);
  await db.schema.dropIndex('albums_title_idx').execute();
}
