/**
 * Which driver errors mean "the database cannot be reached" (503) and which mean "the query ran
 * too long and was cancelled" (504), across knex, pg, mysql2, tedious and better-sqlite3.
 */

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ESOCKET', // tedious
  'ECONNCLOSED', // tedious
  'ELOGIN', // tedious
  '57P01', // pg admin_shutdown
  '57P03', // pg cannot_connect_now
  '53300', // pg too_many_connections
  '08001',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

const TIMEOUT_CODES = new Set([
  '57014', // pg query_canceled
  'ER_QUERY_INTERRUPTED', // mysql KILL QUERY
  'ER_QUERY_TIMEOUT',
  'ETIMEOUT', // tedious requestTimeout
]);

const UNAVAILABLE_MESSAGES = [
  /Timeout acquiring a connection/i,
  /Connection terminated/i,
  /connect(ion)? (ECONNREFUSED|ETIMEDOUT|timeout)/i,
  /Failed to connect/i,
  /Connection lost/i,
  /Can't add new command when connection is in closed state/i,
  /Client has encountered a connection error/i,
  /Unable to acquire a connection/i,
  // pg's connectionTimeoutMillis (a host that accepts but never answers): a bare Error, no code.
  /^timeout expired$/,
  /Client was closed and is not queryable/i,
];

export type DbFailure = 'unavailable' | 'timeout';

export function classifyDbError(err: unknown): DbFailure | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { name?: string; code?: unknown; message?: string; errno?: unknown };
  const message = String(e.message ?? '');
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (e.name === 'KnexTimeoutError') {
    return /acquiring a connection/i.test(message) ? 'unavailable' : 'timeout';
  }
  // tedious uses ETIMEOUT both for a login that times out (ConnectionError: unreachable) and for
  // requestTimeout (RequestError: the statement was cancelled). Neither class sets `name`.
  if (code === 'ETIMEOUT' && err.constructor?.name === 'ConnectionError') return 'unavailable';
  if (code && TIMEOUT_CODES.has(code)) return 'timeout';
  if (code && UNAVAILABLE_CODES.has(code)) return 'unavailable';
  if (UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return 'unavailable';
  return undefined;
}
