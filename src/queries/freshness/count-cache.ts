import type { Knex } from 'knex';
import type { CountCachePolicy, QueryDeps } from '../deps.js';
import { run } from '../run.js';
import { changeToken, keptFor, statementKey, type KeptUnderToken } from './data-token.js';

/**
 * Totals of counts, kept while the database has not changed (freshness/data-token.ts), so that paging
 * through a result or re-sorting it (the same filters: the same count SQL) does not count the
 * matches again. A frequent needle with another filter must read every matching row, and users
 * page and sort far more often than they filter. MySQL/MariaDB and SQL Server have no token: every
 * count runs there.
 */

/** The defaults; the service takes slowMs from COUNT_CACHE_MIN_MS (config.ts, same default). */
export const COUNT_CACHE_POLICY: CountCachePolicy = { slowMs: 0, maxKept: 500 };

const keptTotals = new WeakMap<Knex, KeptUnderToken<number>>();

/**
 * `select … as total` run, or its total kept from an earlier run over unchanged data. `token`: one
 * the caller read before this count (a request reads it once for all it keeps).
 */
export async function countTotal(
  deps: QueryDeps,
  query: Knex.QueryBuilder,
  policy: CountCachePolicy = deps.countCache ?? COUNT_CACHE_POLICY,
  token: Promise<string | undefined> = changeToken(deps),
): Promise<number> {
  const current = await token;
  if (current === undefined) return runCount(deps, query);

  const kept = keptFor(keptTotals, deps.db);
  const key = statementKey(query);
  const hit = kept.get(key, current);
  if (hit !== undefined) return hit;

  const started = performance.now();
  const total = await runCount(deps, query);
  if (performance.now() - started >= policy.slowMs) kept.set(key, current, total, policy.maxKept);
  return total;
}

async function runCount(deps: QueryDeps, query: Knex.QueryBuilder): Promise<number> {
  const rows = await run<{ total: number | string }[]>(deps, query);
  return Number(rows[0]?.total ?? 0);
}

/**
 * The total last kept for this count and the token it was kept under, unchecked: it is this request's
 * total only if a statement of the request reads that same token (paging/fetch-page.ts checks).
 */
export function lastKeptTotal(deps: QueryDeps, query: Knex.QueryBuilder): { token: string; total: number } | undefined {
  const entry = keptFor(keptTotals, deps.db).peek(statementKey(query));
  return entry && { token: entry.token, total: entry.value };
}
