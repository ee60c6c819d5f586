/**
 * `npx tsx bench/explain.ts [--kinds a,b]`: for each request of the bench mix, the statements the
 * service runs (captured from its own query functions), each with its plan and its time.
 * SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN (ANALYZE, BUFFERS); MySQL/MariaDB: EXPLAIN;
 * SQL Server: the time over TDS, and on Babelfish the PostgreSQL plan it runs (with the real row
 * counts: SET BABELFISH_STATISTICS PROFILE; real SQL Server's actual plans: SSMS or Query Store).
 */
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { queryPricing } from '../src/queries/operations/pricing.js';
import type { QueryDeps } from '../src/queries/deps.js';
import { querySecondaryProcesses } from '../src/queries/operations/secondary-process.js';
import { queryPricingDetails } from '../src/queries/operations/pricing-details.js';
import { priceBom } from '../src/queries/operations/bom-price.js';
import { toSortKeys } from '../src/schemas/common.js';
import { bomPriceQuerySchema, pricingQuerySchema, secondaryProcessQuerySchema } from '../src/schemas/requests.js';
import { buildMix } from './mix.js';

const { values: args } = parseArgs({ options: { kinds: { type: 'string' }, analyze: { type: 'boolean', default: false } } });
const env = { ...process.env };
if ((env.DB_CLIENT ?? 'better-sqlite3') === 'better-sqlite3') env.DB_FILENAME ??= 'data/bench.sqlite3';
const config = loadConfig(env);
const db = createDb(config.db);
// Every count runs, so each request shows all of its statements (src/queries/freshness/count-cache.ts).
const deps: QueryDeps = {
  db,
  timeZone: config.appTimeZone,
  queryTimeoutMs: 600_000,
  countCache: { slowMs: Number.POSITIVE_INFINITY, maxKept: 0 },
};
const { kinds } = await buildMix(db);

let captured: { sql: string; bindings: unknown[] }[] = [];
const listener = (q: { sql: string; bindings?: unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] });

for (const kind of kinds) {
  if (args.kinds && !args.kinds.split(',').includes(kind.name)) continue;
  for (const v of kind.variants) {
    if (v.method !== 'POST') continue;
    // A BOM's 2,000 lines would bury the plans: its day and size only.
    const shown = v.body && 'lines' in v.body ? { on: v.body.on, lines: (v.body.lines as unknown[]).length } : v.body;
    console.log(`\n=== ${kind.name} ${JSON.stringify(shown)}`);
    captured = [];
    db.on('query', listener);
    const t0 = performance.now();
    if (v.path.endsWith('/pricing')) {
      const { current, pageSize, sort, ...f } = pricingQuerySchema.parse(v.body);
      await queryPricing(deps, f, { current, pageSize, sort: toSortKeys(sort) });
    } else if (v.path.endsWith('/secondary-process')) {
      const { current, pageSize, sort, ...f } = secondaryProcessQuerySchema.parse(v.body);
      await querySecondaryProcesses(deps, f, { current, pageSize, sort: toSortKeys(sort) });
    } else if (v.path.endsWith('/bom-price')) {
      const { lines, on, rule, suppliers, reportCurrency, rates } = bomPriceQuerySchema.parse(v.body);
      await priceBom(deps, lines, { day: on!, rule, suppliers, reportCurrency, whatIf: rates });
    } else {
      const b = v.body ?? {};
      await queryPricingDetails(deps, typeof b.pricingId === 'number' ? { pricingId: b.pricingId } : { partNo: String(b.partNo) });
    }
    const total = performance.now() - t0;
    db.removeListener('query', listener);
    console.log(`total ${total.toFixed(1)} ms, ${captured.length} statement(s)`);
    for (const s of captured) {
      // A BOM binds thousands of values: the first few, and one placeholder for each long list.
      const bindings = s.bindings.length > 12 ? [...s.bindings.slice(0, 12), `… ${s.bindings.length} in all`] : s.bindings;
      const sql = s.sql.replace(/(?:(\?|@p\d+), ){12,}(\?|@p\d+)/g, '…');
      console.log(`--- ${sql}\n    ${JSON.stringify(bindings)}`);
      const plan = await explain(s.sql, s.bindings);
      for (const line of plan) console.log(`    ${line}`);
    }
  }
}
await db.destroy();

async function explain(sql: string, bindings: unknown[]): Promise<string[]> {
  if (config.db.client === 'mssql') return explainMssql(sql, bindings);
  const conn = await db.client.acquireConnection();
  try {
    switch (config.db.client) {
      case 'better-sqlite3': {
        const c = conn as import('better-sqlite3').Database;
        const b = bindings.map((x) => (x instanceof Date ? x.getTime() : x));
        const t0 = performance.now();
        c.prepare(sql).all(...b);
        const ms = performance.now() - t0;
        return [...(c.prepare(`explain query plan ${sql}`).all(...b) as { detail: string }[]).map((r) => r.detail), `${ms.toFixed(1)} ms`];
      }
      case 'pg': {
        const c = conn as import('pg').Client;
        const r = await c.query({ text: `explain (analyze, buffers) ${sql}`, values: bindings });
        return r.rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
      }
      case 'mysql2': {
        const c = conn as { promise(): { query(sql: string, b: unknown[]): Promise<[Record<string, unknown>[]]> } };
        const t0 = performance.now();
        await c.promise().query(sql, bindings);
        const ms = performance.now() - t0;
        const [rows] = await c.promise().query(`explain ${sql}`, bindings);
        return [...rows.map((r) => `${r.table} ${r.type} key=${r.key} rows=${r.rows} ${r.Extra ?? ''}`), `${ms.toFixed(1)} ms`];
      }
      default:
        return [];
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/**
 * knex's `query` event carries the SQL with tedious' `@p0, @p1…` placeholders, in binding order:
 * back to `?` to run it again. On Babelfish a second run under BABELFISH_STATISTICS PROFILE returns
 * the plan PostgreSQL executed (EXPLAIN ANALYZE) as one more result set, read here on the raw
 * tedious connection (knex keeps only the first).
 */
async function explainMssql(sql: string, bindings: unknown[]): Promise<string[]> {
  const text = sql.replace(/@p\d+/g, '?');
  const t0 = performance.now();
  await db.raw(text, bindings as Knex.RawBinding[]);
  const ms = performance.now() - t0;
  const [version] = await db.raw<{ v: string }[]>('select @@version as v');
  if (!/babelfish/i.test(version?.v ?? '')) return [`${ms.toFixed(1)} ms`];
  let plan: string[] = [];
  await db.transaction(async (trx) => {
    await trx.raw('set babelfish_statistics profile on');
    try {
      // knex's mssql client hands back the rows of every result set in one array: the plan's
      // one-column rows follow the statement's own, starting at "Query Text:".
      const rows = await trx.raw<Record<string, unknown>[]>(text, bindings as Knex.RawBinding[]);
      const lines = rows.map((r) => Object.values(r)).map((v) => (v.length === 1 && typeof v[0] === 'string' ? v[0] : undefined));
      const start = lines.findIndex((l) => l?.startsWith('Query Text:'));
      if (start >= 0) plan = lines.slice(start + 1).filter((l): l is string => l !== undefined);
    } finally {
      await trx.raw('set babelfish_statistics profile off');
    }
  });
  return [...plan, `${ms.toFixed(1)} ms`];
}
