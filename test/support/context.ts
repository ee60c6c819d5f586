import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import supertest from 'supertest';
import type Koa from 'koa';
import type { DestinationStream } from 'pino';
import { createApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/connection.js';
import { openReadReplica, type ReadReplica } from '../../src/db/replica.js';
import { createLogger } from '../../src/logger.js';
import { waitFor } from './wait.js';

/**
 * The database every test file shares: migrated and seeded once by the root hook (test/hooks.ts).
 * TEST_DB_CLIENT picks it; SQLite (a fresh temp file per run) by default.
 */
export const TEST_SQLITE_FILE = path.join(os.tmpdir(), `pricing-test-${process.pid}.sqlite3`);

/** The environment a test app starts from; a test may override any variable. */
export function baseTestEnv(): NodeJS.ProcessEnv {
  return {
    DB_CLIENT: 'better-sqlite3',
    DB_FILENAME: TEST_SQLITE_FILE,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DB_MIGRATE: 'false',
    // Every count runs, so that how many statements a request takes never depends on the machine's
    // speed; test/count-cache.test.ts sets its own policies.
    COUNT_CACHE_MIN_MS: '3600000',
    ...testDbEnv,
  };
}

/** Set by the root hook for a networked database (host, name, ...). */
export const testDbEnv: NodeJS.ProcessEnv = {};

let sharedDb: Db | undefined;

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  // A test that names its own SQLite file wants SQLite, whichever database the run is on.
  const ownSqliteFile = overrides.DB_FILENAME !== undefined && overrides.DB_CLIENT === undefined;
  const base = baseTestEnv();
  // A test on SQLite leaves the run's networked database out: DB_HOST next to SQLite stops start-up.
  if (ownSqliteFile || overrides.DB_CLIENT === 'better-sqlite3') {
    for (const name of ['DATABASE_URL', 'DB_HOST', 'DB_PORT', 'DB_USER', 'DB_PASSWORD', 'DB_NAME']) delete base[name];
  }
  return loadConfig({ ...base, ...(ownSqliteFile ? { DB_CLIENT: 'better-sqlite3' } : {}), ...overrides });
}

/** The shared, seeded database (opened by the root hook). */
export function sharedTestDb(): Db {
  if (!sharedDb) sharedDb = createDb(testConfig().db);
  return sharedDb;
}

export async function closeSharedTestDb(): Promise<void> {
  await sharedDb?.destroy();
  sharedDb = undefined;
}

export interface TestApp {
  app: Koa;
  config: Config;
  db: Db;
  request: ReturnType<typeof supertest>;
  /** DATABASE_READ_URL's replica (startTestApp). */
  replica?: ReadReplica;
}

/**
 * The API's tests answer the same whether or not web/dist has been built (`npm start` builds it):
 * with a build, GET of an unknown page path is the page, not 404. test/web-app.test.ts covers the page.
 */
const NO_WEB_BUILD = path.join(os.tmpdir(), 'pricing-test-without-web-build');

/**
 * An app on the shared database. With `env` overrides that touch the database, it gets a knex
 * instance of its own (closed by `closeTestApp`).
 */
export function createTestApp(env: NodeJS.ProcessEnv = {}, options: { ownDb?: boolean } = {}): TestApp {
  const config = testConfig(env);
  const logger = createLogger(config.logLevel);
  const db = options.ownDb ? createDb(config.db, logger) : sharedTestDb();
  const app = createApp({ config, db, logger, webRoot: NO_WEB_BUILD });
  return { app, config, db, request: supertest(app.callback()) };
}

/**
 * An app with a knex instance of its own and, with DATABASE_READ_URL, its read replica, opened as
 * server.ts opens it (the first lag reading taken, the monitor running). Logs go to
 * `logDestination` when given (a test reading them).
 */
export async function startTestApp(env: NodeJS.ProcessEnv = {}, options: { logDestination?: DestinationStream } = {}): Promise<TestApp> {
  const config = testConfig(env);
  const logger = createLogger(config.logLevel, options.logDestination);
  const db = createDb(config.db, logger);
  const replica = config.replica ? await openReadReplica(config.db, config.replica, logger) : undefined;
  const app = createApp({ config, db, replica, logger, webRoot: NO_WEB_BUILD });
  return { app, config, db, replica, request: supertest(app.callback()) };
}

/** The SQL of every statement `db` runs while `work` runs (knex's 'query' event). */
export async function statementsDuring(db: Db, work: () => Promise<void>): Promise<string[]> {
  const statements: string[] = [];
  const listen = (q: { sql: string }) => statements.push(q.sql);
  db.on('query', listen);
  try {
    await work();
  } finally {
    db.removeListener('query', listen);
  }
  return statements;
}

export async function closeTestApp(t: TestApp): Promise<void> {
  await t.replica?.close();
  if (t.db !== sharedDb) await t.db.destroy();
}

// ---------------------------------------------------------------------------------------------
// Networked test databases: one freshly created database per run (or per live suite), dropped
// afterwards, so that a run never depends on what an earlier one left behind.

export type NetworkClient = 'pg' | 'mysql2' | 'mssql';

export function isNetworkClient(client: string | undefined): client is NetworkClient {
  return client === 'pg' || client === 'mysql2' || client === 'mssql';
}

const ADMIN_DEFAULTS: Record<NetworkClient, { prefix: string; port: number; user: string; password: string; database: string }> = {
  pg: { prefix: 'TEST_PG_', port: 5432, user: 'postgres', password: '', database: 'test' },
  mysql2: { prefix: 'TEST_MYSQL_', port: 3306, user: 'root', password: '', database: 'test' },
  // Babelfish as scripts/babelfish.sh starts it; a real SQL Server is named with TEST_MSSQL_*.
  mssql: { prefix: 'TEST_MSSQL_', port: 14330, user: 'babelfish_user', password: 'Bbf_Passw0rd!', database: 'master' },
};

/** Where the admin connection goes; TEST_PG_* / TEST_MYSQL_* / TEST_MSSQL_* override the local defaults. */
export function adminConnection(client: NetworkClient) {
  const d = ADMIN_DEFAULTS[client];
  const env = process.env;
  return {
    host: env[`${d.prefix}HOST`] ?? '127.0.0.1',
    port: Number(env[`${d.prefix}PORT`] ?? d.port),
    user: env[`${d.prefix}USER`] ?? d.user,
    password: env[`${d.prefix}PASSWORD`] ?? d.password,
    // The database the admin connection logs into; the test databases are created next to it.
    database: env[`${d.prefix}DATABASE`] ?? d.database,
    // SQL Server only: Babelfish speaks no TLS; a real server usually wants it.
    encrypt: env.TEST_MSSQL_ENCRYPT ?? 'false',
    trustServerCertificate: env.TEST_MSSQL_TRUST_SERVER_CERTIFICATE ?? 'true',
  };
}

export interface ScratchDatabase {
  client: NetworkClient;
  name: string;
  /** DB_* variables that point the service (loadConfig) at this database. */
  env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

/** `pricing_test_<pid>_<random>`: unique per run, and safe to splice into DDL (checked below). */
export function scratchDatabaseName(label = 'test'): string {
  return `pricing_${label}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
}

const CREATE_DATABASE: Record<NetworkClient, (name: string) => string> = {
  pg: (name) => `create database "${name}" encoding 'UTF8' template template0`,
  mysql2: (name) => `create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`,
  // The columns carry their own collation (the migration), so the server's default is fine.
  mssql: (name) => `if db_id(N'${name}') is null create database [${name}]`,
};

const DROP_DATABASE: Record<NetworkClient, (name: string) => string> = {
  // `with (force)` ends sessions a failed test may have left open (PostgreSQL 13+).
  pg: (name) => `drop database if exists "${name}" with (force)`,
  mysql2: (name) => `drop database if exists \`${name}\``,
  mssql: (name) => `if db_id(N'${name}') is not null drop database [${name}]`,
};

/** Creates an empty database through an admin connection; `drop()` removes it. */
export async function createScratchDatabase(client: NetworkClient, label = 'test'): Promise<ScratchDatabase> {
  const name = scratchDatabaseName(label);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const admin = adminConnection(client);
  const withAdmin = async (sql: string) => {
    const connection =
      client === 'mssql'
        ? {
            server: admin.host,
            port: admin.port,
            user: admin.user,
            password: admin.password,
            database: admin.database,
            options: {
              encrypt: admin.encrypt === 'true',
              trustServerCertificate: admin.trustServerCertificate === 'true',
              connectTimeout: 5000,
            },
          }
        : {
            host: admin.host,
            port: admin.port,
            user: admin.user,
            password: admin.password,
            database: admin.database,
            connectTimeout: 5000,
          };
    const db = knexFactory({ client, connection: connection as never, pool: { min: 0, max: 1 } });
    try {
      // Babelfish (PostgreSQL's catalog underneath) fails a CREATE or DROP DATABASE that races
      // another one, as the shards of the SQL Server suite do at their start: run it again.
      for (let attempt = 1; ; attempt++) {
        try {
          await db.raw(sql);
          break;
        } catch (err) {
          if (attempt >= 5 || !/tuple concurrently updated/.test(String(err))) throw err;
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    } finally {
      await db.destroy();
    }
  };
  await withAdmin(CREATE_DATABASE[client](name));
  let dropped = false;
  return {
    client,
    name,
    env: {
      DB_CLIENT: client,
      DB_HOST: admin.host,
      DB_PORT: String(admin.port),
      DB_USER: admin.user,
      DB_PASSWORD: admin.password,
      DB_NAME: name,
      DB_MIGRATE: 'false',
      ...(client === 'mssql' ? { DB_ENCRYPT: admin.encrypt, DB_TRUST_SERVER_CERTIFICATE: admin.trustServerCertificate } : {}),
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      // SQL Server refuses to drop a database while a session is in it, and a TDS session closed by
      // the client may take a moment to end on the server: try again until those sessions are gone.
      let inUse = '';
      await waitFor(
        async () => {
          try {
            await withAdmin(DROP_DATABASE[client](name));
            return true;
          } catch (err) {
            if (client !== 'mssql' || !/in use/i.test(String((err as Error).message))) throw err;
            inUse = (err as Error).message;
            return false;
          }
        },
        { timeoutMs: 10_000, intervalMs: 250, what: () => `the sessions in ${name} to end so that it can be dropped (${inUse})` },
      );
    },
  };
}

/** A knex instance of the service's own configuration on a scratch database, migrated and seeded. */
export async function prepareScratchDatabase(scratch: ScratchDatabase, overrides: NodeJS.ProcessEnv = {}): Promise<Db> {
  const db = createDb(testConfig({ ...scratch.env, ...overrides }).db);
  await db.migrate.latest();
  await db.seed.run();
  return db;
}
