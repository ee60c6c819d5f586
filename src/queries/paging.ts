import type { Knex } from 'knex';
import { hasTrigramSearch, sortsBySearchedColumn, type SearchPlan, type SearchScope } from './filters.js';
import { mapRow, selectList, type Column } from './values.js';
import { countTotal } from './count-cache.js';
import { changeToken } from './data-token.js';
import { deepPageIds } from './page-positions.js';
import { sortOrdering, whereAfter } from './seek.js';
import { run, type QueryDeps } from './query-deps.js';

export type SortOrder = 'ascend' | 'descend';

export interface SortKey<F extends string = string> {
  field: F;
  order: SortOrder;
}

export interface PageRequest<F extends string = string> {
  current: number;
  pageSize: number;
  /** In priority order; empty means the operation's default sort. */
  sort: SortKey<F>[];
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** What one list operation sorts by: sortable field → SQL column, its default, its id column. */
export interface SortSpec<F extends string> {
  columns: Record<F, string>;
  defaultSort: SortKey<F>;
  idColumn: string;
}

/** The requested sort keys, or the operation's default when none are. */
export function effectiveSort<F extends string>(spec: SortSpec<F>, keys: readonly SortKey<F>[]): readonly SortKey<F>[] {
  return keys.length > 0 ? keys : [spec.defaultSort];
}

/** ORDER BY the requested keys (or the default), then id ascending so that pages never overlap. */
export function orderBy<F extends string>(qb: Knex.QueryBuilder, spec: SortSpec<F>, keys: readonly SortKey<F>[]): Knex.QueryBuilder {
  for (const key of effectiveSort(spec, keys)) {
    qb.orderBy(spec.columns[key.field], key.order === 'ascend' ? 'asc' : 'desc');
  }
  return qb.orderBy(spec.idColumn, 'asc');
}

/**
 * The ids of `matching` in page order, sorted from a materialized list of every match's id and sort
 * values: the CTE is planned on its own (through the search indexes), so the database cannot
 * choose to walk the sort index instead.
 */
function collectedIds<F extends string>(matching: Knex.QueryBuilder, spec: SortSpec<F>, keys: readonly SortKey<F>[]): Knex.QueryBuilder {
  const effective = effectiveSort(spec, keys);
  const values: Record<string, string> = { id: spec.idColumn };
  effective.forEach((key, i) => (values[`k${i}`] = spec.columns[key.field]));
  const ids = matching.client.queryBuilder().withMaterialized('matches', matching.select(values)).from('matches').select('id');
  effective.forEach((key, i) => ids.orderBy(`k${i}`, key.order === 'ascend' ? 'asc' : 'desc'));
  return ids.orderBy('id', 'asc');
}

/**
 * Where a list operation's rows come from. Each member builds its query when called: a request
 * usually needs only one of them (a short page 1 runs neither the count nor the deep-page shapes),
 * and building knex queries is a measurable share of a fast request (bench/README.md).
 */
export interface ListSource {
  /** FROM … JOIN … WHERE <filters>: the rows that match, with every column of the row. */
  filtered: (plan?: SearchPlan) => Knex.QueryBuilder;
  /**
   * The same rows from as few tables as the filters and the sort need (e.g. no join to parts when
   * nothing looks at parts): what deep pages pick their ids from. Defaults to `filtered`.
   */
  narrow?: (plan?: SearchPlan) => Knex.QueryBuilder;
  /**
   * `select … as total`: the number of matching rows, counted from as few tables as the filters need.
   * Defaults to count(*) over `narrow`.
   */
  total?: () => Knex.QueryBuilder;
  /** FROM … JOIN … with no filter: where a deep page's picked ids get their columns. */
  unfiltered?: () => Knex.QueryBuilder;
  /**
   * Set when fetchPage should count first and choose the SearchPlan from the total and
   * `select max(id)` of the listed table (its size, near enough): see searchPlanBy.
   */
  planBy?: { by: 'trigram' | 'sorted-search'; tableSize: () => Knex.QueryBuilder };
}

/**
 * When a page's plan depends on how many rows match (ListSource.planBy):
 * - 'trigram': the filters use SQLite's trigram tables (walk the sort index or collect, prefersWalk);
 * - 'sorted-search': PostgreSQL, sorted first by a column a filter searches (sortsBySearchedColumn):
 *   collect the matching ids unless they are a large share of the table.
 */
export function searchPlanBy<F extends string>(
  db: Knex,
  searches: Readonly<Record<string, readonly SearchScope[]>>,
  filters: object,
  sort: SortSpec<F>,
  keys: readonly SortKey<F>[],
): ListSource['planBy'] {
  const f = filters as Readonly<Record<string, unknown>>;
  const listedTable = sort.idColumn.split('.')[0]!;
  const tableSize = () => db(listedTable).max({ n: sort.idColumn });
  if (hasTrigramSearch(db, searches, f)) return { by: 'trigram', tableSize };
  const first = sort.columns[effectiveSort(sort, keys)[0]!.field];
  if (sortsBySearchedColumn(db, sort.idColumn, searches, f, first)) return { by: 'sorted-search', tableSize };
  return undefined;
}

/**
 * 'collect-ids' reads every match (bench data, `镀`, 50k of 300k processes: 30 ms through the GIN
 * index); above this share of the table PostgreSQL would rather scan it, calling short_grams for
 * each match, so the sort index is walked instead (at most the rows that do not match are passed).
 */
export const MAX_COLLECTED_SHARE = 0.25;

/**
 * The SQL of one page request: the page's rows and, when it is needed, the total. For a deep page or
 * the 'collect-ids' plan (`rowsOf` set), `page` selects only the ids and `rowsOf(ids)` the columns
 * of those ids.
 */
export interface PageQueries {
  page: Knex.QueryBuilder;
  /** Built only when the page does not tell the total. */
  count: () => Knex.QueryBuilder;
  rowsOf?: (ids: readonly number[]) => Knex.QueryBuilder;
  /**
   * A deep page's ids without LIMIT/OFFSET (`page` is this with them), or with an id, only the
   * rows after that row (page-positions.ts).
   */
  idsFrom?: (afterId?: number) => Knex.QueryBuilder;
}

/**
 * From this offset on, a page first picks its ids on the narrowest index (ORDER BY/LIMIT/OFFSET
 * over id and the sort columns only), then reads the columns of those ids alone: otherwise the
 * database reads every skipped row in full. Two statements rather than a join to a derived table,
 * because SQLite then prefers to scan the sort index of the outer table; below the threshold the
 * plain query is as fast.
 */
export const DEFERRED_JOIN_MIN_OFFSET = 2000;

/** `count(*)` of the source's rows, from its cheapest form. */
function countQuery(source: ListSource): Knex.QueryBuilder {
  return source.total ? source.total() : (source.narrow ?? source.filtered)().count({ total: '*' });
}

export function buildPageQueries<F extends string>(
  source: ListSource,
  columns: readonly Column[],
  sort: SortSpec<F>,
  page: PageRequest<F>,
  plan: SearchPlan = 'collect',
  deferFrom = DEFERRED_JOIN_MIN_OFFSET,
): PageQueries {
  const offset = (page.current - 1) * page.pageSize;
  const narrow = source.narrow ?? source.filtered;
  const count = () => countQuery(source);

  const collectIds = plan === 'collect-ids';
  if ((offset >= deferFrom || collectIds) && source.unfiltered) {
    const unfiltered = source.unfiltered;
    const rowsOf = (pageIds: readonly number[]) => unfiltered().whereIn(sort.idColumn, [...pageIds]).select(selectList(columns));
    if (collectIds) return { page: collectedIds(narrow(plan), sort, page.sort).limit(page.pageSize).offset(offset), count, rowsOf };
    const idsFrom = (afterId?: number) => {
      const ids = narrow(plan).select({ id: sort.idColumn });
      if (afterId !== undefined) {
        const valueAt = (column: string) => unfiltered().select(column).where(sort.idColumn, afterId);
        whereAfter(ids, sortOrdering(sort, page.sort), sort.idColumn, afterId, valueAt);
      }
      return orderBy(ids, sort, page.sort);
    };
    return { page: idsFrom().limit(page.pageSize).offset(offset), count, rowsOf, idsFrom };
  }

  const pageQuery = source.filtered(plan).select(selectList(columns));
  orderBy(pageQuery, sort, page.sort);
  pageQuery.limit(page.pageSize).offset(offset);
  return { page: pageQuery, count };
}

/**
 * The total, when the page itself tells it: a page shorter than pageSize is the last one, so
 * total = rows before it + rows on it. An empty page past page 1 does not tell (it may be past the end).
 */
export function totalFromPage(page: PageRequest, rowCount: number): number | undefined {
  if (rowCount < page.pageSize && (rowCount > 0 || page.current === 1)) return (page.current - 1) * page.pageSize + rowCount;
  return undefined;
}

/**
 * Walk the sort index rather than collect every match when the walk reads fewer rows: it reads about
 * (offset + pageSize) × tableSize / total rows (~5.6 µs each: the row is read to test it), collecting
 * reads every match (~2.4 µs each) and sorts them. Constants from 1M pricings on SQLite
 * (bench/README.md): `精工五金` (83k matches) page 1 217 → 21 ms, current=100 244 → 156 ms; a needle
 * with 2,000 matches keeps collecting (5 ms).
 */
export function prefersWalk(total: number, rowsNeeded: number, tableSize: number): boolean {
  return rowsNeeded * tableSize * 5.6 < total * total * 2.4;
}

/**
 * One page and the total. The page runs first: when it is short it tells the total, and the count,
 * which costs as much as reading every matching row, is skipped. Where the plan depends on how many
 * rows match (ListSource.planBy: SQLite's trigram tables, pg sorted by a searched column) the count
 * runs first instead (it is cheap when the matches are few, and needed anyway when they are many)
 * and picks the SearchPlan.
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
  // Read once, before the first statement that keeps an answer under it (data-token.ts).
  let token: Promise<string | undefined> | undefined;
  const tokenOnce = () => (token ??= changeToken(deps));
  if (source.planBy) {
    total = await countTotal(deps, countQuery(source), undefined, tokenOnce());
    if (offset >= total) return { rows: [], total };
    const [size] = await run<{ n: number | null }[]>(deps, source.planBy.tableSize());
    const tableSize = Number(size?.n ?? 0);
    if (source.planBy.by === 'trigram') plan = prefersWalk(total, offset + page.pageSize, tableSize) ? 'walk' : 'collect';
    // Otherwise the planner's own plan (on pg, 'collect' changes no SQL).
    else if (total <= tableSize * MAX_COLLECTED_SHARE) plan = 'collect-ids';
  }
  const queries = buildPageQueries(source, columns, sort, page, plan, deps.deferredJoinMinOffset);
  let rawRows: Record<string, unknown>[];
  if (queries.idsFrom) {
    rawRows = (await deepPageIds(deps, queries.page, queries.idsFrom, offset, page.pageSize, tokenOnce)).map((id) => ({ id }));
  } else {
    rawRows = await run<Record<string, unknown>[]>(deps, queries.page);
  }
  if (queries.rowsOf && rawRows.length > 0) {
    const ids = rawRows.map((r) => Number(r.id));
    const byId = new Map((await run<Record<string, unknown>[]>(deps, queries.rowsOf(ids))).map((r) => [Number(r.id), r]));
    rawRows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  }
  total ??= totalFromPage(page, rawRows.length) ?? (await countTotal(deps, queries.count(), undefined, token));
  return { rows: rawRows.map((r) => mapRow<T>(columns, r)), total };
}
