import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

/*
 * PostgreSQL: the row triggers that maintain `search_terms` (migrations 010 and 018) removed a
 * row's old terms with `term in (select …)`. Planned with the statistics of a small table, that
 * delete reads every entry of the row's kind through the key (kind, term, rank) with only kind
 * and rank bound, so each removal costs as much as the kind's whole index, and a bulk load that
 * credits songs after inserting them (each credit rewrites the song's terms) grows with the
 * square of its size. Removing the terms one full key at a time leaves the planner no such
 * choice: each is one probe of the key, whatever the statistics say.
 *
 * The functions are written out in full here, as this migration's own text, so later changes
 * to live code cannot change what it did.
 */
const TERM_FUNCTIONS = [
  { fn: 'songs_search_terms', kind: 1, label: 'title', doc: 'search_doc' },
  { fn: 'artists_search_terms', kind: 2, label: 'name', doc: 'search_doc' },
  { fn: 'albums_search_terms', kind: 3, label: 'title', doc: 'search_doc' },
  { fn: 'playlists_search_terms', kind: 4, label: 'name', doc: 'search_doc' },
  { fn: 'songs_all_search_terms', kind: 5, label: 'title', doc: 'search_all_doc' },
] as const;

/** The rank key of migration 007: shorter labels first, then newer rows. */
const rank = (row: string, label: string) =>
  `(length(${row}.${label}) * 4294967296 + (4294967295 - ${row}.id))`;

// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema's types hold
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const { fn, kind, label, doc } of TERM_FUNCTIONS) {
    await sql
      .raw(`create or replace function ${fn}() returns trigger language plpgsql as $$
      declare
        old_term text;
      begin
        if tg_op <> 'INSERT' then
          for old_term in select p.term from search_prefixes(old.${doc}) p loop
            delete from search_terms
              where kind = ${kind} and term = old_term and rank = ${rank('old', label)};
          end loop;
        end if;
        if tg_op <> 'DELETE' then
          insert into search_terms (kind, term, rank)
            select ${kind}, p.term, ${rank('new', label)} from search_prefixes(new.${doc}) p
            on conflict do nothing;
          insert into search_words (word) select unnest(tsvector_to_array(new.${doc}))
            on conflict do nothing;
        end if;
        return null;
      end $$`)
      .execute(db);
  }
}
