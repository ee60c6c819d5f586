/**
 * `npx tsx bench/compare-dbs.ts` (PostgreSQL from DB_HOST / DB_USER / DB_NAME, defaults
 * 127.0.0.1 / postgres / pricing_bench)
 *
 * The same bench data set (`npm run bench:data` on each) on SQLite (data/bench.sqlite3) and on
 * PostgreSQL: for a list of contains-searches and filters, both must give the same total and the
 * same ids on page 1 and page 30. Checks the search rewrites at scale, where the plans differ from
 * the demo seed's. Exit code 1 on any difference.
 */
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { queryPricing, type PricingFilters } from '../src/queries/operations/pricing.js';
import type { QueryDeps } from '../src/queries/deps.js';
import { querySecondaryProcesses, type SecondaryProcessFilters } from '../src/queries/operations/secondary-process.js';

// The PostgreSQL variables are for the pg side only (next to SQLite they would stop loadConfig).
const NOT_SQLITE = {
  DATABASE_URL: undefined,
  DB_HOST: undefined,
  DB_PORT: undefined,
  DB_USER: undefined,
  DB_PASSWORD: undefined,
  DB_NAME: undefined,
};
const sqliteConfig = loadConfig({
  ...process.env,
  ...NOT_SQLITE,
  DB_CLIENT: 'better-sqlite3',
  DB_FILENAME: 'data/bench.sqlite3',
  DB_MIGRATE: 'false',
});
const pgConfig = loadConfig({
  ...process.env,
  DB_CLIENT: 'pg',
  DB_HOST: process.env.DB_HOST ?? '127.0.0.1',
  DB_USER: process.env.DB_USER ?? 'postgres',
  DB_NAME: process.env.DB_NAME ?? 'pricing_bench',
  DB_MIGRATE: 'false',
});
const sides = [sqliteConfig, pgConfig].map((c): QueryDeps => ({ db: createDb(c.db), timeZone: c.appTimeZone, queryTimeoutMs: 600_000 }));

const pricingCases: PricingFilters[] = [
  { keyword: '精工五金' },
  { keyword: '支架' },
  { keyword: 'bracket' },
  { keyword: 'BRACKET' },
  { keyword: 'HJ202506-33' },
  { keyword: '10%' },
  { keyword: 'M6_L' },
  { keyword: '!' },
  { keyword: 'Φ1' },
  { partNo: 'cb-23' },
  { partName: '法兰' },
  { supplier: 'S0036', status: ['approved'] },
  { supplier: 'abc' },
  { keyword: '有限公司', status: ['approved'], minPrice: 10, maxPrice: 5000 },
  { status: ['approved'], pricedFrom: '2026-01-01', pricedTo: '2026-03-31', minPrice: 100, maxPrice: 5000 },
];
const processCases: SecondaryProcessFilters[] = [
  { keyword: '阳极氧化' },
  { keyword: '热处理' },
  { keyword: 'EC-00012' },
  { processName: '镀' },
  { partNo: 'P-1000' },
];

let failures = 0;
async function compare(label: string, run: (deps: QueryDeps, current: number) => Promise<{ rows: { id: number }[]; total: number }>) {
  for (const current of [1, 30]) {
    const [a, b] = await Promise.all(sides.map((deps) => run(deps, current)));
    const same = a!.total === b!.total && JSON.stringify(a!.rows.map((r) => r.id)) === JSON.stringify(b!.rows.map((r) => r.id));
    if (!same) failures++;
    console.log(`${same ? 'same' : 'DIFFERENT'}  ${label} page ${current}: total ${a!.total} / ${b!.total}`);
  }
}
for (const f of pricingCases)
  await compare(`pricing ${JSON.stringify(f)}`, (deps, current) => queryPricing(deps, f, { current, pageSize: 20, sort: [] }));
for (const f of processCases)
  await compare(`process ${JSON.stringify(f)}`, (deps, current) => querySecondaryProcesses(deps, f, { current, pageSize: 20, sort: [] }));
await Promise.all(sides.map((d) => d.db.destroy()));
console.log(failures === 0 ? 'all the same' : `${failures} difference(s)`);
process.exitCode = failures === 0 ? 0 : 1;
