import type { Knex } from 'knex';
import { run, type QueryDeps } from './query-deps.js';

/**
 * Totals of slow counts, kept while the database has not changed, so that paging through a result
 * or re-sorting it (the same filters: the same count SQL) does not count the matches again. A
 * frequent needle with another filter must read every matching row (1M pricings, supplier `S0036`
 * + approved: 44k rows, 127 ms on SQLite), and users page and sort far more often than they filter.
 *
 * Kept totals are never stale: each count is preceded by a token that changes whenever a commit
 * may have happened, and a total is used only under the token it was counted after.
 * - SQLite: connection_id() (knex-config.ts: the counters are per connection) : `data_version`
 *   (changes when any other connection commits) : total_changes() (this connection's writes).
 * - PostgreSQL: pg_current_snapshot() (13+). A transaction that writes has an xid; while it runs it
 *   is listed in the snapshot, and once it ends it is gone from the list or, if it began after the
 *   earlier snapshot, xmax has moved past it. Equal snapshots: nothing committed in between, so a
 *   count whose own snapshot was taken between them saw exactly the same rows. It is cluster-wide,
 *   so on a busy server few totals are reused; the cost is one round trip per count.
 * - MySQL/MariaDB and SQL Server: no equally cheap and exact signal; every count runs.
 */

export interface CountCachePolicy {
  /** Counts that took less than this run again each time (the demo seed, selective filters); COUNT_CACHE_MIN_MS. */
  slowMs: number;
  /** How many distinct count statements are kept per database (least recently used dropped). */
  maxKept: number;
}

/** The defaults; the service takes slowMs from COUNT_CACHE_MIN_MS (config.ts, same default). */
export const COUNT_CACHE_POLICY: CountCachePolicy = { slowMs: 20, maxKept: 500 };

interface Kept {
  token: string;
  total: number;
}

const keptByDb = new WeakMap<Knex, Map<string, Kept>>();

/** A value that differs whenever the data may have changed; undefined where there is none. */
async function changeToken(deps: QueryDeps): Promise<string | undefined> {
  const sql = TOKEN_SQL[deps.db.client.config.client as string];
  if (sql === undefined) return undefined;
  const result = await run<{ token: string }[] | { rows: { token: string }[] }>(deps, deps.db.raw(sql));
  return (Array.isArray(result) ? result : result.rows)[0]?.token;
}

const TOKEN_SQL: Record<string, string> = {
  'better-sqlite3': `select connection_id() || ':' || data_version || ':' || total_changes() as token from pragma_data_version`,
  pg: 'select pg_current_snapshot()::text as token',
};

/** `select … as total` run, or its total kept from an earlier run over unchanged data. */
export async function countTotal(
  deps: QueryDeps,
  query: Knex.QueryBuilder,
  policy: CountCachePolicy = deps.countCache ?? COUNT_CACHE_POLICY,
): Promise<number> {
  const token = await changeToken(deps);
  if (token === undefined) return runCount(deps, query);

  let kept = keptByDb.get(deps.db);
  if (!kept) keptByDb.set(deps.db, (kept = new Map()));
  const { sql, bindings } = query.toSQL();
  const key = JSON.stringify([sql, bindings]);
  const hit = kept.get(key);
  if (hit?.token === token) {
    kept.delete(key);
    kept.set(key, hit);
    return hit.total;
  }

  const started = performance.now();
  const total = await runCount(deps, query);
  if (performance.now() - started >= policy.slowMs) {
    kept.delete(key);
    kept.set(key, { token, total });
    if (kept.size > policy.maxKept) kept.delete(kept.keys().next().value!);
  } else if (hit) {
    kept.delete(key);
  }
  return total;
}

async function runCount(deps: QueryDeps, query: Knex.QueryBuilder): Promise<number> {
  const rows = await run<{ total: number | string }[]>(deps, query);
  return Number(rows[0]?.total ?? 0);
}
