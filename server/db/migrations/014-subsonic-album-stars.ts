import type { Kysely } from 'kysely';

/*
 * Starred albums. Songs and artists map onto likes and follows; albums have no such list in
 * Chorus, so Subsonic apps' album stars are kept here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('album_stars')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('album_id', 'integer', (c) =>
      c.notNull().references('albums.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('album_stars_pk', ['user_id', 'album_id'])
    .execute();
}
