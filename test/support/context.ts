import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import supertest from 'supertest';
import type Koa from 'koa';
import { createApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/connection.js';
import { createLogger } from '../../src/logger.js';

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
  return loadConfig({ ...baseTestEnv(), ...(ownSqliteFile ? { DB_CLIENT: 'better-sqlite3' } : {}), ...overrides });
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
}

/**
 * An app on the shared database. With `env` overrides that touch the database, it gets a knex
 * instance of its own (closed by `closeTestApp`).
 */
export function createTestApp(env: NodeJS.ProcessEnv = {}, options: { ownDb?: boolean } = {}): TestApp {
  const config = testConfig(env);
  const logger = createLogger(config.logLevel);
  const db = options.ownDb ? createDb(config.db, logger) : sharedTestDb();
  const app = createApp({ config, db, logger });
  return { app, config, db, request: supertest(app.callback()) };
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
  if (t.db !== sharedDb) await t.db.destroy();
}

// ---------------------------------------------------------------------------------------------
// Networked test databases: one freshly created database per run (or per live suite), dropped
// afterwards, so that a run never depends on what an earlier one left behind.

export type NetworkClient = 'pg' | 'mysql2';

export function isNetworkClient(client: string | undefined): client is NetworkClient {
  return client === 'pg' || client === 'mysql2';
}

/** Where the admin connection goes; TEST_PG_* / TEST_MYSQL_* override the local defaults. */
export function adminConnection(client: NetworkClient) {
  const prefix = client === 'pg' ? 'TEST_PG_' : 'TEST_MYSQL_';
  const env = process.env;
  return {
    host: env[`${prefix}HOST`] ?? '127.0.0.1',
    port: Number(env[`${prefix}PORT`] ?? (client === 'pg' ? 5432 : 3306)),
    user: env[`${prefix}USER`] ?? (client === 'pg' ? 'postgres' : 'root'),
    password: env[`${prefix}PASSWORD`] ?? '',
    // The database the admin connection logs into; the test databases are created next to it.
    database: env[`${prefix}DATABASE`] ?? 'test',
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

/** Creates an empty database through an admin connection to db `test`; `drop()` removes it. */
export async function createScratchDatabase(client: NetworkClient, label = 'test'): Promise<ScratchDatabase> {
  const name = scratchDatabaseName(label);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const admin = adminConnection(client);
  const withAdmin = async (sql: string) => {
    const db = knexFactory({ client, connection: { ...admin, connectTimeout: 5000 } as never, pool: { min: 0, max: 1 } });
    try {
      await db.raw(sql);
    } finally {
      await db.destroy();
    }
  };
  await withAdmin(
    client === 'pg'
      ? `create database "${name}" encoding 'UTF8' template template0`
      : `create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`,
  );
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
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      // `with (force)` ends sessions a failed test may have left open (PostgreSQL 13+).
      await withAdmin(client === 'pg' ? `drop database if exists "${name}" with (force)` : `drop database if exists \`${name}\``);
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
