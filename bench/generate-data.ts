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
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { generateDemoData, type DemoRow, type DemoTable } from '../src/db/demo-data.js';

const BASE = { parts: 100_000, pricings: 1_000_000, processes: 300_000 };
export const DEFAULT_BENCH_SQLITE = 'data/bench.sqlite3';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 20)) {
  console.error('--scale must be a number in (0, 20]');
  process.exit(2);
}
const sizes = {
  parts: Math.max(1, Math.round(BASE.parts * scale)),
  pricings: Math.round(BASE.pricings * scale),
  processes: Math.round(BASE.processes * scale),
};

const env = { ...process.env };
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

const counts: Record<string, number> = {};
const loadStarted = Date.now();
let lastReport = loadStarted;
const report = (force = false) => {
  const now = Date.now();
  if (!force && now - lastReport < 5000) return;
  lastReport = now;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const secs = (now - loadStarted) / 1000;
  console.log(`  ${secs.toFixed(0).padStart(4)} s  ${total.toLocaleString('en')} rows  ${Math.round(total / secs).toLocaleString('en')} rows/s  ${JSON.stringify(counts)}`);
};

if (client === 'better-sqlite3') await loadSqlite(db);
else await loadNetworked(db);
report(true);
const loadSecs = (Date.now() - loadStarted) / 1000;

const indexStarted = Date.now();
const [, applied] = (await db.migrate.latest()) as [number, string[]];
console.log(`indexes: ${applied.length} migration(s) in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`);
// VACUUM too: it sets the visibility map, without which index-only scans (counts, deep-page ids)
// visit the heap for every row, as they would not on a table that autovacuum has seen.
if (client === 'pg') await db.raw('vacuum analyze');
else if (client === 'better-sqlite3') await db.raw('analyze');
else if (client === 'mysql2') for (const t of ['parts', 'pricing', 'pricing_details', 'secondary_processes']) await db.raw('analyze table ??', [t]);

const total = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(
  `done: ${total.toLocaleString('en')} rows, load ${loadSecs.toFixed(1)} s (${Math.round(total / loadSecs).toLocaleString('en')} rows/s), ` +
    `total ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await db.destroy();

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
          stmt = conn.prepare(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
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
