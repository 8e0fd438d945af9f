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
