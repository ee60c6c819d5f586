/**
 * Records the SQL every migration emits, so that a change to migrations/ that must not change what
 * they do (a refactoring, an inlined helper) can be shown to leave it byte-identical:
 *
 *   npx tsx scripts/capture-migration-sql.ts /tmp/migration-sql-before   # before the change
 *   npx tsx scripts/capture-migration-sql.ts /tmp/migration-sql-after    # after it
 *   diff -r /tmp/migration-sql-before /tmp/migration-sql-after
 *
 * For each database (all four, or those named after the folder: better-sqlite3 pg mysql2 mssql) it
 * creates a scratch database (SQLite: a temp file; the others: createScratchDatabase of
 * test/support/context.ts, TEST_PG_* / TEST_MYSQL_* / TEST_MSSQL_* naming the servers), runs
 * every migration's `up` in order and then every `down` in reverse, on the service's own knex
 * configuration, and writes each statement (knex's 'query' event: SQL and bindings) with its
 * migration to <folder>/<client>.txt. The database is dropped afterwards.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { loadConfig } from '../src/config.js';
import { knexConfig, MIGRATIONS_DIR } from '../src/db/knex-config.js';
import { createScratchDatabase } from '../test/support/context.js';

type Client = 'better-sqlite3' | 'pg' | 'mysql2' | 'mssql';
const CLIENTS: readonly Client[] = ['better-sqlite3', 'pg', 'mysql2', 'mssql'];

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** The scratch database's environment for loadConfig, and how to remove it. */
async function scratch(client: Client): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  if (client !== 'better-sqlite3') return createScratchDatabase(client, 'capture');
  const file = path.join(os.tmpdir(), `pricing_capture_${process.pid}_${crypto.randomBytes(4).toString('hex')}.sqlite3`);
  return {
    env: { DB_CLIENT: client, DB_FILENAME: file },
    drop: () => {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
      return Promise.resolve();
    },
  };
}

async function loadMigrations(): Promise<[string, Migration][]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const loaded: [string, Migration][] = [];
  for (const file of files) loaded.push([file, (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as Migration]);
  return loaded;
}

/** Runs every up, then every down in reverse; returns the statements as text and how many there were. */
async function capture(client: Client, migrations: [string, Migration][]): Promise<{ text: string; count: number }> {
  const db = await scratch(client);
  const knex = knexFactory(knexConfig(loadConfig({ LOG_LEVEL: 'silent', DB_MIGRATE: 'false', ...db.env }).db));
  const blocks: string[] = [];
  let current = '';
  const onQuery = (q: { sql: string; bindings?: readonly unknown[] }) => {
    blocks.push(`-- ${current} #${blocks.length + 1}\n${q.sql}\n-- bindings: ${JSON.stringify(q.bindings ?? [])}\n`);
  };
  knex.on('query', onQuery);
  try {
    for (const [file, migration] of migrations) {
      current = `${file} up`;
      await migration.up(knex);
    }
    for (const [file, migration] of [...migrations].reverse()) {
      current = `${file} down`;
      await migration.down(knex);
    }
  } finally {
    knex.removeListener('query', onQuery);
    await knex.destroy();
    await db.drop();
  }
  return { text: blocks.join('\n'), count: blocks.length };
}

async function main(): Promise<void> {
  const [outDir, ...named] = process.argv.slice(2);
  if (!outDir) throw new Error('usage: tsx scripts/capture-migration-sql.ts <output folder> [better-sqlite3|pg|mysql2|mssql ...]');
  const unknown = named.filter((c) => !CLIENTS.includes(c as Client));
  if (unknown.length) throw new Error(`unknown client(s): ${unknown.join(', ')}`);
  const clients = named.length ? (named as Client[]) : CLIENTS;
  fs.mkdirSync(outDir, { recursive: true });
  const migrations = await loadMigrations();
  for (const client of clients) {
    const { text, count } = await capture(client, migrations);
    const file = path.join(outDir, `${client}.txt`);
    fs.writeFileSync(file, text);
    const sha = crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);
    console.log(`${client}: ${count} statements from ${migrations.length} migrations (up, then down) → ${file} sha256:${sha}`);
  }
}

await main();
