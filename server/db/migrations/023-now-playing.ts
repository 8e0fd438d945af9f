import type { Kysely } from 'kysely';

/*
 * What each listener's Subsonic app last said it is playing (scrobble with submission=false). It
 * lives in the database, so every instance behind one proxy answers getNowPlaying alike, and a
 * restart forgets nothing a listener still expects to see.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('now_playing')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('player', 'text', (c) => c.notNull())
    .addColumn('reported_at', 'text', (c) => c.notNull())
    .execute();
}
