import type SqliteDatabase from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/** How long one statement may run in the server, unless STATEMENT_TIMEOUT_MS says otherwise. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/** A statement stopped for running past the timeout (SQLite; PostgreSQL reports code 57014). */
export class StatementTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`statement ran past ${timeoutMs} ms and was stopped`);
    this.name = 'StatementTimeoutError';
  }
}

/** Whether `error` is a statement stopped by the timeout, on either database. */
export function isStatementTimeout(error: unknown): boolean {
  return (
    error instanceof StatementTimeoutError ||
    (error instanceof Error && (error as Error & { code?: unknown }).code === '57014')
  );
}

/** Rows read between looks at the clock (a look costs far less than a row). */
const ROWS_PER_CHECK = 256;

/**
 * `statement` with a time limit on reading its rows. better-sqlite3 runs a statement on the
 * event loop and exposes neither SQLite's progress handler nor its interrupt, so nothing can stop
 * a statement from outside while it runs. Its rows are read one at a time instead, looking at the
 * clock every few hundred, and reading stops with a StatementTimeoutError once `timeoutMs` have
 * passed. What this bounds is a statement that returns many rows; one that works long before its
 * first row (a sort or an aggregate over a whole table) runs to its end, which is why Chorus's
 * requests read bounded pages and their statistics through indexes.
 */
export function withReadTimeout(
  statement: SqliteDatabase.Statement,
  timeoutMs: number,
): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      const deadline = performance.now() + timeoutMs;
      const rows: unknown[] = [];
      for (const row of statement.iterate(parameters)) {
        rows.push(row);
        if (rows.length % ROWS_PER_CHECK === 0 && performance.now() > deadline) {
          throw new StatementTimeoutError(timeoutMs);
        }
      }
      return rows;
    },
    run: (parameters) => statement.run(parameters),
    iterate: (parameters) => statement.iterate(parameters),
  };
}
