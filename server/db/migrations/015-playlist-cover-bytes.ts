import { type Kysely, sql } from 'kysely';

/**
 * `playlists.cover_bytes`: the size of the uploaded cover, so a listener's covers can be held to
 * a total (PLAYLIST_COVERS_MAX_BYTES) without asking the media store about each. Covers uploaded
 * before count as 0.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table playlists add column cover_bytes integer not null default 0`.execute(db);
}
