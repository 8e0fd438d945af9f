import { type Kysely, sql } from 'kysely';

/** The letters folded to plain ones when this migration ran (contract/rules/search.ts then). */
const FOLD_FROM = 'àáâãäåāăąæçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőœŕřśšşßťùúûüūůűųýÿžźż';
const FOLD_TO = 'aaaaaaaaaacccddeeeeeeeeiiiiiiilnnnooooooooorrsssstuuuuuuuuyyzzz';

/**
 * Full-text search over songs, artists, albums and playlists, kept fresh by the database itself
 * so no writer has to remember to reindex:
 * - SQLite: an FTS5 table per entity (external content, unicode61 with diacritics removed), fed
 *   by triggers on insert, update and delete; an fts5vocab view over each for typo correction.
 * - PostgreSQL: a stored generated `search_doc` tsvector (folded with translate(), 'simple'
 *   config) with a GIN index, plus a generated folded `search_text` with a trigram index when
 *   the pg_trgm extension can be had (typo tolerance).
 */
const SOURCES = [
  { table: 'songs', columns: ['title'] },
  { table: 'artists', columns: ['name'] },
  { table: 'albums', columns: ['title'] },
  { table: 'playlists', columns: ['name', 'description'] },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'sqlite') {
    for (const { table, columns } of SOURCES) {
      const fts = `${table}_fts`;
      const cols = columns.join(', ');
      const newCols = columns.map((c) => `new.${c}`).join(', ');
      const oldCols = columns.map((c) => `old.${c}`).join(', ');
      await sql
        .raw(
          `create virtual table ${fts} using fts5(${cols}, content='${table}', content_rowid='id', tokenize = 'unicode61 remove_diacritics 2')`,
        )
        .execute(db);
      await sql.raw(`create virtual table ${fts}_vocab using fts5vocab(${fts}, 'row')`).execute(db);
      await sql
        .raw(
          `create trigger ${fts}_ai after insert on ${table} begin insert into ${fts}(rowid, ${cols}) values (new.id, ${newCols}); end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${fts}_ad after delete on ${table} begin insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.id, ${oldCols}); end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${fts}_au after update of ${cols} on ${table} begin insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.id, ${oldCols}); insert into ${fts}(rowid, ${cols}) values (new.id, ${newCols}); end`,
        )
        .execute(db);
      await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
    }
    return;
  }

  const fold = (expr: string) => `translate(lower(${expr}), '${FOLD_FROM}', '${FOLD_TO}')`;
  // The trigram extension lives in `public` so every schema (tests use one each) can share it.
  await sql`do $$ begin create extension if not exists pg_trgm with schema public; exception when others then raise notice 'pg_trgm unavailable: search will not correct typos'; end $$`.execute(
    db,
  );
  const trgm = await sql<{
    ok: number;
  }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`.execute(db);
  for (const { table, columns } of SOURCES) {
    const text = columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `);
    await sql
      .raw(
        `alter table ${table} add column search_doc tsvector generated always as (to_tsvector('simple'::regconfig, ${fold(text)})) stored`,
      )
      .execute(db);
    await sql
      .raw(`create index ${table}_search_doc_idx on ${table} using gin (search_doc)`)
      .execute(db);
    await sql
      .raw(
        `alter table ${table} add column search_text text generated always as (${fold(columns[0])}) stored`,
      )
      .execute(db);
    if (trgm.rows.length > 0) {
      await sql
        .raw(
          `create index ${table}_search_trgm_idx on ${table} using gin (search_text public.gin_trgm_ops)`,
        )
        .execute(db);
    }
  }
}
