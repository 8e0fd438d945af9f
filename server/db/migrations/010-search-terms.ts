import { type Kysely, sql } from 'kysely';
import { rankKey, SEARCH_SOURCES } from './007-search-ranked.ts';

/**
 * PostgreSQL: search reads its best matches in rank order from a btree, as SQLite reads them from
 * its FTS indexes (migration 007). A GIN index answers "which rows hold these words" but in no
 * order, so a common word or a short prefix made PostgreSQL collect and sort every match (or walk
 * the whole table backwards): a search over a million songs took up to a second.
 *
 * `search_terms` holds, for every word of every searchable row, the word's first 1 to MAX_TERM
 * letters, with the row's rank key (shorter names first, then newer: migration 007) and its kind.
 * A term of a query is then one range of the primary key, already in rank order; the other terms
 * are checked by key, and the scan stops at the page's last match. `search_words` lists the
 * indexed words for typo correction (SearchRepository.fuzzy), as FTS5's vocabulary does.
 * Words come from each row's `search_doc` (migration 003: folded, 'simple' configuration), kept
 * by triggers; visibility is checked on the rows a search reads. The GIN and trigram indexes go.
 */
/** The searchable tables (migration 007), each with its number in `search_terms.kind`. */
export const TERM_SOURCES = SEARCH_SOURCES.map((source, i) => ({ ...source, kind: i + 1 }));

/** Prefixes are stored up to this length; longer query terms are checked against `search_doc`. */
export const MAX_TERM = 12;

/** Statements that refill both tables from the searchable tables (after a bulk load or restore). */
export const REFILL_SEARCH_TERMS: readonly string[] = [
  'truncate search_terms, search_words',
  // Filled without its key and keyed afterwards: one sort instead of millions of index inserts.
  'alter table search_terms drop constraint search_terms_pkey',
  ...TERM_SOURCES.map(
    ({ table, kind, label }) =>
      `insert into search_terms (kind, term, rank) select ${kind}, p.term, ${rankKey('x', label)} from ${table} x, search_prefixes(x.search_doc) p`,
  ),
  'alter table search_terms add primary key (kind, term, rank)',
  `insert into search_words (word) select distinct w from (${TERM_SOURCES.map(
    ({ table }) => `select unnest(tsvector_to_array(search_doc)) as w from ${table}`,
  ).join(' union all ')}) words`,
  'analyze search_terms',
  'analyze search_words',
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database before its types hold
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'postgres') return;
  const run = (text: string) => sql.raw(text).execute(db);
  await run(
    // Byte order ("C"): terms are compared, never shown, and a prefix range must hold every word
    // that starts with the prefix whatever the database's collation.
    'create table search_terms (kind smallint not null, term text collate "C" not null, rank bigint not null, primary key (kind, term, rank))',
  );
  await run('create table search_words (word text collate "C" primary key)');
  await run(`create function search_prefixes(doc tsvector) returns table (term text)
    language sql immutable parallel safe as $$
      select distinct left(w, n) from unnest(tsvector_to_array(doc)) w,
        generate_series(1, least(length(w), ${MAX_TERM})) n
    $$`);
  for (const { table, kind, label, columns } of TERM_SOURCES) {
    const fn = `${table}_search_terms`;
    await run(`create function ${fn}() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          delete from search_terms where kind = ${kind} and rank = ${rankKey('old', label)}
            and term in (select p.term from search_prefixes(old.search_doc) p);
        end if;
        if tg_op <> 'DELETE' then
          insert into search_terms (kind, term, rank)
            select ${kind}, p.term, ${rankKey('new', label)} from search_prefixes(new.search_doc) p
            on conflict do nothing;
          insert into search_words (word) select unnest(tsvector_to_array(new.search_doc))
            on conflict do nothing;
        end if;
        return null;
      end $$`);
    await run(
      `create trigger ${fn}_write after insert or delete on ${table} for each row execute function ${fn}()`,
    );
    const changed = columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
    await run(
      `create trigger ${fn}_update after update of ${columns.join(', ')} on ${table} for each row when (${changed}) execute function ${fn}()`,
    );
    await run(`drop index if exists ${table}_search_doc_idx`);
    await run(`drop index if exists ${table}_search_trgm_idx`);
    await run(`alter table ${table} drop column if exists search_text`);
  }
  for (const statement of REFILL_SEARCH_TERMS) await run(statement);
}
