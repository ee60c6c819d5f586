import pg from 'pg';
import type { DbCause } from '../failures.js';
import { KNEX_CANCEL, LIKE_ESCAPED_BY_BANG, serverParts, type Dialect } from './dialect.js';

const PG_DATE_OID = 1082;

/** SQLSTATEs. */
const CAUSE_BY_CODE: Readonly<Record<string, DbCause>> = {
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
};

/** PostgreSQL through pg. */
export const postgres: Dialect = {
  client: 'pg',

  knexConfig(db, common) {
    return {
      ...common,
      connection: {
        ...(db.url ? { connectionString: db.url } : serverParts(db)),
        connectionTimeoutMillis: db.connectTimeoutMs,
        application_name: 'pricing-query-service',
        // DATE columns stay 'YYYY-MM-DD'; pg's default turns them into a Date at local midnight.
        types: {
          getTypeParser: (oid: number, format?: string) =>
            oid === PG_DATE_OID ? (v: string) => v : (pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown),
        },
      },
      pool: { min: db.poolMin, max: db.poolMax },
    };
  },

  errors: {
    causeByCode: CAUSE_BY_CODE,
    // CONNECT revoked on the database; elsewhere 42501 is a grant missing on a table.
    causeOf: (code, message) => (code === '42501' && /permission denied for database/i.test(message) ? 'login-failed' : undefined),
    timeoutCodes: ['57014'], // query_canceled
    schemaMissingCodes: ['42P01'], // undefined_table
    schemaMissingMessages: [],
  },

  search: { strategy: 'pg-grams' },
  // lower() folds ASCII letters only under the columns' "C" collation.
  like: { ...LIKE_ESCAPED_BY_BANG, foldAsciiSql: 'lower(??)' },

  // pg_current_snapshot() (13+). A transaction that writes has an xid; while it runs it is listed in
  // the snapshot, and once it ends it is gone from the list or, if it began after the earlier
  // snapshot, xmax has moved past it. Equal snapshots: nothing committed in between. It is
  // cluster-wide, so on a busy server few answers are reused; the cost is one round trip.
  changeTokenSql: 'select pg_current_snapshot()::text as token',
  cancellation: KNEX_CANCEL,
  embedded: false,
  defaultPort: 5432,
  storableInstants: [-Infinity, Infinity],
};
