import type { Knex } from 'knex';
import type { QueryDeps } from '../deps.js';
import { countTotal } from '../freshness/count-cache.js';
import { computedOrderPage } from '../freshness/computed-order.js';
import { changeToken, TOKEN_FIELD, withChangeToken } from '../freshness/data-token.js';
import { deepPageIds } from '../freshness/page-positions.js';
import { run } from '../run.js';
import { searchPlanQuestion } from '../search/searches.js';
import type { SearchPlan, Searches } from '../search/types.js';
import { mapRow, type Column } from '../values.js';
import { buildPageQueries, countQuery, totalFromPage, type ListSource, type Page, type PageRequest } from './page-queries.js';
import { effectiveSort, type SortKey, type SortSpec } from './sort.js';

/**
 * When a page's plan depends on how many rows match (ListSource.planBy):
 * - 'walk-or-collect': the filters use SQLite's trigram tables or, on PostgreSQL, another table's
 *   matches (walk the sort index or collect, prefersWalk);
 * - 'sorted-search': PostgreSQL, sorted first by a column a filter searches (sortsBySearchedColumn):
 *   collect the matching ids unless they are a large share of the table.
 */
export function searchPlanBy<F extends string>(
  db: Knex,
  searches: Searches,
  filters: object,
  sort: SortSpec<F>,
  keys: readonly SortKey<F>[],
): ListSource['planBy'] {
  const first = sort.columns[effectiveSort(sort, keys)[0]!.field];
  // A computed first key is no searched column: the plain plans.
  const by = typeof first === 'string' ? searchPlanQuestion(db, searches, filters, sort.idColumn, first) : undefined;
  if (by === undefined) return undefined;
  const listedTable = sort.idColumn.split('.')[0]!;
  return { by, tableSize: () => db(listedTable).max({ n: sort.idColumn }) };
}

/**
 * 'collect-ids' reads every match through the GIN index; above this share of the table PostgreSQL
 * would rather scan it, calling short_grams for each match, so the sort index is walked instead (at
 * most the rows that do not match are passed).
 */
export const MAX_COLLECTED_SHARE = 0.25;

/**
 * Walk the sort index rather than collect every match when walking costs less: a walk reads about
 * (offset + pageSize) × tableSize / total rows, each in full to test it; collecting reads every
 * match, each more cheaply, and sorts them. The two constants are those per-row costs as measured
 * on SQLite, also used for PostgreSQL.
 */
export function prefersWalk(total: number, rowsNeeded: number, tableSize: number): boolean {
  return rowsNeeded * tableSize * 5.6 < total * total * 2.4;
}

/**
 * One page and the total. The page runs first: when it is short it tells the total, and the count,
 * which costs as much as reading every matching row, is skipped. Where the plan depends on how many
 * rows match (ListSource.planBy: SQLite's trigram tables, pg's searches of another table or sorts
 * by a searched column) the count runs first instead (it is cheap when the
 * matches are few, and needed anyway when they are many) and picks the SearchPlan.
 */
export async function fetchPage<T, F extends string>(
  deps: QueryDeps,
  source: ListSource,
  columns: readonly Column[],
  sort: SortSpec<F>,
  page: PageRequest<F>,
): Promise<Page<T>> {
  const offset = (page.current - 1) * page.pageSize;
  let total: number | undefined;
  let plan: SearchPlan = 'collect';
  // Read once, before the first statement that keeps an answer under it (freshness/data-token.ts).
  let token: Promise<string | undefined> | undefined;
  const tokenOnce = () => (token ??= changeToken(deps));
  if (source.planBy) {
    // The table's size and the token in one statement, read before the count that may be kept under it.
    const sizeQuery = source.planBy.tableSize();
    const sizeWithToken = withChangeToken(deps.db, sizeQuery);
    const [size] = await run<Record<string, unknown>[]>(deps, sizeWithToken ?? sizeQuery);
    token = Promise.resolve(sizeWithToken && size ? String(size[TOKEN_FIELD]) : undefined);
    total = await countTotal(deps, countQuery(source), undefined, token);
    if (offset >= total) return { rows: [], total };
    const tableSize = Number(size?.n ?? 0);
    if (source.planBy.by === 'walk-or-collect') plan = prefersWalk(total, offset + page.pageSize, tableSize) ? 'walk' : 'collect';
    // Otherwise the planner's own plan (on pg, 'collect' changes no SQL).
    else if (total <= tableSize * MAX_COLLECTED_SHARE) plan = 'collect-ids';
  }
  const queries = buildPageQueries(source, columns, sort, page, plan, deps.deferredJoinMinOffset);
  let rawRows: Record<string, unknown>[];
  // A page sorted by a computed key: the start of its order may be kept (freshness/computed-order.ts).
  const kept =
    queries.totalField && queries.ordered
      ? await computedOrderPage(deps, queries.ordered, queries.totalField, offset, page.pageSize, tokenOnce)
      : undefined;
  if (kept) {
    rawRows = kept.ids.map((id) => ({ id }));
    total ??= kept.total;
  } else if (queries.idsFrom) {
    rawRows = (await deepPageIds(deps, queries.page, queries.idsFrom, offset, page.pageSize, tokenOnce)).map((id) => ({ id }));
  } else {
    // The token for the count that a full page needs, read by the page's own statement.
    const pageWithToken = token === undefined ? withChangeToken(deps.db, queries.page) : undefined;
    rawRows = await run<Record<string, unknown>[]>(deps, pageWithToken ?? queries.page);
    if (pageWithToken && rawRows.length > 0) token = Promise.resolve(String(rawRows[0]![TOKEN_FIELD]));
  }
  // Read before the rows are replaced by their full columns.
  const counted = !kept && queries.totalField && rawRows.length > 0 ? Number(rawRows[0]![queries.totalField]) : undefined;
  if (queries.rowsOf && rawRows.length > 0) {
    const ids = rawRows.map((r) => Number(r.id));
    const byId = new Map((await run<Record<string, unknown>[]>(deps, queries.rowsOf(ids))).map((r) => [Number(r.id), r]));
    rawRows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  }
  total ??= counted ?? totalFromPage(page, rawRows.length) ?? (await countTotal(deps, queries.count(), undefined, token));
  return { rows: rawRows.map((r) => mapRow<T>(columns, r)), total };
}
