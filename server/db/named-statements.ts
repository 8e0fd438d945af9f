import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './database.ts';

/**
 * Queries whose text is fixed (compiled once: modules/catalog/prepared.ts, and searches of one
 * or two words: modules/search) run on PostgreSQL as
 * named prepared statements, so each connection parses and plans them once instead of on every
 * run. Planning was most of their cost: a song card's read spent 0.9 ms being parsed and planned
 * and 0.8 ms running. The texts are few (one per query and list size), and their count is capped
 * so a bug that named ever-new texts could not fill the server's memory. Searches have a share of
 * their own: their texts vary with the shape of what is asked (and the page size a caller
 * chooses), so however many shapes callers send, the other queries keep their names.
 */
export const MAX_NAMED = { fixed: 500, search: 100 } as const;

/** Which share of names a text takes (see MAX_NAMED). */
export type NameFamily = keyof typeof MAX_NAMED;

const names = new Map<string, string>();
const named: Record<NameFamily, number> = { fixed: 0, search: 0 };

/** Marks `text` as one to keep prepared, if its family has names left. */
export function keepPrepared(text: string, family: NameFamily = 'fixed'): void {
  if (names.has(text) || named[family] >= MAX_NAMED[family]) return;
  named[family]++;
  names.set(text, `chorus_${names.size + 1}`);
}

/** The statement name `text` runs under, if it is kept prepared. */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}

/** Runs `compiled` as a kept prepared statement (see above). */
export function executePrepared<R>(
  db: Db,
  compiled: CompiledQuery<R>,
  family: NameFamily = 'fixed',
): Promise<QueryResult<R>> {
  keepPrepared(compiled.sql, family);
  return db.executeQuery(compiled);
}
