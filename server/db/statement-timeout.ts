/** How long one statement may run in the server, unless STATEMENT_TIMEOUT_MS says otherwise. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/** A statement stopped for running past the timeout (SQLite, db/sqlite.ts; PostgreSQL reports 57014). */
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
