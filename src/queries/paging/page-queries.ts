import type { Knex } from 'knex';
import type { PlanQuestion, SearchPlan } from '../search/types.js';
import { selectColumns, type Column } from '../values.js';
import { whereAfter } from './seek.js';
import { orderBy, orderByKeys, sortOrdering, sortsByComputed, type SortKey, type SortSpec } from './sort.js';

/**
 * The SQL of a list page: OFFSET for shallow pages, a deferred join (ids first, then their rows)
 * for deep ones and for collected matches, a keyset seek when a position before the page is known.
 */

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

/**
 * Where a list operation's rows come from. Each member builds its query when called: a request
 * usually needs only one of them (a short page 1 runs neither the count nor the deep-page shapes),
 * and building knex queries is a noticeable share of a fast request.
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
   * `select max(id)` of the listed table (its size, near enough; read with the change token in one
   * statement): see searchPlanBy.
   */
  planBy?: { by: PlanQuestion; tableSize: () => Knex.QueryBuilder };
}

/**
 * The ids of `matching` in page order, sorted from a materialized list of every match's id and sort
 * values: the CTE is planned on its own (through the search indexes), so the database cannot
 * choose to walk the sort index instead.
 */
function collectedIds<F extends string>(matching: Knex.QueryBuilder, spec: SortSpec<F>, keys: readonly SortKey<F>[]): Knex.QueryBuilder {
  const ordering = sortOrdering(spec, keys, matching.client).slice(0, -1);
  matching.select({ id: spec.idColumn });
  ordering.forEach((key, i) => {
    if (typeof key.column === 'string') matching.select({ [`k${i}`]: key.column });
    else matching.select(matching.client.raw(`${key.column.toQuery()} as ??`, [`k${i}`]));
  });
  const ids = matching.client.queryBuilder().withMaterialized('matches', matching).from('matches').select('id');
  // The same keys, now plain columns of the list: a computed one still sorts its nulls last.
  return orderByKeys(ids, [...ordering.map((key, i) => ({ ...key, column: `k${i}` })), { column: 'id', ascending: true }]);
}

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
   * rows after that row (freshness/page-positions.ts).
   */
  idsFrom?: (afterId?: number) => Knex.QueryBuilder;
  /**
   * The field of each page row that holds the total (`count(*) over ()`): a page sorted by a
   * computed key reads every match anyway, so it counts them in the same statement.
   */
  totalField?: string;
  /** With `totalField`: the page's ids without LIMIT/OFFSET (freshness/computed-order.ts keeps their start). */
  ordered?: () => Knex.QueryBuilder;
}

/** The field that carries `count(*) over ()` on a page sorted by a computed key. */
const TOTAL_FIELD = 'total_matches';

/**
 * From this offset on, a page first picks its ids on the narrowest index (ORDER BY/LIMIT/OFFSET
 * over id and the sort columns only), then reads the columns of those ids alone: otherwise the
 * database reads every skipped row in full. Two statements rather than a join to a derived table,
 * because SQLite then prefers to scan the sort index of the outer table; below the threshold the
 * plain query is as fast.
 */
export const DEFERRED_JOIN_MIN_OFFSET = 2000;

/** `count(*)` of the source's rows, from its cheapest form. */
export function countQuery(source: ListSource): Knex.QueryBuilder {
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
  // A computed sort key is known only once every matching row is computed: the ids are picked on
  // the narrow source (an index holds what the computation reads) before any row is read in full.
  const computed = sortsByComputed(sort, page.sort);
  if ((offset >= deferFrom || collectIds || computed) && source.unfiltered) {
    const unfiltered = source.unfiltered;
    const rowsOf = (pageIds: readonly number[]) => selectColumns(unfiltered().whereIn(sort.idColumn, [...pageIds]), columns);
    if (collectIds) return { page: collectedIds(narrow(plan), sort, page.sort).limit(page.pageSize).offset(offset), count, rowsOf };
    if (computed && offset < deferFrom) {
      const ordered = () => {
        const ids = narrow(plan).select({ id: sort.idColumn });
        return orderBy(ids.select(ids.client.raw('count(*) over () as ??', [TOTAL_FIELD])), sort, page.sort);
      };
      return { page: ordered().limit(page.pageSize).offset(offset), count, rowsOf, totalField: TOTAL_FIELD, ordered };
    }
    const idsFrom = (afterId?: number) => {
      const ids = narrow(plan).select({ id: sort.idColumn });
      if (afterId !== undefined) {
        const valueAt = (column: string | Knex.Raw) => unfiltered().select(column).where(sort.idColumn, afterId);
        whereAfter(ids, sortOrdering(sort, page.sort, ids.client), sort.idColumn, afterId, valueAt);
      }
      return orderBy(ids, sort, page.sort);
    };
    return { page: idsFrom().limit(page.pageSize).offset(offset), count, rowsOf, idsFrom };
  }

  const pageQuery = selectColumns(source.filtered(plan), columns);
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
