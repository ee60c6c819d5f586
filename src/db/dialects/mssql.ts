import type { Knex } from 'knex';
import { MssqlClient, setRequestDeadline } from '../mssql-client.js';
import type { DbCause } from '../failures.js';
import {
  LAST_STORABLE_MS,
  positionOf,
  serverParts,
  textOf,
  TRIMMED_WHITE_SPACE,
  UPPER_ASCII,
  type Dialect,
  type DialectReplica,
} from './dialect.js';

/** The first instant a datetime2 column holds. */
const FIRST_DATETIME2_MS = Date.parse('0001-01-01T00:00:00.000Z');
/** knex binds a Date as SQL Server's legacy datetime, which starts in 1753 (datetime2: year 1). */
const FIRST_LEGACY_DATETIME_MS = Date.parse('1753-01-01T00:00:00.000Z');

/** The largest decimal(18, 4) (the money columns), in whole ten-thousandths. */
const MAX_MONEY_UNITS = 10n ** 18n - 1n;

/** Whole ten-thousandths (not negative) as 4-place decimal text: 57000n is '5.7000'. */
const fourPlaceText = (units: bigint): string => `${units / 10_000n}.${String(units % 10_000n).padStart(4, '0')}`;

/** tedious' codes (ELOGIN and ESOCKET are read by causeOf: their message or nested error says more). */
const CAUSE_BY_CODE: Readonly<Record<string, DbCause>> = {
  EENCRYPT: 'tls', // the server requires TLS and DB_ENCRYPT is false
  EINSTLOOKUP: 'host-unknown', // the SQL Browser did not name the instance's port
  ECONNCLOSED: 'connection-reset',
  EFEDAUTH: 'login-failed',
};

/** SQL Server's error numbers, which tedious' RequestError keeps in `number`. */
const CAUSE_BY_NUMBER: Readonly<Record<number, DbCause>> = {
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
  976: 'server-unavailable', // an availability group's secondary database not open for queries (not readable, or in transition)
};

/**
 * This server's own row for the connection's database in the availability group: on the primary
 * the last commit it processed, on a secondary the last commit it has redone (same LSNs on every
 * replica of the database). Needs VIEW SERVER STATE (SQL Server 2022: VIEW SERVER PERFORMANCE STATE).
 */
const AG_LOCAL_STATE_SQL = `select cast(is_primary_replica as int) as is_primary, synchronization_state_desc as sync_state,
  cast(is_suspended as int) as suspended, cast(last_commit_lsn as varchar(40)) as commit_lsn, last_commit_time as commit_time
  from sys.dm_hadr_database_replica_states where is_local = 1 and database_id = db_id()`;

/**
 * A readable secondary of an Always On availability group (through the listener with
 * ApplicationIntent=ReadOnly, or directly). The lag compares the secondary's last redone commit
 * with the primary's last commit. Without the permission the view is refused, and outside an
 * availability group it has no row: the lag is then unknown and the secondary is read anyway.
 */
const AG_SECONDARY: DialectReplica = {
  async observe({ primary, replica }) {
    const atPrimary = (await primary(AG_LOCAL_STATE_SQL).catch(() => []))[0];
    const [row] = await replica(AG_LOCAL_STATE_SQL);
    if (!row) {
      return {
        following: true,
        lagUnknown: 'the database is in no availability group on the read server (sys.dm_hadr_database_replica_states has no row for it)',
        detail: 'no availability group row',
      };
    }
    if (row.is_primary === 1) return { following: false, detail: "the read server is the availability group's primary replica" };
    const primaryCommit = atPrimary?.is_primary === 1 ? atPrimary : undefined;
    const commitTime = (r: Record<string, unknown> | undefined) => (r?.commit_time instanceof Date ? r.commit_time.getTime() : undefined);
    const [theirs, ours] = [commitTime(primaryCommit), commitTime(row)];
    return {
      following: true,
      appliedPosition: positionOf(row.commit_lsn),
      primaryPosition: positionOf(primaryCommit?.commit_lsn),
      // Commit times on both sides are the primary's clock: their difference is at least the lag.
      behindMs: theirs !== undefined && ours !== undefined ? Math.max(0, theirs - ours) : null,
      detail: `${textOf(row.sync_state)}${row.suspended === 1 ? ' (suspended)' : ''}, redone commit ${textOf(row.commit_lsn)}, primary's ${textOf(primaryCommit?.commit_lsn) ?? '(not read)'}`,
    };
  },
  // 3948: a read under the secondary's snapshot isolation ended because the primary's ghost
  // cleanup (or a role change) removed rows it might need; SQL Server says to retry it.
  isReplayConflict: (err) => err.number === 3948,
};

/** SQL Server through tedious, with knex's client corrected (../mssql-client.ts). */
export const mssql: Dialect = {
  client: 'mssql',

  knexConfig(db, common) {
    const parts = db.url ? mssqlUrlParts(db.url) : serverParts(db);
    return {
      ...common,
      // knex's mssql client reading update/del row counts by position (mssql-client.ts).
      client: MssqlClient as unknown as typeof Knex.Client,
      connection: {
        server: parts.host ?? 'localhost',
        port: parts.port ?? 1433,
        user: parts.user,
        password: parts.password,
        database: parts.database,
        connectTimeout: db.connectTimeoutMs,
        // tedious' own requestTimeout is what cancels a statement on the server; knex's is ignored.
        requestTimeout: db.queryTimeoutMs,
        options: {
          encrypt: db.encrypt,
          trustServerCertificate: db.trustServerCertificate,
          readOnlyIntent: db.readOnlyIntent,
          requestTimeout: db.queryTimeoutMs,
          connectTimeout: db.connectTimeoutMs,
          useUTC: true,
          appName: 'pricing-query-service',
        },
      } as Knex.MsSqlConnectionConfig,
      pool: { min: db.poolMin, max: db.poolMax },
    };
  },

  errors: {
    causeByCode: CAUSE_BY_CODE,
    causeOf(code, message) {
      // tedious keeps only the server's message of a refused login, not its number (18456, 4060).
      // Babelfish words a missing database as PostgreSQL does.
      if (code === 'ELOGIN')
        return /Cannot open database|database ".*" does not exist/i.test(message) ? 'unknown-database' : 'login-failed';
      if (code === 'ESOCKET') return /^Failed to connect/.test(message) ? 'connection-refused' : 'connection-reset';
      return undefined;
    },
    causeByNumber: CAUSE_BY_NUMBER,
    wrapperCodes: ['ESOCKET'],
    failureOf(err, code, message) {
      // tedious uses ETIMEOUT both for a login that times out (ConnectionError: unreachable) and for
      // requestTimeout (RequestError: the statement was cancelled). Neither class sets `name`.
      // One exception: the statement did time out, but the server never acknowledged tedious' cancel
      // within cancelTimeout, so tedious drops the connection with a ConnectionError (Babelfish while
      // its statement waits for a lock; a SQL Server too busy to answer). The user's query timed out.
      // (knex puts the statement's SQL in front of the driver's message.)
      if (code !== 'ETIMEOUT' || err.constructor?.name !== 'ConnectionError') return undefined;
      return /Failed to cancel request/.test(message) ? { failure: 'timeout' } : { failure: 'unavailable', cause: 'connect-timeout' };
    },
    timeoutCodes: ['ETIMEOUT'], // requestTimeout
    schemaMissingCodes: [],
    schemaMissingMessages: [/Invalid object name '/i], // 208
  },

  search: { strategy: 'like' },
  like: {
    // `[` is a wildcard too: each of `%`, `_` and `[` becomes a one-character class (`[%]`, `[_]`,
    // `[[]`, SQL Server's documented way to match them literally) and no ESCAPE clause is needed.
    // Babelfish mishandles an escape character right after `%` (`'a%b' like '%!%%' escape '!'` is
    // false there), which every needle starting with a special hit.
    escape: (text) => text.replace(/[%_[]/g, (c) => `[${c}]`),
    escapeClause: '',
    // lower() also folds Greek, Cyrillic and full-width letters; translate() (2017+) maps the 26.
    foldAsciiSql: `translate(??, '${UPPER_ASCII}', '${UPPER_ASCII.toLowerCase()}')`,
    // Latin1_General_100_BIN2 columns (the migrations): a binary comparison.
    letterlessUnfolded: true,
  },

  // No change token: no equally cheap and exact signal.
  // tedious' request timeout cancels the statement (an attention); knex's timeout would not.
  cancellation: {
    kind: 'on-server',
    bound: (_qb, connection, ms) => setRequestDeadline(connection, ms),
    unbound: (connection) => setRequestDeadline(connection, undefined),
  },
  embedded: false,
  defaultPort: 1433,
  storableInstants: [FIRST_DATETIME2_MS, LAST_STORABLE_MS],
  // Before 1753 the bound is datetime2 text, which the column's type reads exactly.
  instantBound: (client, instant) =>
    instant.getTime() >= FIRST_LEGACY_DATETIME_MS
      ? instant
      : (client.raw('cast(? as datetime2(3))', [instant.toISOString().slice(0, 23)]) as Knex.Raw),
  // tedious binds a number as int or float, and float outranks decimal (data type precedence): the
  // column would be converted to float, compared approximately and not sought in its index.
  // Decimal text cast to the column's own type is exact.
  moneyBound: (client, units) =>
    units > MAX_MONEY_UNITS ? undefined : (client.raw('cast(? as decimal(18, 4))', [fourPlaceText(units)]) as Knex.Raw),
  valueLists: 'openjson',
  priorRow: 'outer-apply',
  // Over whole statuses one ordered pass reads each row once, where a seek per row reads its part's history again.
  priorRowsInOnePass: true,
  exact: {
    // decimal(18, 4) times a whole number of up to 19 digits is exact (precision p1 + p2 + 1 ≤ 38).
    scaled: (money) => money,
    // A decimal quotient keeps only 6 or so decimal places, rounded (the scale rules of * and /), so
    // the whole part is taken with % first: the division is then exact.
    quotient: (dividend, divisor) => `(((${dividend}) - (${dividend}) % (${divisor})) / (${divisor}))`,
  },
  // No NULLS LAST in T-SQL: a null flag first.
  nullsLast: (sql, direction, isNull = `${sql} is null`) => `case when ${isNull} then 1 else 0 end, ${sql} ${direction}`,
  // TRIM(characters FROM …) is SQL Server 2017's; Babelfish types its result varchar (Chinese comes
  // back as ?), so it is cast to nvarchar again.
  trimWhiteSpace: (sql) => `cast(trim(${TRIMMED_WHITE_SPACE.map((c) => `nchar(${c})`).join(' + ')} from ${sql}) as nvarchar(4000))`,
  replica: AG_SECONDARY,
};

/** `mssql://user:pass@host:1433/db`: tedious has no connection-string parser of its own. */
function mssqlUrlParts(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : undefined,
    user: decodeURIComponent(u.username) || undefined,
    password: decodeURIComponent(u.password) || undefined,
    database: u.pathname.replace(/^\//, '') || undefined,
  };
}
