import type { Knex } from 'knex';
import { MssqlClient } from '../mssql-client.js';
import { serverParts, type Dialect } from './dialect.js';

/** SQL Server through tedious, with knex's client corrected (../mssql-client.ts). Babelfish speaks it too. */
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
