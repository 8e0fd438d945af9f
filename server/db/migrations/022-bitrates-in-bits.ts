import { type Kysely, sql } from 'kysely';

/*
 * A song's `audio_bitrate` is in bits per second, as the upload probe measures it. The demo
 * catalog wrote kilobits per second, so the Subsonic API, which divides by 1,000 for apps, would
 * tell them 0 kbps, and `maxBitRate` never downsampled those songs. No audio file plays at under
 * 1,000 bits per second, so a value below that is one of those.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('songs')
    .set({ audio_bitrate: sql`audio_bitrate * 1000` })
    .where('audio_bitrate', '<', 1000)
    .execute();
}
