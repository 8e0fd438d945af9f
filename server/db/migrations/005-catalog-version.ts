import { type Kysely, sql } from 'kysely';

/**
 * `catalog_version`: one row whose number goes up, in the same transaction, with every change
 * to what a list of songs shows — songs, albums, artists, song credits and playlist membership.
 * A reader that reads the number before reading songs may keep what it built under that number
 * and reuse it for as long as the number has not moved: nothing it showed can have changed.
 * Plays are left out on purpose (their totals, migration 004, move with every play); readers
 * that reuse songs read the counts fresh.
 * - SQLite: row triggers (writes are serialised anyway).
 * - PostgreSQL: statement triggers, so a bulk import bumps once per statement.
 */
const TABLES = ['songs', 'albums', 'artists', 'song_artists', 'playlist_songs'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`create table catalog_version (id integer primary key, version integer not null)`.execute(
    db,
  );
  await sql`insert into catalog_version (id, version) values (1, 1)`.execute(db);
  const bump = 'update catalog_version set version = version + 1 where id = 1';

  if (dialect === 'sqlite') {
    for (const table of TABLES) {
      for (const event of ['insert', 'update', 'delete'] as const) {
        await sql
          .raw(
            `create trigger ${table}_version_${event} after ${event} on ${table} begin ${bump}; end`,
          )
          .execute(db);
      }
    }
    return;
  }

  await sql
    .raw(
      `create function catalog_version_bump() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
    )
    .execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `create trigger ${table}_version after insert or update or delete or truncate on ${table} for each statement execute function catalog_version_bump()`,
      )
      .execute(db);
  }
}
