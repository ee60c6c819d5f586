/**
 * `npx tsx bench/mssql-writer-cost.ts [--rows 300] [--batches 10]`: what SQL
 * Server's opt-in gram index triggers cost the system that writes
 * `pricing`. On a scratch database it creates (migrated and seeded) and drops, it measures rows per
 * second of:
 * - inserts, one row a statement and 500 rows a statement (`insert … select` of generated rows);
 * - updates of a searched column (supplier_name) and of a column no search reads (status), one
 *   row a statement and 500 (an id range) a statement;
 * first without the index (dropped), then with it built (`npm run mssql:grams -- build`'s code), then without again, so that drift of the machine shows. Autocommit, as a writer's
 * statements without an explicit transaction. The connection is the usual configuration
 * (DB_CLIENT=mssql, DB_HOST, ...); the login needs CREATE DATABASE. New rows go to the seed's
 * parts in turn.
 */
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { buildGramIndex, dropGramIndex } from '../src/queries/search/mssql-gram-index.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '300' },
    batches: { type: 'string', default: '10' },
    index: { type: 'string', default: 'grams' },
  },
});
const INDEXES = {
  grams: { name: 'the gram index', build: buildGramIndex, drop: dropGramIndex },
};
if (!(args.index in INDEXES)) {
  console.error(`--index: grams, not ${args.index}`);
  process.exit(2);
}
const index = INDEXES[args.index as keyof typeof INDEXES];
const SINGLE_ROWS = Number(args.rows);
const BATCHES = Number(args.batches);
const BATCH = 500;

const base = loadConfig({ ...process.env, QUERY_TIMEOUT_MS: '600000' });
if (base.db.client !== 'mssql') {
  console.error(`SQL Server only; the configured client is ${base.db.client}`);
  process.exit(2);
}
const scratchName = `pricing_writer_cost_${process.pid}`;
const admin = createDb(base.db);
await admin.raw(`create database ${scratchName}`);
const db = createDb(loadConfig({ ...process.env, QUERY_TIMEOUT_MS: '600000', DB_NAME: scratchName }).db);

/** A pricing row's column list and values as SQL over `n` (a number expression) and `tag` (a string). */
const COLUMNS =
  'pricing_no, part_id, supplier_code, supplier_name, unit_price, tax_rate, unit_price_with_tax, status, priced_by, priced_at, valid_from, created_at, updated_at';
const values = (n: string, tag: string) =>
  `concat(N'W', ${tag}, N'-', ${n}), (select min(id) from parts) + (${n}) % (select count(*) from parts), concat(N'S', right(concat(N'0000', ${n} % 997), 4)),
   concat(N'供应商', ${n} % 97, N' Precision Parts Co.'), 12.5, 0.13, 14.125, N'draft', N'bench',
   sysutcdatetime(), cast(sysutcdatetime() as date), sysutcdatetime(), sysutcdatetime()`;
/** The numbers 1..500 (a tally: any SQL Server has enough rows in sys.all_objects squared). */
const TALLY = `(select top (${BATCH}) row_number() over (order by (select null)) as n from sys.all_objects a cross join sys.all_objects b) t`;

let round = 0;
interface Figure {
  what: string;
  rowsPerSecond: number;
  statementsPerSecond: number;
}

/** Runs `statement(i)` `count` times one after another: rows/s and statements/s. */
async function measure(what: string, count: number, rowsEach: number, statement: (i: number) => Knex.Raw): Promise<Figure> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await statement(i);
  const seconds = (performance.now() - started) / 1000;
  return { what, rowsPerSecond: (count * rowsEach) / seconds, statementsPerSecond: count / seconds };
}

async function workloads(): Promise<Figure[]> {
  const tag = `r${++round}`;
  const out: Figure[] = [];
  out.push(
    await measure('insert, 1 row a statement', SINGLE_ROWS, 1, (i) =>
      db.raw(`insert into pricing (${COLUMNS}) select ${values(String(i), `N'${tag}'`)}`),
    ),
  );
  out.push(
    await measure(`insert, ${BATCH} rows a statement`, BATCHES, BATCH, (b) =>
      db.raw(`insert into pricing (${COLUMNS}) select ${values(`(t.n + ${(b + 1) * 100_000})`, `N'${tag}b'`)} from ${TALLY}`),
    ),
  );
  const [{ lo } = { lo: 0 }] = await db.raw<{ lo: number }[]>(`select min(id) as lo from pricing where pricing_no like ?`, [`W${tag}b-%`]);
  out.push(
    await measure('update supplier_name (searched, no chain column), 1 row a statement', SINGLE_ROWS, 1, (i) =>
      db.raw(`update pricing set supplier_name = concat(N'改名供应商', ?, N'-', ?) where id = ?`, [tag, i, lo + i]),
    ),
  );
  out.push(
    await measure(`update supplier_name (searched, no chain column), ${BATCH} rows a statement`, BATCHES, BATCH, (b) =>
      db.raw(`update pricing set supplier_name = concat(N'批量供应商', ?, N'-', id % 89) where id >= ? and id < ?`, [
        tag,
        lo + b * BATCH,
        lo + (b + 1) * BATCH,
      ]),
    ),
  );
  out.push(
    await measure('update status (a chain column, not searched), 1 row a statement', SINGLE_ROWS, 1, (i) =>
      db.raw(`update pricing set status = ? where id = ?`, [i % 2 ? 'pending' : 'approved', lo + i]),
    ),
  );
  out.push(
    await measure(`update status (a chain column, not searched), ${BATCH} rows a statement`, BATCHES, BATCH, (b) =>
      db.raw(`update pricing set status = ? where id >= ? and id < ?`, [
        b % 2 ? 'pending' : 'approved',
        lo + b * BATCH,
        lo + (b + 1) * BATCH,
      ]),
    ),
  );
  return out;
}

const results: Record<string, Figure[]> = {};
try {
  await db.migrate.latest();
  await db.seed.run();
  const [{ n } = { n: 0 }] = await db.raw<{ n: number }[]>('select count(*) as n from pricing');
  console.log(`scratch database ${scratchName}: migrated and seeded (${n} pricings)`);
  await index.drop(db);
  results[`without ${index.name}`] = await workloads();
  await index.build(db, (line) => console.log(`  ${line}`));
  results[`with ${index.name} (triggers)`] = await workloads();
  await index.drop(db);
  results['without, again'] = await workloads();
} finally {
  await db.destroy();
  await admin.raw(`drop database ${scratchName}`);
  await admin.destroy();
}

const sides = Object.keys(results);
console.log(`\n| workload | ${sides.join(' | ')} |\n|---|${sides.map(() => '---|').join('')}`);
for (let i = 0; i < results[sides[0]!]!.length; i++) {
  const row = sides.map((s) => Math.round(results[s]![i]!.rowsPerSecond).toLocaleString('en'));
  console.log(`| ${results[sides[0]!]![i]!.what} (rows/s) | ${row.join(' | ')} |`);
}
