import { type Kysely, sql } from 'kysely';

/**
 * SQLite full-text indexes whose rowids are the ranking, so a search reads its best matches first
 * and stops after the few it shows, however many rows match ('love', 'm').
 *
 * Results rank shortest name first, then newest (see search.repository.ts). Each index row's
 * rowid is that key — the name's length above, the inverted id below — and the index is
 * contentless (it stores no text; the names stay in their tables), kept by triggers. Prefix
 * indexes of 1–3 letters serve the first keystrokes without merging every word with that start.
 * PostgreSQL keeps its GIN indexes (migration 003).
 */
export const SEARCH_SOURCES = [
  { table: 'songs', label: 'title', columns: ['title'] },
  { table: 'artists', label: 'name', columns: ['name'] },
  { table: 'albums', label: 'title', columns: ['title'] },
  { table: 'playlists', label: 'name', columns: ['name', 'description'] },
] as const;

const ID_SPAN = 4_294_967_296; // ids stay below 2^32

/** The rank key of row `alias` of a source: ascending = shorter name first, then newer. */
export function rankKey(alias: string, label: string): string {
  return `(length(${alias}.${label}) * ${ID_SPAN} + (${ID_SPAN - 1} - ${alias}.id))`;
}

/** The source row id of a rank key. */
export function idOfRankKey(key: string): string {
  return `(${ID_SPAN - 1} - (${key} % ${ID_SPAN}))`;
}

/** Statements that fill a source's index from its table (the index must be empty). */
export function fillSearchIndex(source: (typeof SEARCH_SOURCES)[number]): string {
  const fts = `${source.table}_fts`;
  const cols = source.columns.join(', ');
  return `insert into ${fts}(rowid, ${cols}) select ${rankKey('t', source.label)}, ${source.columns
    .map((c) => `t.${c}`)
    .join(', ')} from ${source.table} t`;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'sqlite') return;
  for (const source of SEARCH_SOURCES) {
    const { table, label, columns } = source;
    const fts = `${table}_fts`;
    const cols = columns.join(', ');
    const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
    for (const suffix of ['ai', 'ad', 'au']) {
      await sql.raw(`drop trigger ${fts}_${suffix}`).execute(db);
    }
    await sql.raw(`drop table ${fts}_vocab`).execute(db);
    await sql.raw(`drop table ${fts}`).execute(db);
    await sql
      .raw(
        `create virtual table ${fts} using fts5(${cols}, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')`,
      )
      .execute(db);
    await sql.raw(`create virtual table ${fts}_vocab using fts5vocab(${fts}, 'row')`).execute(db);
    await sql
      .raw(
        `create trigger ${fts}_ai after insert on ${table} begin insert into ${fts}(rowid, ${cols}) values (${rankKey('new', label)}, ${values('new')}); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_ad after delete on ${table} begin delete from ${fts} where rowid = ${rankKey('old', label)}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_au after update of ${cols} on ${table} begin delete from ${fts} where rowid = ${rankKey('old', label)}; insert into ${fts}(rowid, ${cols}) values (${rankKey('new', label)}, ${values('new')}); end`,
      )
      .execute(db);
    await sql.raw(fillSearchIndex(source)).execute(db);
  }
}
