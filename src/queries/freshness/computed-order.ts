import type { Knex } from 'knex';
import type { QueryDeps } from '../deps.js';
import { run } from '../run.js';
import { COUNT_CACHE_POLICY } from './count-cache.js';
import { keptFor, statementKey, type KeptUnderToken } from './data-token.js';

/**
 * The start of an order by a computed key (changeRate), kept while the database has not changed
 * (data-token.ts). A page sorted by such a key computes it for every matching row, whichever page it
 * is; so the first KEPT_IDS ids of the order and how many rows match are read once and kept, and
 * the pages within them are a slice (their rows are read by id, as every page's are). Only ids are
 * kept, never rows; at most MAX_KEPT_ORDERS orders per database (4 bytes an id: 640 KB in all).
 * MySQL/MariaDB and SQL Server have no token: every page computes its order there.
 */
export const KEPT_IDS = 10_000;
const MAX_KEPT_ORDERS = 16;

interface KeptOrder {
  ids: Int32Array;
  total: number;
}

const keptOrders = new WeakMap<Knex, KeptUnderToken<KeptOrder>>();

/**
 * The ids of rows [offset, offset + limit) of `ordered` (every matching id in page order, each
 * row carrying the total in `totalField`, no LIMIT) and that total, or undefined where nothing can
 * be kept (no token) or the page lies beyond the kept start: the caller then runs its page query.
 * Orders computed in less than the count cache's slowMs are not kept, as counts are not.
 */
export async function computedOrderPage(
  deps: QueryDeps,
  ordered: Knex.QueryBuilder,
  totalField: string,
  offset: number,
  limit: number,
  token: () => Promise<string | undefined>,
): Promise<{ ids: number[]; total: number } | undefined> {
  if (offset + limit > KEPT_IDS) return undefined;
  const current = await token();
  if (current === undefined) return undefined;
  const store = keptFor(keptOrders, deps.db);
  const key = statementKey(ordered);
  let kept = store.get(key, current);
  if (!kept) {
    const started = performance.now();
    const rows = await run<Record<string, unknown>[]>(deps, ordered.limit(KEPT_IDS));
    kept = { ids: Int32Array.from(rows, (r) => Number(r.id)), total: rows.length > 0 ? Number(rows[0]![totalField]) : 0 };
    if (performance.now() - started >= (deps.countCache ?? COUNT_CACHE_POLICY).slowMs) store.set(key, current, kept, MAX_KEPT_ORDERS);
  }
  return { ids: Array.from(kept.ids.subarray(offset, offset + limit)), total: kept.total };
}
