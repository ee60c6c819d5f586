import type { Knex } from 'knex';
import type { SearchPlan } from '../search/types.js';
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
 * From this offset on, a page first picks its ids on the narrowest index (ORDER BY/LIMIT/OFFSET
 * over id and the sort columns only), then reads the columns of those ids alone: otherwise the
 * database reads every skipped row in full. Two statements rather than a join to a derived table,
 * because SQLite then prefers to scan the sort index of the outer table; below the threshold the
 * plain query is as fast.
 */
export const DEFERRED_JOIN_MIN_OFFSET = 2000;

/**
 * How a page is read:
 * - 'offset': its rows in one statement (ORDER BY … LIMIT/OFFSET);
 * - 'deferred': from DEFERRED_JOIN_MIN_OFFSET on, its ids first on the narrowest source, then
 *   the columns of those ids alone (otherwise the database reads every skipped row in full);
 * - 'computed': sorted by a computed key, known only once every match is computed: the ids with
 *   the number of matches in one statement, then their columns;
 * - 'collected' (the 'collect-ids' plan): every match's id and sort values gathered through the
 *   search indexes and sorted, then the page's columns by id.
 */
export type PageShape = 'offset' | 'deferred' | 'computed' | 'collected';

export function pageShape<F extends string>(
  sort: SortSpec<F>,
  page: PageRequest<F>,
  plan: SearchPlan,
  deferFrom = DEFERRED_JOIN_MIN_OFFSET,
): PageShape {
  if (plan === 'collect-ids') return 'collected';
  const offset = (page.current - 1) * page.pageSize;
  if (offset >= deferFrom) return 'deferred';
  return sortsByComputed(sort, page.sort) ? 'computed' : 'offset';
}

/**
 * The statements of one page: `page` first; for the shapes that read ids first, `rowsOf(ids)`
 * reads the columns of those ids.
 */
export interface PageQueries {
  page: Knex.QueryBuilder;
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
  ordered?: Knex.QueryBuilder;
}

/** The field that carries `count(*) over ()` on a page sorted by a computed key. */
const TOTAL_FIELD = 'total_matches';

/** The 'offset' page: `filtered` (FROM … WHERE <filters>) with the row's columns, in page order. */
export function offsetPage<F extends string>(
  filtered: Knex.QueryBuilder,
  columns: readonly Column[],
  sort: SortSpec<F>,
  page: PageRequest<F>,
): PageQueries {
  const query = orderBy(selectColumns(filtered, columns), sort, page.sort);
  return { page: query.limit(page.pageSize).offset((page.current - 1) * page.pageSize) };
}

/**
 * The pages that read ids first: from `narrow` (the matching rows from as few tables as the filters
 * and the sort need), then each id's columns from `unfiltered` (FROM … JOIN … with no filter).
 */
export function idsFirstPage<F extends string>(
  shape: Exclude<PageShape, 'offset'>,
  narrow: Knex.QueryBuilder,
  unfiltered: Knex.QueryBuilder,
  columns: readonly Column[],
  sort: SortSpec<F>,
  page: PageRequest<F>,
): PageQueries {
  const offset = (page.current - 1) * page.pageSize;
  const rowsOf = (pageIds: readonly number[]) => selectColumns(unfiltered.clone().whereIn(sort.idColumn, [...pageIds]), columns);
  if (shape === 'collected') return { page: collectedIds(narrow, sort, page.sort).limit(page.pageSize).offset(offset), rowsOf };
  if (shape === 'computed') {
    narrow.select({ id: sort.idColumn }).select(narrow.client.raw('count(*) over () as ??', [TOTAL_FIELD]));
    const ordered = orderBy(narrow, sort, page.sort);
    return { page: ordered.clone().limit(page.pageSize).offset(offset), rowsOf, totalField: TOTAL_FIELD, ordered };
  }
  const idsFrom = (afterId?: number) => {
    const ids = narrow.clone().select({ id: sort.idColumn });
    if (afterId !== undefined) {
      const valueAt = (column: string | Knex.Raw) => unfiltered.clone().select(column).where(sort.idColumn, afterId);
      whereAfter(ids, sortOrdering(sort, page.sort, ids.client), sort.idColumn, afterId, valueAt);
    }
    return orderBy(ids, sort, page.sort);
  };
  return { page: idsFrom().limit(page.pageSize).offset(offset), rowsOf, idsFrom };
}

/**
 * The total, when the page itself tells it: a page shorter than pageSize is the last one, so
 * total = rows before it + rows on it. An empty page past page 1 does not tell (it may be past the end).
 */
export function totalFromPage(page: PageRequest, rowCount: number): number | undefined {
  if (rowCount < page.pageSize && (rowCount > 0 || page.current === 1)) return (page.current - 1) * page.pageSize + rowCount;
  return undefined;
}
