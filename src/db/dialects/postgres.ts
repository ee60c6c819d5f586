import pg from 'pg';
import { serverParts, type Dialect } from './dialect.js';

const PG_DATE_OID = 1082;

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
};
