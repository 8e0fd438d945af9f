import type { Kysely } from 'kysely';

/*
 * What Subsonic apps keep on the server that Chorus has no place for: starred albums (songs and
 * artists map onto likes and follows) and each listener's saved play queue; and keys on album
 * titles and artist names, which apps page through in order (getAlbumList2 alphabeticalByName,
 * search3 "").
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
  await db.schema
    .createTable('play_queues')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('song_ids', 'text', (c) => c.notNull())
    .addColumn('current_id', 'integer')
    .addColumn('position_ms', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('albums_title_idx').on('albums').columns(['title', 'id']).execute();
  await db.schema.createIndex('artists_name_idx').on('artists').columns(['name', 'id']).execute();
}
