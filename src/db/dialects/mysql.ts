import type { DbCause } from '../failures.js';
import {
  KNEX_CANCEL,
  LAST_STORABLE_MS,
  LIKE_ESCAPED_BY_BANG,
  serverParts,
  UPPER_ASCII,
  type Dialect,
  type DialectReplica,
  textOf,
  TRIMMED_WHITE_SPACE,
  type LagQuery,
} from './dialect.js';

/** The server's error names (MySQL/MariaDB errno after them), then mysql2's own. */
const CAUSE_BY_CODE: Readonly<Record<string, DbCause>> = {
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
};

/**
 * The first of `statements` the server understands: newer spellings first (MySQL 8.4 knows only
 * SHOW BINARY LOG STATUS; MariaDB and older MySQL know SHOW MASTER STATUS and SHOW SLAVE STATUS).
 */
async function firstUnderstood(query: LagQuery, statements: readonly string[]): Promise<Record<string, unknown>[]> {
  for (const [i, sql] of statements.entries()) {
    try {
      return await query(sql);
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'ER_PARSE_ERROR' || i === statements.length - 1) throw err;
    }
  }
  return [];
}

/** A binlog file and offset (`mysql-bin.000012`, 4711) as one position: the file's number, then the offset. */
function binlogPosition(file: unknown, offset: unknown): bigint | undefined {
  const n = /(\d+)$/.exec(textOf(file) ?? '')?.[1];
  const at = textOf(offset);
  if (n === undefined || at === undefined || !/^\d+$/.test(at)) return undefined;
  return (BigInt(n) << 40n) + BigInt(at);
}

/** A column by its MySQL 8.0.22+ name (Source) or its older, and MariaDB's, name (Master). */
const either = (row: Record<string, unknown>, source: string) => row[source] ?? row[source.replace('Source', 'Master')];

/**
 * A replica. The lag compares binlog positions: what its SQL thread has executed
 * (Relay_Master_Log_File, Exec_Master_Log_Pos) against the primary's SHOW MASTER STATUS (else what
 * its IO thread has read). Seconds_Behind_Master is 0 while the SQL thread waits and NULL while
 * it is stopped, so it is only an estimate for the first reading. Privileges: REPLICA MONITOR
 * (MariaDB 10.5.9+; REPLICATION CLIENT on MySQL) on the replica, BINLOG MONITOR (MariaDB 10.5.2+;
 * REPLICATION CLIENT on MySQL) on the primary.
 */
const BINLOG_REPLICA: DialectReplica = {
  async observe({ primary, replica }) {
    const atPrimary = await firstUnderstood(primary, ['show binary log status', 'show master status']).catch(() => undefined);
    const rows = await firstUnderstood(replica, ['show replica status', 'show slave status']);
    const row = rows[0];
    if (!row) return { following: false, detail: 'SHOW REPLICA STATUS is empty: the server replicates from no primary' };
    const p = atPrimary?.[0];
    const behind = either(row, 'Seconds_Behind_Source');
    const sqlRunning = either(row, 'Replica_SQL_Running') ?? row.Slave_SQL_Running;
    return {
      following: true,
      appliedPosition: binlogPosition(either(row, 'Relay_Source_Log_File'), either(row, 'Exec_Source_Log_Pos')),
      primaryPosition: p ? binlogPosition(p.File, p.Position) : undefined,
      receivedPosition: binlogPosition(either(row, 'Source_Log_File'), either(row, 'Read_Source_Log_Pos')),
      behindMs: behind === null || behind === undefined ? null : Number(behind) * 1000,
      detail: `executed ${textOf(either(row, 'Relay_Source_Log_File'))}:${textOf(either(row, 'Exec_Source_Log_Pos'))}, SQL thread ${textOf(sqlRunning)}, primary at ${p ? `${textOf(p.File)}:${textOf(p.Position)}` : '(not read)'}`,
    };
  },
  // Replication does not cancel reads on a MySQL/MariaDB replica.
  isReplayConflict: () => false,
};

/** MySQL and MariaDB through mysql2. */
export const mysql: Dialect = {
  client: 'mysql2',

  knexConfig(db, common) {
    return {
      ...common,
      connection: {
        ...(db.url ? { uri: db.url } : serverParts(db)),
        connectTimeout: db.connectTimeoutMs,
        // DATETIME columns hold UTC; without this mysql2 reads and writes them in local time.
        timezone: 'Z',
        // DATE columns come back as 'YYYY-MM-DD', not as a Date at local midnight.
        dateStrings: ['DATE'] as unknown as boolean, // knex's type lags mysql2's, which takes a list
        charset: 'utf8mb4',
        supportBigNumbers: true,
      },
      pool: { min: db.poolMin, max: db.poolMax },
    };
  },

  errors: {
    causeByCode: CAUSE_BY_CODE,
    timeoutCodes: ['ER_QUERY_INTERRUPTED', 'ER_QUERY_TIMEOUT'], // KILL QUERY; max_statement_time
    schemaMissingCodes: ['ER_NO_SUCH_TABLE'], // 1146
    schemaMissingMessages: [],
  },

  // No index serves `like '%x%'` here: the LIKE scans.
  search: { strategy: 'like' },
  like: {
    ...LIKE_ESCAPED_BY_BANG,
    // lower() also folds Greek, Cyrillic and full-width letters, and there is no translate(): the
    // 26 letters are mapped one by one.
    foldAsciiSql: [...UPPER_ASCII].reduce((sql, c) => `replace(${sql}, '${c}', '${c.toLowerCase()}')`, '??'),
    // utf8mb4_bin columns (the migrations): a binary comparison.
    letterlessUnfolded: true,
  },

  // No change token: no equally cheap and exact signal.
  cancellation: KNEX_CANCEL,
  embedded: false,
  defaultPort: 3306,
  // MariaDB's DATETIME goes back to year 0.
  storableInstants: [-Infinity, LAST_STORABLE_MS],
  straightJoin: true,
  // MariaDB has no LATERAL.
  priorRow: 'scalar',
  // DECIMAL arithmetic is exact, but DIV returns a BIGINT, which rates between extreme prices
  // overflow; `/` keeps only a few more decimals, so its floor may be one off and is corrected.
  exact: {
    scaled: (money) => money,
    quotient: (dividend, divisor) => {
      const [d, v] = [`(${dividend})`, `(${divisor})`];
      const q = `floor(${d} / ${v})`;
      return `(${q} - case when ${q} * ${v} > ${d} then 1 else 0 end + case when (${q} + 1) * ${v} <= ${d} then 1 else 0 end)`;
    },
  },
  // No NULLS LAST: `x is null` (0 or 1) sorts them after.
  nullsLast: (sql, direction, isNull = `${sql} is null`) => `(${isNull}), ${sql} ${direction}`,
  // No TRIM of a set of characters: a regular expression whose class holds the characters themselves
  // (a backslash would be an escape of the string literal first).
  trimWhiteSpace: (sql) => {
    const white = `[${String.fromCodePoint(...TRIMMED_WHITE_SPACE)}]+`;
    return `regexp_replace(${sql}, '^${white}|${white}$', '')`;
  },
  replica: BINLOG_REPLICA,
};
