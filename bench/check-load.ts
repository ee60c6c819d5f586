/**
 * `npx tsx bench/check-load.ts --scale N` (the configured database, as `npm run bench:data`)
 *
 * Did the bench data arrive as the generator made it? Per table: the row count, max(id) and the
 * exact sum of one money column, and every column of a sample of rows (the first and last 20 ids
 * and 200 drawn with a fixed seed), read back through the service's own knex configuration and
 * compared with what `generateDemoData` yields for those ids. Written for the COPY path into
 * Babelfish (bench/babelfish-copy.ts), whose rows must read back over TDS exactly as the INSERTs'
 * do; it works on every database. Exit code 1 on any difference.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { generateDemoData, type DemoRow, type DemoTable } from '../src/db/demo-data.js';

const BASE = { parts: 100_000, pricings: 1_000_000, processes: 300_000 };
const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(values.scale);
const sizes = {
  parts: Math.max(1, Math.round(BASE.parts * scale)),
  pricings: Math.round(BASE.pricings * scale),
  processes: Math.round(BASE.processes * scale),
};
const env: NodeJS.ProcessEnv = { ...process.env, DB_MIGRATE: 'false', QUERY_TIMEOUT_MS: process.env.QUERY_TIMEOUT_MS ?? '600000' };
if ((env.DB_CLIENT ?? 'better-sqlite3') === 'better-sqlite3' && !env.DB_FILENAME) env.DB_FILENAME = 'data/bench.sqlite3';
const config = loadConfig(env);
const db = createDb(config.db);

const MONEY: Record<DemoTable, string | undefined> = {
  parts: undefined,
  pricing: 'unit_price',
  pricing_details: 'amount',
  secondary_processes: 'unit_price',
  exchange_rates: undefined,
};
const TABLES = Object.keys(MONEY) as DemoTable[];

/** Money in 0.0001 units, so that sums are exact integers. */
const units = (v: unknown) => Math.round(Number(v) * 10000);

/** A column value as text that means the same on every database and in the generator. */
function norm(v: unknown, generated: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return typeof generated === 'string' ? v.toISOString().slice(0, 10) : v.toISOString();
  if (typeof generated === 'number') return String(units(v));
  if (typeof v === 'number' && generated instanceof Date) return new Date(v).toISOString(); // SQLite keeps epoch ms
  return String(v);
}

// The sample: first and last ids and a seeded draw, per table.
const sample = new Map<DemoTable, Set<number>>();
const generatedCounts = new Map<DemoTable, { rows: number; maxId: number; money: number }>();
let seed = 12345;
const draw = (n: number) => 1 + ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
const want = new Map<DemoTable, Map<number, DemoRow>>();

// One pass over the generator: counts, sums and the sampled rows (detail ids are known only as they come).
for (const batch of generateDemoData(sizes)) {
  const g = generatedCounts.get(batch.table) ?? { rows: 0, maxId: 0, money: 0 };
  const money = MONEY[batch.table];
  for (const row of batch.rows) {
    g.rows++;
    g.maxId = Math.max(g.maxId, row.id as number);
    if (money) g.money += units(row[money]);
  }
  generatedCounts.set(batch.table, g);
}
for (const table of TABLES) {
  const n = generatedCounts.get(table)?.rows ?? 0;
  const ids = new Set<number>();
  for (let i = 1; i <= Math.min(20, n); i++) ids.add(i).add(n + 1 - i);
  for (let i = 0; i < 200 && n > 0; i++) ids.add(draw(n));
  sample.set(table, ids);
  want.set(table, new Map());
}
for (const batch of generateDemoData(sizes)) {
  const ids = sample.get(batch.table)!;
  for (const row of batch.rows) if (ids.has(row.id as number)) want.get(batch.table)!.set(row.id as number, row);
}

let differences = 0;
for (const table of TABLES) {
  const money = MONEY[table];
  const [got]: { n: number | string; max_id: number; money?: number | string }[] = await db(table).select(
    db.raw('count(*) as n'),
    db.raw('max(id) as max_id'),
    ...(money ? [db.raw(`sum(??) as money`, [money])] : []),
  );
  const g = generatedCounts.get(table) ?? { rows: 0, maxId: 0, money: 0 };
  const same = Number(got!.n) === g.rows && Number(got!.max_id ?? 0) === g.maxId && (!money || units(got!.money) === g.money);
  if (!same) differences++;
  console.log(
    `${same ? 'same' : 'DIFFERENT'}  ${table}: ${Number(got!.n)} rows, max id ${got!.max_id}${money ? `, sum(${money}) ${Number(got!.money)}` : ''}` +
      (same ? '' : ` (generated: ${g.rows} rows, max id ${g.maxId}, sum ${g.money / 10000})`),
  );

  const rows = want.get(table)!;
  const ids = [...rows.keys()];
  let rowDiffs = 0;
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of (await db(table).whereIn('id', ids.slice(i, i + 500))) as DemoRow[]) {
      const expected = rows.get(r.id as number)!;
      rows.delete(r.id as number);
      for (const [col, v] of Object.entries(expected)) {
        if (norm(r[col], v) !== norm(v, v)) {
          if (rowDiffs++ < 5)
            console.log(`  ${table} id ${r.id} ${col}: read ${JSON.stringify(norm(r[col], v))}, generated ${JSON.stringify(norm(v, v))}`);
        }
      }
    }
  }
  rowDiffs += rows.size; // sampled ids that did not come back
  if (rowDiffs > 0) differences++;
  console.log(
    `${rowDiffs === 0 ? 'same' : 'DIFFERENT'}  ${table}: ${ids.length} sampled rows, every column${rowDiffs ? ` (${rowDiffs} differences, ${rows.size} missing)` : ''}`,
  );
}
await db.destroy();
console.log(differences === 0 ? 'all the same' : `${differences} difference(s)`);
process.exitCode = differences === 0 ? 0 : 1;
