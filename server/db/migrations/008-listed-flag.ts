import { type Kysely, sql } from 'kysely';

/**
 * `songs.listed` and `song_artists.listed`: whether listeners may see a song — active, not
 * deleted, and none of its credited artists disabled — kept by the database as those facts
 * change. Every listener read filtered songs with a correlated subquery over the song's credits
 * and their artists; for an artist page, a search or an album card that was a third of the
 * query's work. On the credits the flag lets an artist's listed songs be counted from an index
 * alone.
 *
 * Triggers (both engines): a song's flag is worked out again when its status or deletion
 * changes, when a credit is added, removed or moved, and when a credited artist is disabled or
 * enabled; a song's flag is copied onto its credits whenever it is written.
 */

/** Whether the song `id` (a column or value of the statement) is listed, as 1 or 0. */
function listedExpression(status: string, deleted: string, id: string): string {
  return `case when ${status} = 'Active' and ${deleted} = 0 and not exists (
      select 1 from song_artists sa join artists a on a.id = sa.artist_id
      where sa.song_id = ${id} and a.is_disabled = 1) then 1 else 0 end`;
}

/** Statements that set every flag from the tables (after a bulk load with triggers set aside). */
export const REFRESH_LISTED = [
  `update songs set listed = ${listedExpression('songs.status', 'songs.is_deleted', 'songs.id')}`,
  // A join, not a subquery per credit: PostgreSQL copies a million flags in seconds this way.
  'update song_artists set listed = s.listed from songs s where s.id = song_artists.song_id and song_artists.listed <> s.listed',
];

/** Recomputes the flag of the songs matching `where` (over table `songs`). */
const refreshSongs = (where: string) =>
  `update songs set listed = ${listedExpression('songs.status', 'songs.is_deleted', 'songs.id')} where ${where}`;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run('alter table songs add column listed integer not null default 0');
  await run('alter table song_artists add column listed integer not null default 0');
  for (const statement of REFRESH_LISTED) await run(statement);
  // An artist's listed songs come from the index alone; it also serves the artist foreign key.
  await run('drop index song_artists_artist_idx');
  await run('create index song_artists_artist_idx on song_artists (artist_id, listed, song_id)');
  await run('create index songs_album_listed_idx on songs (album_id, listed)');

  if (dialect === 'sqlite') {
    const triggers = {
      songs_listed_insert: `after insert on songs begin ${refreshSongs('id = new.id')}; end`,
      songs_listed_update: `after update of status, is_deleted on songs begin ${refreshSongs('id = new.id')}; end`,
      // Only on a change: the refreshes above write the flag even when it stays the same.
      songs_listed_copy: `after update of listed on songs when old.listed <> new.listed begin update song_artists set listed = new.listed where song_id = new.id; end`,
      song_artists_listed_insert: `after insert on song_artists begin ${refreshSongs('id = new.song_id')};
        update song_artists set listed = (select s.listed from songs s where s.id = new.song_id)
        where song_id = new.song_id and artist_id = new.artist_id; end`,
      song_artists_listed_delete: `after delete on song_artists begin ${refreshSongs('id = old.song_id')}; end`,
      song_artists_listed_update: `after update of song_id, artist_id on song_artists begin ${refreshSongs('id in (old.song_id, new.song_id)')}; end`,
      artists_listed_update: `after update of is_disabled on artists begin ${refreshSongs('id in (select song_id from song_artists where artist_id = new.id)')}; end`,
    };
    for (const [name, body] of Object.entries(triggers))
      await run(`create trigger ${name} ${body}`);
    return;
  }

  await run(`create function songs_listed_row() returns trigger language plpgsql as $$ begin
      new.listed := ${listedExpression('new.status', 'new.is_deleted', 'new.id')};
      return new;
    end $$`);
  await run(`create function songs_listed_copy() returns trigger language plpgsql as $$ begin
      update song_artists set listed = new.listed where song_id = new.id;
      return null;
    end $$`);
  await run(`create function song_artists_listed() returns trigger language plpgsql as $$ begin
      if tg_op in ('INSERT', 'UPDATE') then
        new.listed := coalesce((select listed from songs where id = new.song_id), 0);
      end if;
      return coalesce(new, old);
    end $$`);
  await run(`create function song_artists_listed_after() returns trigger language plpgsql as $$ begin
      if tg_op in ('DELETE', 'UPDATE') then ${refreshSongs('id = old.song_id')}; end if;
      if tg_op in ('INSERT', 'UPDATE') then ${refreshSongs('id = new.song_id')}; end if;
      return null;
    end $$`);
  await run(`create function artists_listed() returns trigger language plpgsql as $$ begin
      ${refreshSongs('id in (select song_id from song_artists where artist_id = new.id)')};
      return null;
    end $$`);
  await run(`create trigger songs_listed_row before insert or update of status, is_deleted on songs
      for each row execute function songs_listed_row()`);
  // Not `update of listed`: PostgreSQL counts only the statement's own SET list there, and the
  // flag is usually written by the row trigger above.
  await run(`create trigger songs_listed_copy after update on songs
      for each row when (old.listed is distinct from new.listed) execute function songs_listed_copy()`);
  await run(`create trigger song_artists_listed before insert or update of song_id on song_artists
      for each row execute function song_artists_listed()`);
  await run(`create trigger song_artists_listed_after after insert or delete or update of song_id, artist_id
      on song_artists for each row execute function song_artists_listed_after()`);
  await run(`create trigger artists_listed after update of is_disabled on artists
      for each row when (old.is_disabled is distinct from new.is_disabled) execute function artists_listed()`);
}
