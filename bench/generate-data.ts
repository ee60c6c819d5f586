/**
 * `npm run bench:data -- --scale N`: a large deterministic data set for the benchmarks.
 *
 * Scale 1 = 100k parts, 1M pricings (~7M detail lines), 300k secondary-process prices, from the
 * same generator as the demo seed (src/db/demo-data.ts), so the shapes match the seed's.
 * The database is the usual configuration (DB_CLIENT, DB_HOST, ...); for SQLite the default file is
 * data/bench.sqlite3, never the demo data/pricing.sqlite3.
 *
 * The tables are recreated by the first migration only; the later migrations (secondary indexes,
 * search indexes) run after the load, because building an index once over loaded rows is much
 * faster than maintaining it row by row.
 *
 * SQL Server (`--mssql-load`): `tds` (multi-row INSERTs, works on any SQL Server; ~750 rows/s on
 * Babelfish) or `copy` (Babelfish only: the migrations still run over TDS, the rows go in by COPY
 * through Babelfish's PostgreSQL port, BABELFISH_PG_PORT, default 15433; bench/babelfish-copy.ts).
 * `auto`, the default, takes `copy` when the server says it is Babelfish and that port answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { generateDemoData, type DemoRow, type DemoTable } from '../src/db/demo-data.js';
import { copyIntoBabelfish, reachable, vacuumAnalyzeBabelfish, type BabelfishPgTarget } from './babelfish-copy.js';

/**
 * The migrations that create and then drop SQL Server's old gram side table: run before the COPY,
 * over the empty tables, since its fill over loaded rows does not finish on Babelfish.
 */
const EXCHANGE_RATES_MIGRATION = '20261129000000_exchange_rates.ts';
const GRAMS_MIGRATIONS = ['20261123000000_mssql_search_grams.ts', '20261125000000_mssql_search_grams_opt_in.ts'];

const BASE = { parts: 100_000, pricings: 1_000_000, processes: 300_000 };
export const DEFAULT_BENCH_SQLITE = 'data/bench.sqlite3';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, 'mssql-load': { type: 'string', default: 'auto' } } });
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 20)) {
  console.error('--scale must be a number in (0, 20]');
  process.exit(2);
}
const mssqlLoad = values['mssql-load'];
if (mssqlLoad !== 'auto' && mssqlLoad !== 'tds' && mssqlLoad !== 'copy') {
  console.error('--mssql-load must be auto, tds or copy');
  process.exit(2);
}
const sizes = {
  parts: Math.max(1, Math.round(BASE.parts * scale)),
  pricings: Math.round(BASE.pricings * scale),
  processes: Math.round(BASE.processes * scale),
};

const env = { ...process.env };
// Building an index over millions of rows takes minutes: the service's statement time-out (on SQL
// Server tedious' requestTimeout, which cancels the CREATE INDEX) is not meant for the loader.
env.QUERY_TIMEOUT_MS ??= '3600000';
if ((env.DB_CLIENT ?? 'better-sqlite3') === 'better-sqlite3' && !env.DB_FILENAME) env.DB_FILENAME = DEFAULT_BENCH_SQLITE;
const config = loadConfig(env);
const client = config.db.client;

if (client === 'better-sqlite3') {
  // A fresh file: faster than deleting millions of rows, and no stale WAL.
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.resolve(config.db.filename) + suffix, { force: true });
}

const db = createDb(config.db);
const where = client === 'better-sqlite3' ? config.db.filename : `${config.db.host ?? config.db.url}/${config.db.database ?? ''}`;
console.log(`bench data: scale ${scale} → ${JSON.stringify(sizes)} into ${client} ${where}`);

const started = Date.now();
await db.migrate.rollback(undefined, true);
await db.migrate.up(); // the tables only
// The finance system's table comes in a later migration; its 72 rows load with the rest.
await db.migrate.up({ name: EXCHANGE_RATES_MIGRATION });

const counts: Record<string, number> = {};
const loadStarted = Date.now();
let lastReport = loadStarted;
const report = (force = false) => {
  const now = Date.now();
  if (!force && now - lastReport < 5000) return;
  lastReport = now;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const secs = (now - loadStarted) / 1000;
  console.log(
    `  ${secs.toFixed(0).padStart(4)} s  ${total.toLocaleString('en')} rows  ${Math.round(total / secs).toLocaleString('en')} rows/s  ${JSON.stringify(counts)}`,
  );
};

const babelfish = client === 'mssql' ? await babelfishCopyTarget(db) : undefined;
if (client === 'better-sqlite3') await loadSqlite(db);
else if (babelfish) {
  console.log(`  rows by COPY through Babelfish's PostgreSQL port ${babelfish.host}:${babelfish.port}`);
  for (const name of GRAMS_MIGRATIONS) await db.migrate.up({ name });
  await copyIntoBabelfish(babelfish, generateDemoData(sizes), (table, n) => {
    counts[table] = (counts[table] ?? 0) + n;
    report();
  });
} else await loadNetworked(db);
report(true);
const loadSecs = (Date.now() - loadStarted) / 1000;

const indexStarted = Date.now();
const [, applied] = (await db.migrate.latest()) as [number, string[]];
console.log(`indexes: ${applied.length} migration(s) in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`);
// VACUUM too: it sets the visibility map, without which index-only scans (counts, deep-page ids)
// visit the heap for every row, as they would not on a table that autovacuum has seen.
if (client === 'pg') await db.raw('vacuum analyze');
else if (client === 'better-sqlite3') await db.raw('analyze');
else if (client === 'mysql2')
  for (const t of ['parts', 'pricing', 'pricing_details', 'secondary_processes', 'exchange_rates']) await db.raw('analyze table ??', [t]);
else if (babelfish) await vacuumAnalyzeBabelfish(babelfish);
else if (client === 'mssql')
  for (const t of ['parts', 'pricing', 'pricing_details', 'secondary_processes', 'exchange_rates'])
    await db.raw('update statistics ?? with fullscan', [t]);

const total = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(
  `done: ${total.toLocaleString('en')} rows, load ${loadSecs.toFixed(1)} s (${Math.round(total / loadSecs).toLocaleString('en')} rows/s), ` +
    `total ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await db.destroy();

/**
 * Where to COPY on Babelfish, or undefined for the TDS path: `--mssql-load copy` insists (and fails
 * on a server that is not Babelfish); `auto` takes COPY only when it can.
 */
async function babelfishCopyTarget(knex: Knex): Promise<BabelfishPgTarget | undefined> {
  if (mssqlLoad === 'tds') return undefined;
  const [row] = await knex.raw<{ version: string }[]>('select @@version as version');
  const isBabelfish = /babelfish/i.test(row?.version ?? '');
  const host = config.db.host ?? '127.0.0.1';
  const port = Number(env.BABELFISH_PG_PORT ?? 15433);
  const open = isBabelfish && (await reachable(host, port));
  if (!open) {
    if (mssqlLoad === 'copy')
      throw new Error(
        isBabelfish
          ? `--mssql-load copy: nothing answers on ${host}:${port} (BABELFISH_PG_PORT)`
          : '--mssql-load copy: the server is not Babelfish',
      );
    if (isBabelfish) console.log(`  Babelfish, but its PostgreSQL port ${host}:${port} does not answer: multi-row INSERTs over TDS (slow)`);
    return undefined;
  }
  if (!config.db.user || config.db.password === undefined || !config.db.database)
    throw new Error('COPY through Babelfish needs DB_USER, DB_PASSWORD and DB_NAME');
  return {
    host,
    port,
    user: config.db.user,
    password: config.db.password,
    database: env.BABELFISH_PG_DATABASE ?? 'babelfish_db',
    tsqlDatabase: config.db.database,
  };
}

/** better-sqlite3 binds numbers, strings and null; knex would bind a Date as epoch ms, so do the same. */
function sqliteValue(v: unknown): unknown {
  return v instanceof Date ? v.getTime() : v;
}

/** One prepared INSERT per table, run in transactions of ~200k rows on the raw connection. */
async function loadSqlite(knex: Knex): Promise<void> {
  const conn = (await knex.client.acquireConnection()) as import('better-sqlite3').Database;
  try {
    // Safe for a throw-away bench file only: a crash mid-load means "run it again".
    conn.pragma('synchronous = OFF');
    conn.pragma('cache_size = -262144');
    conn.pragma('foreign_keys = OFF');
    const statements = new Map<DemoTable, import('better-sqlite3').Statement>();
    const insertBatch = conn.transaction((batches: { table: DemoTable; rows: DemoRow[] }[]) => {
      for (const { table, rows } of batches) {
        let stmt = statements.get(table);
        const columns = Object.keys(rows[0]!);
        if (!stmt) {
          stmt = conn.prepare(
            `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
          );
          statements.set(table, stmt);
        }
        for (const row of rows) stmt.run(columns.map((c) => sqliteValue(row[c])));
        counts[table] = (counts[table] ?? 0) + rows.length;
      }
    });
    let pending: { table: DemoTable; rows: DemoRow[] }[] = [];
    let pendingRows = 0;
    for (const batch of generateDemoData(sizes)) {
      if (batch.rows.length === 0) continue;
      pending.push(batch);
      pendingRows += batch.rows.length;
      if (pendingRows >= 200_000) {
        insertBatch(pending);
        pending = [];
        pendingRows = 0;
        report();
      }
    }
    if (pending.length > 0) insertBatch(pending);
    conn.pragma('foreign_keys = ON');
    conn.pragma('synchronous = NORMAL');
  } finally {
    await knex.client.releaseConnection(conn);
  }
}

/**
 * Multi-row INSERTs under the parameter limits (pg: 65535, MySQL: 65535 placeholders), in one
 * transaction per ~100k rows. One statement is always in flight while the next batch is generated,
 * so the database and the generator work at the same time.
 */
async function loadNetworked(knex: Knex): Promise<void> {
  const conn = knex.client;
  void conn;
  let inFlight: Promise<unknown> = Promise.resolve();
  let trx: Knex.Transaction | undefined;
  let trxRows = 0;
  // SQL Server: at most 2100 parameters per statement (and 1000 rows per VALUES list).
  const maxParams = client === 'mssql' ? 2000 : 60_000;
  // SQL Server: explicit ids need IDENTITY_INSERT, which one table per session may have on.
  // (On Babelfish this loads ~700 rows/s on the loaded 2-core machine: scale 1 would take hours.)
  let identityTable: string | undefined;
  for (const batch of generateDemoData(sizes)) {
    if (batch.rows.length === 0) continue;
    const width = Object.keys(batch.rows[0]!).length;
    const chunk = Math.max(1, Math.min(client === 'mssql' ? 1000 : Infinity, Math.floor(maxParams / width)));
    await inFlight;
    if (!trx) {
      trx = await knex.transaction();
      identityTable = undefined;
      if (client === 'pg') await trx.raw('set local synchronous_commit = off');
    }
    const t = trx;
    if (client === 'mssql' && identityTable !== batch.table) {
      if (identityTable) await t.raw('set identity_insert ?? off', [identityTable]);
      await t.raw('set identity_insert ?? on', [batch.table]);
      identityTable = batch.table;
    }
    const rows = batch.rows;
    inFlight = (async () => {
      for (let i = 0; i < rows.length; i += chunk) await t(batch.table).insert(rows.slice(i, i + chunk));
      counts[batch.table] = (counts[batch.table] ?? 0) + rows.length;
    })();
    trxRows += rows.length;
    if (trxRows >= 100_000) {
      await inFlight;
      // IDENTITY_INSERT outlives the transaction, on a connection the pool hands out again.
      if (identityTable) await trx.raw('set identity_insert ?? off', [identityTable]);
      await trx.commit();
      trx = undefined;
      trxRows = 0;
      report();
    }
  }
  await inFlight;
  if (trx && identityTable) await trx.raw('set identity_insert ?? off', [identityTable]);
  if (trx) await trx.commit();
  if (client === 'pg') {
    for (const table of ['parts', 'pricing', 'pricing_details', 'secondary_processes']) {
      await knex.raw(`select setval(pg_get_serial_sequence(?, 'id'), coalesce(max(id), 1), max(id) is not null) from ??`, [table, table]);
    }
  }
}
