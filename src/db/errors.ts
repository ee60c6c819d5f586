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

/** The configured database does not exist on the server. */
const NOT_FOUND_CODES = new Set([
  '3D000', // pg invalid_catalog_name
  'ER_BAD_DB_ERROR', // mysql 1049
]);

/** A table of the service is missing: the database was never migrated (or is not ours). */
const SCHEMA_MISSING_CODES = new Set([
  '42P01', // pg undefined_table
  'ER_NO_SUCH_TABLE', // mysql 1146
]);
const SCHEMA_MISSING_MESSAGES = [
  /(^| - )no such table: /i, // SQLite (knex prefixes the statement: "select … - no such table: …")
  /Invalid object name '/i, // SQL Server 208
];

/**
 * Thrown by queries/run.ts run() when a statement has not answered QUERY_TIMEOUT_MS after it
 * started, whatever the driver is still doing (on pg, knex waits for a cancel that a vanished server
 * never acknowledges: "…cancelling of query failed" only after the connect timeout).
 */
export class QueryTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`query did not answer within ${timeoutMs} ms`);
    this.name = 'QueryTimeoutError';
  }
}

export type DbFailure = 'unavailable' | 'timeout' | 'not-found' | 'schema-missing';

export function classifyDbError(err: unknown): DbFailure | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { name?: string; code?: unknown; message?: string; errno?: unknown };
  const message = String(e.message ?? '');
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (err instanceof QueryTimeoutError) return 'timeout';
  // knex on pg/mysql when the cancel of a timed-out statement cannot reach the server either.
  if (/query timeout of \d+ms exceeded, cancelling of query failed/i.test(message)) return 'timeout';
  if (e.name === 'KnexTimeoutError') {
    return /acquiring a connection/i.test(message) ? 'unavailable' : 'timeout';
  }
  // tedious uses ETIMEOUT both for a login that times out (ConnectionError: unreachable) and for
  // requestTimeout (RequestError: the statement was cancelled). Neither class sets `name`.
  // One exception: the statement did time out, but the server never acknowledged tedious' cancel
  // within cancelTimeout, so tedious drops the connection with a ConnectionError (Babelfish while
  // its statement waits for a lock; a SQL Server too busy to answer). The user's query timed out.
  // (knex puts the statement's SQL in front of the driver's message.)
  if (code === 'ETIMEOUT' && err.constructor?.name === 'ConnectionError') {
    return /Failed to cancel request/.test(message) ? 'timeout' : 'unavailable';
  }
  if (code && TIMEOUT_CODES.has(code)) return 'timeout';
  // tedious: login to a database that does not exist (ELOGIN, "Cannot open database … requested by the login").
  if (code === 'ELOGIN' && /Cannot open database/i.test(message)) return 'not-found';
  if (code && UNAVAILABLE_CODES.has(code)) return 'unavailable';
  if (code && NOT_FOUND_CODES.has(code)) return 'not-found';
  if (code && SCHEMA_MISSING_CODES.has(code)) return 'schema-missing';
  if (SCHEMA_MISSING_MESSAGES.some((re) => re.test(message))) return 'schema-missing';
  if (UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return 'unavailable';
  return undefined;
}
