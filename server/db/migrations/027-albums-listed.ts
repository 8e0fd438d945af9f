import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * `albums.listed`: whether listeners may see an album — its artist is enabled and one of its
 * songs is listed (`songs.listed`, migration 008) — maintained by the database as those facts change.
 * Every listener read of albums looked for an enabled artist and a listed song per album, two
 * index lookups per row a list scans past; and the search indexes, whose triggers watch albums
 * and artists only, held albums whose songs were all hidden, so a page of results could come
 * back short once the album reads dropped them.
 *
 * Triggers (both engines) work the flag out again when an album is added or moves to another
 * artist, when one of its songs is added, removed, moved or changes its own flag, and when its
 * artist is disabled or enabled. They write the album only when the flag changes, as every
 * write to an album moves the catalog version.
 *
 * SQLite's album index (migration 009) then holds listed albums only: its update trigger
 * watches the flag, and the trigger that followed the artist goes (the flag follows it).
 * PostgreSQL checks visibility in its queries.
 *
 * The statements are written out in full here, as this migration's own text, so later changes
 * to live code cannot change what it did.
 */

/** Whether album row `row` is listed, as 1 or 0. */
const listedExpression = (row: string) => `case when exists (
    select 1 from artists la where la.id = ${row}.artist_id and la.is_disabled = 0)
  and exists (select 1 from songs ls where ls.album_id = ${row}.id and ls.listed = 1)
  then 1 else 0 end`;

/** Works the flag out again for the albums matching `where` (over table `albums`). */
const refreshAlbums = (where: string) =>
  `update albums set listed = ${listedExpression('albums')}
    where (${where}) and listed <> ${listedExpression('albums')}`;

/** The rank key of migration 007: shorter titles first, then newer rows. */
const rank = (row: string) => `(length(${row}.title) * 4294967296 + (4294967295 - ${row}.id))`;

export async function up(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
  db: Kysely<any>,
  dialect: Dialect,
): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run('alter table albums add column listed integer not null default 0');
  await run(`update albums set listed = ${listedExpression('albums')}`);

  if (dialect === 'sqlite') {
    const triggers = {
      albums_listed_insert: `after insert on albums begin ${refreshAlbums('id = new.id')}; end`,
      albums_listed_artist: `after update of artist_id on albums when old.artist_id is not new.artist_id
        begin ${refreshAlbums('id = new.id')}; end`,
      albums_listed_song_insert: `after insert on songs when new.album_id is not null
        begin ${refreshAlbums('id = new.album_id')}; end`,
      albums_listed_song_update: `after update of listed, album_id on songs
        when old.listed is not new.listed or old.album_id is not new.album_id
        begin ${refreshAlbums('id in (old.album_id, new.album_id)')}; end`,
      albums_listed_song_delete: `after delete on songs when old.album_id is not null
        begin ${refreshAlbums('id = old.album_id')}; end`,
      albums_listed_artists: `after update of is_disabled on artists when old.is_disabled is not new.is_disabled
        begin ${refreshAlbums('artist_id = new.id')}; end`,
    };
    for (const [name, body] of Object.entries(triggers)) {
      await run(`create trigger ${name} ${body}`);
    }

    const add = (row: string) =>
      `insert into albums_fts(rowid, title) select ${rank(row)}, ${row}.title where ${row}.listed = 1`;
    const remove = (row: string) => `delete from albums_fts where rowid = ${rank(row)}`;
    for (const name of ['albums_fts_ai', 'albums_fts_au', 'albums_fts_artist']) {
      await run(`drop trigger ${name}`);
    }
    await run(`create trigger albums_fts_ai after insert on albums begin ${add('new')}; end`);
    await run(`create trigger albums_fts_au after update of title, listed on albums
      when old.title is not new.title or old.listed is not new.listed
      begin ${remove('old')}; ${add('new')}; end`);
    await run(`insert into albums_fts(albums_fts) values ('delete-all')`);
    await run(
      `insert into albums_fts(rowid, title) select ${rank('t')}, t.title from albums t where t.listed = 1`,
    );
    return;
  }

  // Each refresh first locks the album's row, then reads its songs afresh (a statement of its
  // own, so with a snapshot taken after the lock): two transactions hiding the album's last two
  // songs at once would each still see the other's song listed. The lock is the one an update
  // of a non-key column takes, which the foreign-key checks of songs going into the album do
  // not wait for; a full row lock would deadlock two transactions adding songs to one album.
  // Before it, the refresh takes the catalog version's row (migration 005), which every catalog
  // write takes anyway: so locks are taken in one order, and a transaction holding an album's
  // lock never waits for the version's row while its holder waits for that album.
  await run(`create function albums_listed_refresh(album integer) returns void language plpgsql as $$ begin
      if album is null then return; end if;
      perform 1 from catalog_version where id = 1 for no key update;
      perform 1 from albums where id = album for no key update;
      ${refreshAlbums('id = album')};
    end $$`);
  await run(`create function albums_listed_of_album() returns trigger language plpgsql as $$ begin
      perform albums_listed_refresh(new.id);
      return null;
    end $$`);
  await run(`create function albums_listed_of_song() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then perform albums_listed_refresh(new.album_id); return null; end if;
      perform albums_listed_refresh(old.album_id);
      if tg_op = 'UPDATE' and new.album_id is distinct from old.album_id then
        perform albums_listed_refresh(new.album_id);
      end if;
      return null;
    end $$`);
  await run(`create function albums_listed_of_artist() returns trigger language plpgsql as $$ begin
      perform albums_listed_refresh(id) from albums where artist_id = new.id order by id;
      return null;
    end $$`);
  await run(`create trigger albums_listed_album after insert or update of artist_id on albums
      for each row execute function albums_listed_of_album()`);
  await run(`create trigger albums_listed_song after insert or delete on songs
      for each row execute function albums_listed_of_song()`);
  // Not `update of listed`: PostgreSQL counts only the statement's own SET list there, and the
  // song's flag is usually written by its row trigger (migration 008).
  await run(`create trigger albums_listed_song_update after update on songs
      for each row when (old.listed is distinct from new.listed or old.album_id is distinct from new.album_id)
      execute function albums_listed_of_song()`);
  await run(`create trigger albums_listed_artist after update of is_disabled on artists
      for each row when (old.is_disabled is distinct from new.is_disabled)
      execute function albums_listed_of_artist()`);
}
