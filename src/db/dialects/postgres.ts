import pg from 'pg';
import type { DbCause } from '../failures.js';
import {
  KNEX_CANCEL,
  LIKE_ESCAPED_BY_BANG,
  NULLS_LAST_SYNTAX,
  positionOf,
  serverParts,
  textOf,
  TRIMMED_WHITE_SPACE,
  type Dialect,
  type DialectReplica,
} from './dialect.js';

const PG_DATE_OID = 1082;
const PG_TIMESTAMPTZ_OID = 1184;

/** A timestamptz(3) as pg writes it where the session's time zone is UTC: '2026-03-31 16:30:00.5+00'. */
const UTC_TIMESTAMPTZ = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,3}))?\+00$/;
const parseTimestamptz = pg.types.getTypeParser(PG_TIMESTAMPTZ_OID, 'text') as (value: string) => unknown;

/**
 * A timestamptz as the contract's ISO text ('2026-03-31T16:30:00.500Z', what toISOString gives),
 * cut from pg's text where the server writes it in UTC, rather than parsed into a Date only to be
 * formatted again, twice per row. Other forms (another zone, BC, years past 9999,
 * infinity) become a Date, as pg makes them.
 */
export function timestamptzValue(text: string): unknown {
  const m = UTC_TIMESTAMPTZ.exec(text);
  return m ? `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0')}Z` : parseTimestamptz(text);
}

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

/**
 * A hot standby. The lag compares WAL positions: the standby's replayed LSN against the primary's
 * current one (else what the standby has received). `now() - pg_last_xact_replay_timestamp()` alone
 * grows while the primary is idle, so it is only the first estimate of a standby already behind.
 * Every function here is executable by any login.
 */
const HOT_STANDBY: DialectReplica = {
  async observe({ primary, replica }) {
    // The primary first: a standby at or past this position has everything committed before it.
    const atPrimary = await primary('select pg_current_wal_lsn()::text as lsn').catch(() => undefined);
    const [row] = await replica(
      `select pg_is_in_recovery() as in_recovery, pg_last_wal_receive_lsn()::text as received,
              pg_last_wal_replay_lsn()::text as replayed,
              (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as replay_age_ms`,
    );
    if (!row?.in_recovery) return { following: false, detail: 'not in recovery (promoted, or not a standby)' };
    const primaryLsn = atPrimary?.[0]?.lsn;
    return {
      following: true,
      appliedPosition: positionOf(row.replayed),
      primaryPosition: positionOf(primaryLsn),
      receivedPosition: positionOf(row.received),
      behindMs: typeof row.replay_age_ms === 'number' ? Math.max(0, row.replay_age_ms) : null,
      detail: `replayed ${textOf(row.replayed)}, received ${textOf(row.received)}, primary at ${textOf(primaryLsn) ?? '(not read)'}`,
    };
  },
  // "canceling statement due to conflict with recovery": 40001, or 40P01 when the standby's read
  // and replay wait for each other's locks. A standby runs no serializable writes, so on a replica
  // connection these codes mean replay.
  isReplayConflict: (err) => err.code === '40001' || err.code === '40P01',
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
            oid === PG_DATE_OID
              ? (v: string) => v
              : oid === PG_TIMESTAMPTZ_OID && format !== 'binary'
                ? timestamptzValue
                : (pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown),
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
  changeTokenSql: 'pg_current_snapshot()::text',
  cancellation: KNEX_CANCEL,
  embedded: false,
  defaultPort: 5432,
  storableInstants: [-Infinity, Infinity],
  priorRow: 'lateral',
  // numeric: exact at any size; div() is numeric's integer division.
  exact: {
    scaled: (money) => money,
    quotient: (dividend, divisor) => `div(${dividend}, ${divisor})`,
  },
  nullsLast: NULLS_LAST_SYNTAX,
  trimWhiteSpace: (sql) => `btrim(${sql}, ${TRIMMED_WHITE_SPACE.map((c) => `chr(${c})`).join(' || ')})`,
  replica: HOT_STANDBY,
};
