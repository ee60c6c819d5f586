import os from 'node:os';
import path from 'node:path';
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
    ...testDbEnv,
  };
}

/** Set by the root hook for a networked database (host, name, ...). */
export const testDbEnv: NodeJS.ProcessEnv = {};

let sharedDb: Db | undefined;

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ ...baseTestEnv(), ...overrides });
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
  const db = options.ownDb ? createDb(config.db) : sharedTestDb();
  const app = createApp({ config, db, logger: createLogger(config.logLevel) });
  return { app, config, db, request: supertest(app.callback()) };
}

export async function closeTestApp(t: TestApp): Promise<void> {
  if (t.db !== sharedDb) await t.db.destroy();
}
