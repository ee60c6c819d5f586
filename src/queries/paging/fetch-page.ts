import type { Knex } from 'knex';
import type { QueryDeps } from '../deps.js';
import { countTotal, lastKeptTotal } from '../freshness/count-cache.js';
import { computedOrderPage } from '../freshness/computed-order.js';
import { changeToken, TOKEN_FIELD, withChangeToken } from '../freshness/data-token.js';
import { deepPageIds } from '../freshness/page-positions.js';
import { run } from '../run.js';
import type { PlanQuestion, SearchPlan } from '../search/types.js';
import { mapRow, type Column } from '../values.js';
import { totalFromPage, type PageQueries, type PageRequest } from './page-queries.js';
import { effectiveSort, type SortKey, type SortSpec } from './sort.js';

/**
 * Reading a list page, in the order an operation calls these: when its search asks for it
 * (PlanQuestion), count first and choose the SearchPlan; read the page (readPage); count when the
 * page did not tell the total. A change token, where the database has one, is read once per
 * request, inside the first statement whose answer may be kept (freshness/).
 */

/** The column a page is first sorted by, or undefined when that key is computed. */
export function firstSortColumn<F extends string>(sort: SortSpec<F>, keys: readonly SortKey<F>[]): string | undefined {
  const first = sort.columns[effectiveSort(sort, keys)[0]!.field];
  return typeof first === 'string' ? first : undefined;
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
 * What a request knows before its page: the total and the token read with the table's size; or a
 * total kept earlier (`keptUnder` its token), which is this request's only if the page reads the same token.
 */
export type Counted =
  | { total: number; plan: SearchPlan; token: Promise<string | undefined>; keptUnder?: undefined }
  | { total: number; plan: SearchPlan; token?: undefined; keptUnder: string };

/** Each listed table's last read size: it only steers the plan, which never changes the rows. */
const tableSizes = new WeakMap<Knex, Map<string, number>>();

function planFor(question: PlanQuestion, total: number, tableSize: number, page: PageRequest): SearchPlan {
  if (question === 'walk-or-collect') return prefersWalk(total, page.current * page.pageSize, tableSize) ? 'walk' : 'collect';
  // Otherwise the planner's own plan (on pg, 'collect' changes no SQL).
  return total <= tableSize * MAX_COLLECTED_SHARE ? 'collect-ids' : 'collect';
}

/**
 * The count that chooses the plan (it is cheap when the matches are few, and needed anyway when they
 * are many), after `select max(id)` of the listed table (its size, near enough) with the change token.
 * A total kept from an earlier request chooses the plan without either statement; readPage then
 * checks its token against the page's.
 */
export async function countFirst(
  deps: QueryDeps,
  question: PlanQuestion,
  count: Knex.QueryBuilder,
  idColumn: string,
  page: PageRequest,
): Promise<Counted> {
  const table = idColumn.split('.')[0]!;
  let sizes = tableSizes.get(deps.db);
  if (!sizes) tableSizes.set(deps.db, (sizes = new Map<string, number>()));
  const knownSize = sizes.get(table);
  const kept = knownSize === undefined ? undefined : lastKeptTotal(deps, count);
  if (kept && knownSize !== undefined) {
    return { total: kept.total, plan: planFor(question, kept.total, knownSize, page), keptUnder: kept.token };
  }
  const sizeQuery = deps.db(table).max({ n: idColumn });
  const sizeWithToken = withChangeToken(deps.db, sizeQuery);
  const [size] = await run<Record<string, unknown>[]>(deps, sizeWithToken ?? sizeQuery);
  const token = Promise.resolve(sizeWithToken && size ? String(size[TOKEN_FIELD]) : undefined);
  const total = await countTotal(deps, count, undefined, token);
  const tableSize = Number(size?.n ?? 0);
  sizes.set(table, tableSize);
  return { total, plan: planFor(question, total, tableSize, page), token };
}

/** The page's rows; its total when known (counted first, or told by the page); the token read, if any. */
export interface PageRead<T> {
  rows: T[];
  total: number | undefined;
  token: Promise<string | undefined> | undefined;
}

/** Runs the page's statements. */
export async function readPage<T>(
  deps: QueryDeps,
  queries: PageQueries,
  columns: readonly Column[],
  page: PageRequest,
  counted?: Counted,
): Promise<PageRead<T>> {
  const offset = (page.current - 1) * page.pageSize;
  // A total kept under another read's token counts only once this request has read the same token.
  let total = counted?.keptUnder === undefined ? counted?.total : undefined;
  let token = counted?.token;
  if (total !== undefined && offset >= total) return { rows: [], total, token };
  const tokenOnce = () => (token ??= changeToken(deps));
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
  const told = !kept && queries.totalField && rawRows.length > 0 ? Number(rawRows[0]![queries.totalField]) : undefined;
  if (queries.rowsOf && rawRows.length > 0) {
    const ids = rawRows.map((r) => Number(r.id));
    const byId = new Map((await run<Record<string, unknown>[]>(deps, queries.rowsOf(ids))).map((r) => [Number(r.id), r]));
    rawRows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  }
  if (total === undefined && counted?.keptUnder !== undefined && token && (await token) === counted.keptUnder) total = counted.total;
  total ??= told ?? totalFromPage(page, rawRows.length);
  return { rows: rawRows.map((r) => mapRow<T>(columns, r)), total, token };
}
