/**
 * Records the SQL every migration emits, so that a change to migrations/ that must not change what
 * they do (a refactoring, an inlined helper) can be shown to leave it byte-identical:
 *
 *   npx tsx scripts/capture-migration-sql.ts /tmp/migration-sql-before   # before the change
 *   npx tsx scripts/capture-migration-sql.ts /tmp/migration-sql-after    # after it
 *   diff -r /tmp/migration-sql-before /tmp/migration-sql-after
 *
 * For each database (all four, or those named after the folder: better-sqlite3 pg mysql2 mssql) it
 * creates a scratch database (SQLite: a temp file; the others: next to the test databases, as
 * test/support/context.ts does, TEST_PG_* / TEST_MYSQL_* / TEST_MSSQL_* naming the servers), runs
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

type Client = 'better-sqlite3' | 'pg' | 'mysql2' | 'mssql';
type NetworkClient = Exclude<Client, 'better-sqlite3'>;
const CLIENTS: readonly Client[] = ['better-sqlite3', 'pg', 'mysql2', 'mssql'];

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const ADMIN: Record<NetworkClient, { prefix: string; port: number; user: string; password: string; database: string }> = {
  pg: { prefix: 'TEST_PG_', port: 5432, user: 'postgres', password: '', database: 'test' },
  mysql2: { prefix: 'TEST_MYSQL_', port: 3306, user: 'root', password: '', database: 'test' },
  mssql: { prefix: 'TEST_MSSQL_', port: 14330, user: 'babelfish_user', password: 'Bbf_Passw0rd!', database: 'master' },
};

const CREATE_DATABASE: Record<NetworkClient, (name: string) => string> = {
  pg: (name) => `create database "${name}" encoding 'UTF8' template template0`,
  mysql2: (name) => `create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`,
  mssql: (name) => `create database [${name}]`,
};

const DROP_DATABASE: Record<NetworkClient, (name: string) => string> = {
  pg: (name) => `drop database if exists "${name}" with (force)`,
  mysql2: (name) => `drop database if exists \`${name}\``,
  mssql: (name) => `if db_id(N'${name}') is not null drop database [${name}]`,
};

function admin(client: NetworkClient) {
  const d = ADMIN[client];
  const env = process.env;
  return {
    host: env[`${d.prefix}HOST`] ?? '127.0.0.1',
    port: Number(env[`${d.prefix}PORT`] ?? d.port),
    user: env[`${d.prefix}USER`] ?? d.user,
    password: env[`${d.prefix}PASSWORD`] ?? d.password,
    database: env[`${d.prefix}DATABASE`] ?? d.database,
    encrypt: env.TEST_MSSQL_ENCRYPT ?? 'false',
    trustServerCertificate: env.TEST_MSSQL_TRUST_SERVER_CERTIFICATE ?? 'true',
  };
}

async function withAdmin(client: NetworkClient, sql: string): Promise<void> {
  const a = admin(client);
  const connection =
    client === 'mssql'
      ? {
          server: a.host,
          port: a.port,
          user: a.user,
          password: a.password,
          database: a.database,
          options: { encrypt: a.encrypt === 'true', trustServerCertificate: a.trustServerCertificate === 'true', connectTimeout: 5000 },
        }
      : { host: a.host, port: a.port, user: a.user, password: a.password, database: a.database, connectTimeout: 5000 };
  const db = knexFactory({ client, connection: connection as never, pool: { min: 0, max: 1 } });
  try {
    await db.raw(sql);
  } finally {
    await db.destroy();
  }
}

async function dropDatabase(client: NetworkClient, name: string): Promise<void> {
  // SQL Server refuses to drop a database a session is still in; a closed session may linger a moment.
  for (let attempt = 1; ; attempt++) {
    try {
      return await withAdmin(client, DROP_DATABASE[client](name));
    } catch (err) {
      if (client !== 'mssql' || attempt >= 10 || !/in use/i.test(String((err as Error).message))) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** The scratch database's environment for loadConfig, and how to remove it. */
async function scratch(client: Client): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const name = `pricing_capture_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  if (client === 'better-sqlite3') {
    const file = path.join(os.tmpdir(), `${name}.sqlite3`);
    return {
      env: { DB_CLIENT: client, DB_FILENAME: file },
      drop: () => {
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
        return Promise.resolve();
      },
    };
  }
  const a = admin(client);
  await withAdmin(client, CREATE_DATABASE[client](name));
  return {
    env: {
      DB_CLIENT: client,
      DB_HOST: a.host,
      DB_PORT: String(a.port),
      DB_USER: a.user,
      DB_PASSWORD: a.password,
      DB_NAME: name,
      ...(client === 'mssql' ? { DB_ENCRYPT: a.encrypt, DB_TRUST_SERVER_CERTIFICATE: a.trustServerCertificate } : {}),
    },
    drop: () => dropDatabase(client, name),
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
