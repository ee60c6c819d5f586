import type { DbCause } from '../failures.js';
import { KNEX_CANCEL, LAST_STORABLE_MS, LIKE_ESCAPED_BY_BANG, serverParts, UPPER_ASCII, type Dialect } from './dialect.js';

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
  },

  // No change token: no equally cheap and exact signal.
  cancellation: KNEX_CANCEL,
  embedded: false,
  defaultPort: 3306,
  // MariaDB's DATETIME goes back to year 0.
  storableInstants: [-Infinity, LAST_STORABLE_MS],
  straightJoin: true,
};
