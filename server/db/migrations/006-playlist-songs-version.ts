import { type Kysely, sql } from 'kysely';

/**
 * `playlists.songs_version`: moves, in the same transaction, with every change to the playlist's
 * songs (added, removed, moved). Playlist membership leaves `catalog_version` (migration 005):
 * one listener adding a song to their playlist must not make every other long playlist be read
 * again. Readers now check the catalog's version and the playlist's own.
 * - SQLite: row triggers.
 * - PostgreSQL: statement triggers over transition tables (a move shifts many rows at once).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`alter table playlists add column songs_version integer not null default 0`.execute(db);

  if (dialect === 'sqlite') {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger playlist_songs_version_${event}`).execute(db);
    }
    const bump = (ids: string) =>
      `update playlists set songs_version = songs_version + 1 where id in (${ids});`;
    await sql
      .raw(
        `create trigger playlist_songs_pv_insert after insert on playlist_songs begin ${bump('new.playlist_id')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger playlist_songs_pv_delete after delete on playlist_songs begin ${bump('old.playlist_id')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger playlist_songs_pv_update after update on playlist_songs begin ${bump('old.playlist_id, new.playlist_id')} end`,
      )
      .execute(db);
    return;
  }

  await sql`drop trigger playlist_songs_version on playlist_songs`.execute(db);
  const rows = { INSERT: 'new_rows', DELETE: 'old_rows' } as const;
  for (const [event, table] of Object.entries(rows)) {
    const name = `playlist_songs_pv_${event.toLowerCase()}`;
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin
           update playlists set songs_version = songs_version + 1
             where id in (select distinct playlist_id from ${table});
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${name} after ${event.toLowerCase()} on playlist_songs referencing ${event === 'INSERT' ? 'new' : 'old'} table as ${table} for each statement execute function ${name}()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create function playlist_songs_pv_update() returns trigger language plpgsql as $$ begin
         update playlists set songs_version = songs_version + 1
           where id in (select playlist_id from new_rows union select playlist_id from old_rows);
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger playlist_songs_pv_update after update on playlist_songs referencing old table as old_rows new table as new_rows for each statement execute function playlist_songs_pv_update()',
    )
    .execute(db);
}
