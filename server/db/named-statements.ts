import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './database.ts';

/**
 * Queries whose text is fixed (compiled once: modules/catalog/prepared.ts, and searches of one
 * or two words: modules/search) run on PostgreSQL as
 * named prepared statements, so each connection parses and plans them once instead of on every
 * run. Planning was most of their cost: a song card's read spent 0.9 ms being parsed and planned
 * and 0.8 ms running. The texts are few (one per query and list size), and the count is capped
 * so a bug that named ever-new texts could not fill the server's memory.
 */
const MAX_NAMED = 500;

const names = new Map<string, string>();

/** Marks `text` as one to keep prepared. */
export function keepPrepared(text: string): void {
  if (!names.has(text) && names.size < MAX_NAMED) names.set(text, `chorus_${names.size + 1}`);
}

/** The statement name `text` runs under, if it is kept prepared. */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}

/** Runs `compiled` as a kept prepared statement (see above). */
export function executePrepared<R>(db: Db, compiled: CompiledQuery<R>): Promise<QueryResult<R>> {
  keepPrepared(compiled.sql);
  return db.executeQuery(compiled);
}
