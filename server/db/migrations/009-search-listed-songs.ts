import { type Kysely, sql } from 'kysely';
import { rankKey } from './007-search-ranked.ts';

/**
 * SQLite: the songs search index holds listed songs only (migration 008's flag). A search then
 * takes its best songs straight from the index, in rank order, instead of looking up each
 * candidate's row to see whether listeners may play it — forty scattered row reads per search on
 * a large catalog. The index follows the flag: a song is added when it becomes listed and
 * removed when it stops being listed or is deleted. PostgreSQL checks the flag in its query.
 */
export const FILL_LISTED_SONGS = `insert into songs_fts(rowid, title) select ${rankKey('t', 'title')}, t.title from songs t where t.listed = 1`;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'sqlite') return;
  const run = (text: string) => sql.raw(text).execute(db);
  for (const suffix of ['ai', 'ad', 'au']) await run(`drop trigger songs_fts_${suffix}`);
  // Every new song passes through an update of `listed` (migration 008's insert trigger), which
  // indexes it if listed; deleting a key that is not in the index is harmless.
  await run(`create trigger songs_fts_ad after delete on songs when old.listed = 1 begin
      delete from songs_fts where rowid = ${rankKey('old', 'title')}; end`);
  await run(`create trigger songs_fts_au after update of title, listed on songs begin
      delete from songs_fts where old.listed = 1 and rowid = ${rankKey('old', 'title')};
      insert into songs_fts(rowid, title) select ${rankKey('new', 'title')}, new.title where new.listed = 1;
    end`);
  await run(`insert into songs_fts(songs_fts) values ('delete-all')`);
  await run(FILL_LISTED_SONGS);
}
