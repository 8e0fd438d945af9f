import type { Kysely } from 'kysely';

/**
 * A play is counted once per listener and song within a window, so every report asks when this
 * listener played this song near then (PlaysRepository.playedBetween). The only index with the listener
 * in it starts with the song, so that read walked every play of the song: for a popular song,
 * hundreds of thousands of keys per report. This index answers it with one key.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('plays_listener_song_idx')
    .on('plays')
    .columns(['listener_key', 'song_id', 'played_at'])
    .execute();
}
