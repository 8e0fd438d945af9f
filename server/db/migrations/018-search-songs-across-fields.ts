import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { rankKey } from './007-search-ranked.ts';
import { REFILL_SEARCH_TERMS } from './010-search-terms.ts';

/** The letters folded to plain ones when this migration ran (contract/rules/search.ts then). */
const FOLD_FROM = 'àáâãäåāăąæçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőœŕřśšşßťùúûüūůűųýÿžźż';
const FOLD_TO = 'aaaaaaaaaacccddeeeeeeeeiiiiiiilnnnooooooooorrsssstuuuuuuuuyyzzz';

/**
 * Songs are found by their title, their artists' names and their album's title together, so
 * 'kingston rust' finds 'Rust & Bone' by Kingston Lowlands: every word of a query must start a
 * word of one of them.
 *
 * `songs.search_credits` holds the song's artists' names and its album's title as text, maintained by
 * triggers on both engines when a credit is added or removed, an artist renamed, an album
 * retitled or a song moved to another album. A second index of songs holds title and credits:
 * - SQLite: `songs_all_fts`, contentless like `songs_fts` (migration 007), with the same rank
 *   keys (title length, then newest), holding listed songs only (migration 009);
 * - PostgreSQL: `songs.search_all_doc` (generated from both) and its terms in `search_terms` under
 *   kind SONGS_ALL_KIND, with the same rank keys (migration 010).
 * The title index stays as it was: search reads it first, so title matches rank above songs
 * found by their artist or album (search.service.ts).
 */

/** The kind of `search_terms` holding every word of a song (title, artists, album). */
export const SONGS_ALL_KIND = 5;

/** The SQLite index of songs by title and credits. */
export const SONGS_ALL_FTS = 'songs_all_fts';

/** The credits text of song `id` whose album is `albumId` (SQL expressions), per engine. */
function creditsOf(dialect: Dialect, id: string, albumId: string): string {
  const names =
    dialect === 'sqlite'
      ? `(select group_concat(a.name, ' ') from song_artists sa join artists a on a.id = sa.artist_id where sa.song_id = ${id})`
      : `(select string_agg(a.name, ' ' order by sa.position) from song_artists sa join artists a on a.id = sa.artist_id where sa.song_id = ${id})`;
  const album = `(select al.title from albums al where al.id = ${albumId})`;
  return `trim(coalesce(${names}, '') || ' ' || coalesce(${album}, ''))`;
}

/** Sets the credits text of the songs matching `where` (over table `songs`), where it changed. */
const refreshCredits = (dialect: Dialect, where: string) => {
  const credits = creditsOf(dialect, 'songs.id', 'songs.album_id');
  return `update songs set search_credits = ${credits} where (${where}) and search_credits <> ${credits}`;
};

/**
 * Statements that set every song's credits text from the tables (after a bulk load with
 * triggers set aside); run before the indexes are refilled.
 */
export const refreshAllCredits = (dialect: Dialect): string => refreshCredits(dialect, 'true');

/** SQLite: the statement that fills the (empty) index with the listed songs. */
export const FILL_SONGS_ALL = `insert into ${SONGS_ALL_FTS}(rowid, title, credits) select ${rankKey('t', 'title')}, t.title, t.search_credits from songs t where t.listed = 1`;

const ADD_PRIMARY_KEY = 'alter table search_terms add primary key (kind, term, rank)';

/** PostgreSQL: the terms of every song's title and credits (SONGS_ALL_KIND). */
const INSERT_SONGS_ALL_TERMS = `insert into search_terms (kind, term, rank) select ${SONGS_ALL_KIND}, p.term, ${rankKey('x', 'title')} from songs x, search_prefixes(x.search_all_doc) p`;

/**
 * PostgreSQL: statements that refill `search_terms` and `search_words` from the tables, every kind
 * (migration 010's, and this one's terms before the key is built).
 */
export const REFILL_ALL_SEARCH_TERMS: readonly string[] = REFILL_SEARCH_TERMS.flatMap(
  (statement) =>
    statement === ADD_PRIMARY_KEY
      ? [INSERT_SONGS_ALL_TERMS, statement]
      : statement.startsWith('insert into search_words')
        ? [
            statement,
            'insert into search_words (word) select distinct unnest(tsvector_to_array(search_all_doc)) from songs on conflict do nothing',
          ]
        : [statement],
);

/** Credit triggers: the same events on both engines, each body per engine. */
function creditEvents(dialect: Dialect) {
  const refresh = (where: string) => refreshCredits(dialect, where);
  return [
    { name: 'songs_credits_insert', on: 'after insert on songs', body: refresh('id = new.id') },
    {
      name: 'songs_credits_album',
      on: 'after update of album_id on songs',
      when: 'old.album_id is distinct from new.album_id',
      body: refresh('id = new.id'),
    },
    {
      name: 'song_artists_credits_insert',
      on: 'after insert on song_artists',
      body: refresh('id = new.song_id'),
    },
    {
      name: 'song_artists_credits_delete',
      on: 'after delete on song_artists',
      body: refresh('id = old.song_id'),
    },
    {
      name: 'song_artists_credits_update',
      on: 'after update of song_id, artist_id on song_artists',
      body: refresh('id in (old.song_id, new.song_id)'),
    },
    {
      name: 'artists_credits_name',
      on: 'after update of name on artists',
      when: 'old.name is distinct from new.name',
      body: refresh('id in (select song_id from song_artists where artist_id = new.id)'),
    },
    {
      name: 'albums_credits_title',
      on: 'after update of title on albums',
      when: 'old.title is distinct from new.title',
      body: refresh('album_id = new.id'),
    },
  ];
}

export async function up(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
  db: Kysely<any>,
  dialect: Dialect,
): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`alter table songs add column search_credits text not null default ''`);
  await run(refreshAllCredits(dialect));

  if (dialect === 'sqlite') {
    for (const event of creditEvents(dialect)) {
      const when = event.when ? ` when ${event.when}` : '';
      await run(`create trigger ${event.name} ${event.on}${when} begin ${event.body}; end`);
    }
    const fts = SONGS_ALL_FTS;
    await run(
      `create virtual table ${fts} using fts5(title, credits, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')`,
    );
    await run(`create virtual table ${fts}_vocab using fts5vocab(${fts}, 'row')`);
    const add = (row: string) =>
      `insert into ${fts}(rowid, title, credits) select ${rankKey(row, 'title')}, ${row}.title, ${row}.search_credits where ${row}.listed = 1`;
    const remove = (row: string) => `delete from ${fts} where rowid = ${rankKey(row, 'title')}`;
    await run(`create trigger ${fts}_ai after insert on songs begin ${add('new')}; end`);
    await run(`create trigger ${fts}_ad after delete on songs begin ${remove('old')}; end`);
    // Only on a real change, as migration 009's triggers.
    const watched = ['title', 'search_credits', 'listed'];
    const changed = watched.map((c) => `old.${c} is not new.${c}`).join(' or ');
    await run(
      `create trigger ${fts}_au after update of ${watched.join(', ')} on songs when ${changed} begin ${remove('old')}; ${add('new')}; end`,
    );
    await run(FILL_SONGS_ALL);
    return;
  }

  for (const event of creditEvents(dialect)) {
    const fn = `${event.name}_row`;
    await run(`create function ${fn}() returns trigger language plpgsql as $$ begin
        ${event.body};
        return null;
      end $$`);
    const when = event.when ? ` when (${event.when})` : '';
    await run(
      `create trigger ${event.name} ${event.on} for each row${when} execute function ${fn}()`,
    );
  }
  const fold = (expr: string) => `translate(lower(${expr}), '${FOLD_FROM}', '${FOLD_TO}')`;
  await run(
    `alter table songs add column search_all_doc tsvector generated always as (to_tsvector('simple'::regconfig, ${fold(`coalesce(title, '') || ' ' || search_credits`)})) stored`,
  );
  const kind = SONGS_ALL_KIND;
  const rank = (row: string) => rankKey(row, 'title');
  // As migration 010's terms: a row's prefixes out with its old words, in with its new ones.
  await run(`create function songs_all_search_terms() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          delete from search_terms where kind = ${kind} and rank = ${rank('old')}
            and term in (select p.term from search_prefixes(old.search_all_doc) p);
        end if;
        if tg_op <> 'DELETE' then
          insert into search_terms (kind, term, rank)
            select ${kind}, p.term, ${rank('new')} from search_prefixes(new.search_all_doc) p
            on conflict do nothing;
          insert into search_words (word) select unnest(tsvector_to_array(new.search_all_doc))
            on conflict do nothing;
        end if;
        return null;
      end $$`);
  await run(
    'create trigger songs_all_search_terms_write after insert or delete on songs for each row execute function songs_all_search_terms()',
  );
  await run(`create trigger songs_all_search_terms_update after update of title, search_credits on songs
      for each row when (old.title is distinct from new.title or old.search_credits is distinct from new.search_credits)
      execute function songs_all_search_terms()`);
  await run(`${INSERT_SONGS_ALL_TERMS} on conflict do nothing`);
  await run(
    'insert into search_words (word) select distinct unnest(tsvector_to_array(search_all_doc)) from songs on conflict do nothing',
  );
  await run('analyze search_terms');
}
