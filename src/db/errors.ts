/**
 * Which driver errors mean "the database cannot be used" (503) and which mean "the query ran too
 * long and was cancelled" (504), across knex, pg, mysql2, tedious and better-sqlite3; for the
 * first, also why, in one word for the log and the readiness probe (docs/databases.md has the table).
 */

/**
 * Why the database cannot be used. A fixed word, never the driver's text: that may name hosts and
 * logins, and a probe answers anyone.
 */
export type DbCause =
  | 'login-failed'
  | 'unknown-database'
  | 'tls'
  | 'host-unknown'
  | 'host-unreachable'
  | 'connection-refused'
  | 'connection-reset'
  | 'connect-timeout'
  | 'no-answer'
  | 'pool-timeout'
  | 'pool-closed'
  | 'too-many-connections'
  | 'server-unavailable'
  | 'cannot-open'
  | 'database-busy';

/** Error codes of the drivers (and of Node's sockets beneath them), as each puts them in `code`. */
const CAUSE_BY_CODE: Readonly<Record<string, DbCause>> = {
  // Node's sockets and DNS, under every networked driver (tedious nests them as `cause`).
  ENOTFOUND: 'host-unknown',
  EAI_AGAIN: 'host-unknown', // the DNS server did not answer
  EAI_FAIL: 'host-unknown',
  EHOSTUNREACH: 'host-unreachable',
  ENETUNREACH: 'host-unreachable',
  EHOSTDOWN: 'host-unreachable',
  ENETDOWN: 'host-unreachable',
  ECONNREFUSED: 'connection-refused',
  ECONNRESET: 'connection-reset',
  ECONNABORTED: 'connection-reset',
  EPIPE: 'connection-reset',
  ETIMEDOUT: 'connect-timeout', // also mysql2's connectTimeout
  EPROTO: 'tls',
  // pg: SQLSTATE.
  '28000': 'login-failed', // invalid_authorization_specification: no such role, no pg_hba.conf entry
  '28P01': 'login-failed', // invalid_password
  '3D000': 'unknown-database', // invalid_catalog_name
  '53300': 'too-many-connections',
  '57P01': 'server-unavailable', // admin_shutdown
  '57P02': 'server-unavailable', // crash_shutdown
  '57P03': 'server-unavailable', // cannot_connect_now: starting up or in recovery
  '08000': 'connection-reset',
  '08001': 'connection-refused',
  '08003': 'connection-reset',
  '08004': 'connection-refused',
  '08006': 'connection-reset',
  // mysql2: the server's error names (MySQL/MariaDB errno after them), then mysql2's own.
  ER_ACCESS_DENIED_ERROR: 'login-failed', // 1045
  ER_DBACCESS_DENIED_ERROR: 'login-failed', // 1044: the login may not use that database
  ER_ACCESS_DENIED_NO_PASSWORD_ERROR: 'login-failed', // 1698 (MariaDB: no such user)
  ER_HOST_NOT_PRIVILEGED: 'login-failed', // 1130
  ER_NOT_SUPPORTED_AUTH_MODE: 'login-failed', // 1251
  ER_MUST_CHANGE_PASSWORD_LOGIN: 'login-failed', // 1862
  ER_ACCOUNT_HAS_BEEN_LOCKED: 'login-failed', // 3118
  ER_BAD_DB_ERROR: 'unknown-database', // 1049
  ER_HOST_IS_BLOCKED: 'connection-refused', // 1129: too many failed connects from this host
  ER_CON_COUNT_ERROR: 'too-many-connections', // 1040
  ER_TOO_MANY_USER_CONNECTIONS: 'too-many-connections', // 1203
  ER_USER_LIMIT_REACHED: 'too-many-connections', // 1226
  ER_SERVER_SHUTDOWN: 'server-unavailable', // 1053
  ER_SECURE_TRANSPORT_REQUIRED: 'tls', // 3159
  ER_HANDSHAKE_ERROR: 'connection-reset', // 1043
  ER_CLIENT_INTERACTION_TIMEOUT: 'connection-reset', // 4031: the server closed an idle connection
  AUTH_SWITCH_PLUGIN_ERROR: 'login-failed',
  MYSQL_CLEAR_PASSWORD_NOT_ENABLED: 'login-failed',
  HANDSHAKE_NO_SSL_SUPPORT: 'tls',
  HANDSHAKE_SSL_ERROR: 'tls',
  PROTOCOL_CONNECTION_LOST: 'connection-reset',
  PROTOCOL_SEQUENCE_TIMEOUT: 'no-answer',
  // tedious (ELOGIN and ESOCKET are read below: their message or nested error says more).
  EENCRYPT: 'tls', // the server requires TLS and DB_ENCRYPT is false
  EINSTLOOKUP: 'host-unknown', // the SQL Browser did not name the instance's port
  ECONNCLOSED: 'connection-reset',
  EFEDAUTH: 'login-failed',
  // better-sqlite3 (extended codes such as SQLITE_CANTOPEN_ISDIR count as their base code).
  SQLITE_CANTOPEN: 'cannot-open',
  SQLITE_NOTADB: 'cannot-open',
  SQLITE_BUSY: 'database-busy',
};

/** Own keys only: a code such as `constructor` must not find Object's. */
function causeByCode(code: string): DbCause | undefined {
  return Object.hasOwn(CAUSE_BY_CODE, code) ? CAUSE_BY_CODE[code] : undefined;
}

/** Node's TLS and certificate errors: ERR_SSL_WRONG_VERSION_NUMBER, DEPTH_ZERO_SELF_SIGNED_CERT, … */
const TLS_CODE = /^ERR_(SSL|TLS)_|CERT|^UNABLE_TO_VERIFY_LEAF_SIGNATURE$/;

/** SQL Server's error numbers, where a driver keeps them in `number` (tedious' RequestError). */
const CAUSE_BY_MSSQL_NUMBER: Readonly<Record<number, DbCause>> = {
  18456: 'login-failed',
  18452: 'login-failed', // untrusted domain
  18470: 'login-failed', // login disabled
  18486: 'login-failed', // locked out
  18487: 'login-failed', // password expired
  18488: 'login-failed', // password must be changed
  4060: 'unknown-database', // cannot open database (also: the login has no user in it)
  17809: 'too-many-connections',
  10928: 'too-many-connections',
  10929: 'too-many-connections',
  6005: 'server-unavailable', // shutdown in progress
  18401: 'server-unavailable', // script upgrade mode
  40613: 'server-unavailable', // Azure: database not currently available
  40197: 'server-unavailable',
  40501: 'server-unavailable',
  233: 'connection-reset',
  10053: 'connection-reset',
  10054: 'connection-reset',
};

/** Errors that carry no code: knex's and the drivers' own words. */
const CAUSE_BY_MESSAGE: readonly [RegExp, DbCause][] = [
  [/Timeout acquiring a connection/i, 'pool-timeout'],
  [/Unable to acquire a connection/i, 'pool-closed'], // knex after destroy()
  // pg's connectionTimeoutMillis (a host that accepts but never answers).
  [/^timeout expired$|Connection terminated due to connection timeout/i, 'connect-timeout'],
  [/connect(ion)? (ETIMEDOUT|timeout)/i, 'connect-timeout'],
  [/connect(ion)? ECONNREFUSED/i, 'connection-refused'],
  [/does not support SSL connections|error establishing an SSL connection/i, 'tls'], // pg
  [
    /Connection terminated|Connection lost|Connection was killed|connection is in closed state|Client has encountered a connection error|Client was closed and is not queryable/i,
    'connection-reset',
  ],
  [/Failed to connect/i, 'connection-refused'],
];

const TIMEOUT_CODES = new Set([
  '57014', // pg query_canceled
  'ER_QUERY_INTERRUPTED', // mysql KILL QUERY
  'ER_QUERY_TIMEOUT',
  'ETIMEOUT', // tedious requestTimeout
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

interface ErrorLike {
  name?: string;
  code?: unknown;
  number?: unknown;
  message?: string;
  cause?: unknown;
  errors?: unknown;
}

export function classifyDbError(err: unknown): DbFailure | undefined {
  return describeDbError(err)?.failure;
}

/** The failure and, when the database cannot be used, its cause. */
export function describeDbError(err: unknown): { failure: DbFailure; cause?: DbCause } | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as ErrorLike;
  const message = String(e.message ?? '');
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (err instanceof QueryTimeoutError) return { failure: 'timeout' };
  // knex on pg/mysql when the cancel of a timed-out statement cannot reach the server either.
  if (/query timeout of \d+ms exceeded, cancelling of query failed/i.test(message)) return { failure: 'timeout' };
  // knex rethrows a failed connect as it is; this one only when no connection came in time.
  if (e.name === 'KnexTimeoutError') {
    return /acquiring a connection/i.test(message) ? { failure: 'unavailable', cause: 'pool-timeout' } : { failure: 'timeout' };
  }
  // tedious uses ETIMEOUT both for a login that times out (ConnectionError: unreachable) and for
  // requestTimeout (RequestError: the statement was cancelled). Neither class sets `name`.
  // One exception: the statement did time out, but the server never acknowledged tedious' cancel
  // within cancelTimeout, so tedious drops the connection with a ConnectionError (Babelfish while
  // its statement waits for a lock; a SQL Server too busy to answer). The user's query timed out.
  // (knex puts the statement's SQL in front of the driver's message.)
  if (code === 'ETIMEOUT' && err.constructor?.name === 'ConnectionError') {
    return /Failed to cancel request/.test(message) ? { failure: 'timeout' } : { failure: 'unavailable', cause: 'connect-timeout' };
  }
  if (code && TIMEOUT_CODES.has(code)) return { failure: 'timeout' };
  const cause = connectionCause(e, 0);
  // A database that does not exist has its own answer (DB_NOT_FOUND): the fix is the configuration.
  if (cause) return { failure: cause === 'unknown-database' ? 'not-found' : 'unavailable', cause };
  if (code && SCHEMA_MISSING_CODES.has(code)) return { failure: 'schema-missing' };
  if (SCHEMA_MISSING_MESSAGES.some((re) => re.test(message))) return { failure: 'schema-missing' };
  return undefined;
}

/**
 * The cause of a connection-level error. tedious wraps the socket's error (`cause`; an
 * AggregateError's `errors` when it tried several addresses), which names it better than ESOCKET.
 */
function connectionCause(e: ErrorLike, depth: number): DbCause | undefined {
  const own = ownCause(e);
  if (own && e.code !== 'ESOCKET') return own;
  if (depth < 3) {
    const errors: unknown[] = Array.isArray(e.errors) ? e.errors : [];
    for (const inner of [e.cause, ...errors]) {
      const cause = inner && typeof inner === 'object' ? connectionCause(inner, depth + 1) : undefined;
      if (cause) return cause;
    }
  }
  return own;
}

function ownCause(e: ErrorLike): DbCause | undefined {
  const message = String(e.message ?? '');
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code) {
    // tedious keeps only the server's message of a refused login, not its number (18456, 4060).
    // Babelfish words a missing database as PostgreSQL does.
    if (code === 'ELOGIN') return /Cannot open database|database ".*" does not exist/i.test(message) ? 'unknown-database' : 'login-failed';
    if (code === 'ESOCKET') return /^Failed to connect/.test(message) ? 'connection-refused' : 'connection-reset';
    // pg: CONNECT revoked on the database; elsewhere 42501 is a grant missing on a table.
    if (code === '42501' && /permission denied for database/i.test(message)) return 'login-failed';
    const byCode = causeByCode(code) ?? causeByCode(/^SQLITE_[A-Z]+/.exec(code)?.[0] ?? '');
    if (byCode) return byCode;
    if (TLS_CODE.test(code)) return 'tls';
  }
  if (typeof e.number === 'number' && CAUSE_BY_MSSQL_NUMBER[e.number]) return CAUSE_BY_MSSQL_NUMBER[e.number];
  return CAUSE_BY_MESSAGE.find(([re]) => re.test(message))?.[1];
}

/**
 * A driver's message for the log, with any credentials of a connection string masked. No driver
 * here puts them in its messages today; this keeps it so if one ever quotes its URL.
 */
export function dbErrorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]*@/gi, '$1***@')
    .replace(/\b(password|pwd)\s*=\s*[^;\s&]*/gi, '$1=***');
}
