/**
 * Which driver errors mean "the database cannot be used" (503) and which mean "the query ran too
 * long and was cancelled" (504), across knex, pg, mysql2, tedious and better-sqlite3; for the
 * first, also why, in one word for the log and the readiness probe (docs/databases.md has the table).
 * Here: knex's errors and Node's sockets; each driver's own codes are in its dialect (dialects/).
 */

import { ALL_DIALECTS } from './dialects/index.js';
import type { DbCause, DbFailure } from './failures.js';

export type { DbCause, DbFailure } from './failures.js';

/** Error codes of Node's sockets and DNS, under every networked driver (tedious nests them as `cause`). */
const SOCKET_CAUSE_BY_CODE: Readonly<Record<string, DbCause>> = {
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
};

/** Error codes as each driver puts them in `code`: Node's sockets', then each database's (dialects/). */
const CAUSE_BY_CODE: Readonly<Record<string, DbCause>> = Object.assign(
  {},
  SOCKET_CAUSE_BY_CODE,
  ...ALL_DIALECTS.map((d) => d.errors.causeByCode),
) as Record<string, DbCause>;

/** Own keys only: a code such as `constructor` must not find Object's. */
function causeByCode(code: string): DbCause | undefined {
  return Object.hasOwn(CAUSE_BY_CODE, code) ? CAUSE_BY_CODE[code] : undefined;
}

/** Node's TLS and certificate errors: ERR_SSL_WRONG_VERSION_NUMBER, DEPTH_ZERO_SELF_SIGNED_CERT, … */
const TLS_CODE = /^ERR_(SSL|TLS)_|CERT|^UNABLE_TO_VERIFY_LEAF_SIGNATURE$/;

/** Server error numbers, where a driver keeps them in `number` (tedious' RequestError). */
const CAUSE_BY_NUMBER: Readonly<Record<number, DbCause>> = Object.assign(
  {},
  ...ALL_DIALECTS.map((d) => d.errors.causeByNumber ?? {}),
) as Record<number, DbCause>;

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

const TIMEOUT_CODES = new Set(ALL_DIALECTS.flatMap((d) => d.errors.timeoutCodes));

/** A table of the service is missing: the database was never migrated (or is not ours). */
const SCHEMA_MISSING_CODES = new Set(ALL_DIALECTS.flatMap((d) => d.errors.schemaMissingCodes));
const SCHEMA_MISSING_MESSAGES = ALL_DIALECTS.flatMap((d) => d.errors.schemaMissingMessages);

/** Codes of errors that wrap the socket's error, which names the cause better. */
const WRAPPER_CODES: ReadonlySet<unknown> = new Set(ALL_DIALECTS.flatMap((d) => d.errors.wrapperCodes ?? []));

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
  // A driver's code that means a time-out or an unusable database by the error's class.
  for (const dialect of ALL_DIALECTS) {
    const byClass = dialect.errors.failureOf?.(err, code, message);
    if (byClass) return byClass;
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
  if (own && !WRAPPER_CODES.has(e.code)) return own;
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
    for (const dialect of ALL_DIALECTS) {
      const cause = dialect.errors.causeOf?.(code, message);
      if (cause) return cause;
    }
    const byCode = causeByCode(code);
    if (byCode) return byCode;
    if (TLS_CODE.test(code)) return 'tls';
  }
  if (typeof e.number === 'number' && CAUSE_BY_NUMBER[e.number]) return CAUSE_BY_NUMBER[e.number];
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
