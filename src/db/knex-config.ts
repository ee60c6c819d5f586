import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import pg from 'pg';
import type { DbConfig } from '../config.js';
import { MssqlClient } from './mssql-client.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const PG_DATE_OID = 1082;

export const MIGRATIONS_DIR = path.join(projectRoot, 'migrations');
export const SEEDS_DIR = path.join(projectRoot, 'seeds');

/**
 * The one place that turns our configuration into knex's, for the service, the knex CLI
 * (through knexfile.ts), the tests and the benchmarks alike.
 */
export function knexConfig(db: DbConfig): Knex.Config {
  const common: Knex.Config = {
    client: db.client,
    // Without this a dead database makes every request wait 60 s for a pool slot.
    acquireConnectionTimeout: db.acquireTimeoutMs,
    // A failed query's message is `<sql with ? placeholders> - <driver message>`, not the SQL with
    // the bound values written in: those are the user's search text, which logs never hold.
    compileSqlOnError: false,
    migrations: { directory: MIGRATIONS_DIR, extension: 'ts', loadExtensions: ['.ts'] },
    seeds: { directory: SEEDS_DIR, extension: 'ts', loadExtensions: ['.ts'] },
  };

  switch (db.client) {
    case 'better-sqlite3': {
      const filename = path.resolve(projectRoot, db.filename);
      // A fresh clone has no data/ folder; better-sqlite3 creates the file but not its folder.
      if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
      return {
        ...common,
        connection: { filename },
        useNullAsDefault: true,
        // better-sqlite3 is synchronous: one connection avoids "database is locked" and is as fast.
        pool: {
          min: 1,
          max: 1,
          afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
            conn.pragma('journal_mode = WAL');
            conn.pragma('foreign_keys = ON');
            cachePreparedStatements(conn, SQLITE_STATEMENT_CACHE_SIZE);
            // Which connection a data_version was read on (queries/freshness/data-token.ts): the counter is
            // per connection, so a new connection's values say nothing about an old one's.
            const id = ++sqliteConnections;
            conn.function('connection_id', { deterministic: true }, () => id);
            done(null, conn);
          },
        },
      };
    }

    case 'pg':
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

    case 'mysql2':
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

    case 'mssql': {
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
    }
  }
}

interface SqliteConnection {
  pragma(s: string): unknown;
  prepare(sql: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: () => unknown): unknown;
}

let sqliteConnections = 0;

/** Distinct SQL texts the service runs are a few hundred at most (filters × sorts × paging shapes). */
const SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * knex's better-sqlite3 client prepares every statement again on each call (parsing and planning
 * the SQL: a quarter of a simple request's database time). Statements are reusable: knex runs them
 * to completion with all()/run() on this one connection, and SQLite re-prepares a statement itself
 * when the schema changes. Least-recently-used SQL texts are dropped beyond `max`.
 */
function cachePreparedStatements(conn: SqliteConnection, max: number): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement !== undefined) {
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
}

function serverParts(db: DbConfig) {
  return {
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    database: db.database,
  };
}

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
