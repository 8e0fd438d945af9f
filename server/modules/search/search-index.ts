import type { Dialect } from '../../db/dialect.ts';
import { VISIBLE_TO_LISTENERS } from '../../db/visibility.ts';

/*
 * What the search indexes hold, as live queries and upkeep read them. The migrations that built
 * the indexes (003, 007, 009, 010, 018, 021) keep their own copy of these definitions: they are
 * history, and a change here must come with a new migration that changes the database to match.
 *
 * - SQLite: one contentless FTS5 index per table (`songs_fts`…), holding only what listeners may
 *   find, whose rowids are the rank keys; `songs_all_fts` holds songs by title and credits.
 * - PostgreSQL: `search_terms` holds every word prefix (up to MAX_TERM letters) of every
 *   searchable row, with its kind and rank key; `search_words` lists the whole words.
 * Triggers maintain both, so writers have nothing to call.
 */

/** The searchable tables: the column their rank counts, their indexed columns, their kind. */
export const SEARCH_SOURCES = [
  { table: 'songs', label: 'title', columns: ['title'], kind: 1 },
  { table: 'artists', label: 'name', columns: ['name'], kind: 2 },
  { table: 'albums', label: 'title', columns: ['title'], kind: 3 },
  { table: 'playlists', label: 'name', columns: ['name', 'description'], kind: 4 },
] as const;

export type SearchSource = (typeof SEARCH_SOURCES)[number];

/** A searchable table. */
export type SearchTable = SearchSource['table'];

/** The kind of `search_terms` holding every word of a song (title, artists, album). */
export const SONGS_ALL_KIND = 5;

/** The SQLite index of songs by title and credits. */
export const SONGS_ALL_FTS = 'songs_all_fts';

/** PostgreSQL stores prefixes up to this length; longer query terms are checked on the row. */
export const MAX_TERM = 12;

const ID_SPAN = 4_294_967_296; // ids stay below 2^32

/**
 * The rank key of row `alias` of a table whose name is column `label`: ascending is shorter name
 * first, then newer.
 */
export function rankKey(alias: string, label: string): string {
  return `(length(${alias}.${label}) * ${ID_SPAN} + (${ID_SPAN - 1} - ${alias}.id))`;
}

/** The row id of a rank key. */
export function idOfRankKey(key: string): string {
  return `(${ID_SPAN - 1} - (${key} % ${ID_SPAN}))`;
}

/** Whether row `alias` of `table` may be found by listeners (SQL). */
export function isVisible(table: SearchTable, alias: string): string {
  return VISIBLE_TO_LISTENERS[table](alias);
}

/** SQLite: the statement that fills a table's (empty) index with its visible rows. */
export function fillSqliteIndex(source: SearchSource): string {
  const fts = `${source.table}_fts`;
  return `insert into ${fts}(rowid, ${source.columns.join(', ')}) select ${rankKey('t', source.label)}, ${source.columns
    .map((c) => `t.${c}`)
    .join(', ')} from ${source.table} t where ${isVisible(source.table, 't')}`;
}

/** SQLite: the statement that fills the (empty) index of songs by title and credits. */
export const FILL_SONGS_ALL = `insert into ${SONGS_ALL_FTS}(rowid, title, credits) select ${rankKey('t', 'title')}, t.title, t.search_credits from songs t where t.listed = 1`;

/**
 * The statement that sets every song's credits text (`songs.search_credits`: its artists' names
 * and album title) from the tables, where it changed: after a bulk load with triggers set aside,
 * before the indexes are refilled.
 */
export function refreshAllCredits(dialect: Dialect): string {
  if (dialect === 'sqlite') {
    // SQLite looks each song's credits up through their keys whatever its statistics say.
    const names = `(select group_concat(a.name, ' ') from song_artists sa join artists a on a.id = sa.artist_id where sa.song_id = songs.id)`;
    const album = '(select al.title from albums al where al.id = songs.album_id)';
    const credits = `trim(coalesce(${names}, '') || ' ' || coalesce(${album}, ''))`;
    return `update songs set search_credits = ${credits} where search_credits <> ${credits}`;
  }
  // Joined once rather than looked up per song: right after a bulk load the planner's statistics
  // still describe empty tables, and a per-song lookup planned from them reads all the credits
  // for every song.
  return `update songs set search_credits = c.credits
    from (
      select s.id, trim(coalesce(n.names, '') || ' ' || coalesce(al.title, '')) as credits
      from songs s
      left join (
        select sa.song_id, string_agg(a.name, ' ' order by sa.position) as names
        from song_artists sa join artists a on a.id = sa.artist_id group by sa.song_id
      ) n on n.song_id = s.id
      left join albums al on al.id = s.album_id
    ) c
    where songs.id = c.id and songs.search_credits <> c.credits`;
}

/** PostgreSQL: statements that refill `search_terms` and `search_words` from the tables. */
export const REFILL_ALL_SEARCH_TERMS: readonly string[] = [
  'truncate search_terms, search_words',
  // Filled without its key and keyed afterwards: one sort instead of millions of index inserts.
  'alter table search_terms drop constraint search_terms_pkey',
  ...SEARCH_SOURCES.map(
    ({ table, kind, label }) =>
      `insert into search_terms (kind, term, rank) select ${kind}, p.term, ${rankKey('x', label)} from ${table} x, search_prefixes(x.search_doc) p`,
  ),
  `insert into search_terms (kind, term, rank) select ${SONGS_ALL_KIND}, p.term, ${rankKey('x', 'title')} from songs x, search_prefixes(x.search_all_doc) p`,
  'alter table search_terms add primary key (kind, term, rank)',
  `insert into search_words (word) select distinct w from (${SEARCH_SOURCES.map(
    ({ table }) => `select unnest(tsvector_to_array(search_doc)) as w from ${table}`,
  ).join(' union all ')}) words`,
  'insert into search_words (word) select distinct unnest(tsvector_to_array(search_all_doc)) from songs on conflict do nothing',
  'analyze search_terms',
  'analyze search_words',
];
