import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/**
 * How many texts each family may run as named prepared statements. Queries whose text is fixed
 * (compiled once: modules/catalog/prepared.ts, and searches of one or two words: modules/search)
 * run on PostgreSQL as named prepared statements, so each connection parses and plans them once
 * instead of on every run: planning is most of what a song card's read costs. The texts are few
 * (one per query and list size), and their count is capped so a bug that named ever-new texts
 * cannot fill the server's memory. Searches have a share of their own: their texts vary with the
 * shape of what is asked (and the page size a caller chooses), so however many shapes callers
 * send, the other queries keep their names.
 */
export const MAX_PREPARED = { fixed: 500, search: 100 } as const;

/** Which share of names a text takes (see MAX_PREPARED). */
export type PreparedFamily = keyof typeof MAX_PREPARED;

/**
 * The SQL texts one open database runs as named prepared statements (DatabaseHandle.statements).
 * The PostgreSQL connections look each text up here (db/postgres.ts); SQLite caches a prepared
 * statement for every text anyway (db/sqlite.ts), so there the names go unused.
 */
export class PreparedStatements {
  private readonly names = new Map<string, string>();
  private readonly counts: Record<PreparedFamily, number> = { fixed: 0, search: 0 };

  /** Marks `text` as one to run prepared, if its family has names left. */
  keep(text: string, family: PreparedFamily = 'fixed'): void {
    if (this.names.has(text) || this.counts[family] >= MAX_PREPARED[family]) return;
    this.counts[family]++;
    this.names.set(text, `chorus_${this.names.size + 1}`);
  }

  /** The statement name `text` runs under, if it runs prepared. */
  nameOf(text: string): string | undefined {
    return this.names.get(text);
  }

  /** Runs `compiled` on `db` as a named prepared statement, if its family has names left. */
  execute<R>(
    db: Kysely<Database>,
    compiled: CompiledQuery<R>,
    family: PreparedFamily = 'fixed',
  ): Promise<QueryResult<R>> {
    this.keep(compiled.sql, family);
    return db.executeQuery(compiled);
  }
}
