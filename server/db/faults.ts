/**
 * Database faults that are nobody's request's fault and pass on their own: PostgreSQL restarting
 * or dropping a connection, a network cut, a pool that cannot connect. Requests caught by one
 * respond 503 ("try again"), never 500.
 */
const CONNECTION_CODES = new Set([
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now.
  '57P01',
  '57P02',
  '57P03',
  // Node's sockets.
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

export function isConnectionFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  // Class 08: connection exceptions.
  if (code.startsWith('08') || CONNECTION_CODES.has(code)) return true;
  return /^Connection terminated|^timeout exceeded when trying to connect/.test(error.message);
}

export const DATABASE_UNAVAILABLE =
  'The database cannot be reached right now. Please try again in a moment.';

/**
 * The database named by DATABASE_URL refused or could not take a connection at start-up (down,
 * wrong host or port, unknown role or database, wrong password): what an operator fixes in the
 * setting, so it is told in one line rather than as a driver's stack trace.
 */
export class DatabaseUnreachable extends Error {
  constructor(url: string, cause: unknown) {
    super(`Cannot connect to DATABASE_URL (${withoutPassword(url)}): ${reasonOf(cause)}`);
    this.name = 'DatabaseUnreachable';
  }
}

/** A connection URL fit for a terminal or a log: its password, if any, is masked. */
export function withoutPassword(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');
}

/**
 * What went wrong, in words. A host name with several addresses (localhost: ::1 and 127.0.0.1)
 * fails with an AggregateError whose own message is empty; its attempts say why.
 */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) {
    return error.errors.map((each: unknown) => reasonOf(each)).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}
