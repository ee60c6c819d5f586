import type { Knex } from 'knex';
import { mapRow, selectList, type Column } from './values.js';
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

/** ORDER BY the requested keys (or the default), then id ascending so that pages never overlap. */
export function orderBy<F extends string>(qb: Knex.QueryBuilder, spec: SortSpec<F>, keys: readonly SortKey<F>[]): void {
  const effective = keys.length > 0 ? keys : [spec.defaultSort];
  for (const key of effective) {
    qb.orderBy(spec.columns[key.field], key.order === 'ascend' ? 'asc' : 'desc');
  }
  qb.orderBy(spec.idColumn, 'asc');
}

/** Where a list operation's rows come from. */
export interface ListSource {
  /** FROM … JOIN … WHERE <filters>: the rows that match. */
  filtered: Knex.QueryBuilder;
  /** The same rows, possibly from fewer tables (a cheaper count); defaults to `filtered`. */
  counted?: Knex.QueryBuilder;
}

/** The SQL of one page request: the page's rows and, when it is needed, the total. */
export interface PageQueries {
  page: Knex.QueryBuilder;
  count: Knex.QueryBuilder;
}

export function buildPageQueries<F extends string>(
  source: ListSource,
  columns: readonly Column[],
  sort: SortSpec<F>,
  page: PageRequest<F>,
): PageQueries {
  const pageQuery = source.filtered.clone().select(selectList(columns));
  orderBy(pageQuery, sort, page.sort);
  pageQuery.limit(page.pageSize).offset((page.current - 1) * page.pageSize);
  const count = (source.counted ?? source.filtered).clone().count({ total: '*' });
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

/** One page and the total; the count query runs only when the page cannot tell the total. */
export async function fetchPage<T, F extends string>(
  deps: QueryDeps,
  source: ListSource | Knex.QueryBuilder,
  columns: readonly Column[],
  sort: SortSpec<F>,
  page: PageRequest<F>,
): Promise<Page<T>> {
  const listSource: ListSource = 'filtered' in source ? source : { filtered: source };
  const queries = buildPageQueries(listSource, columns, sort, page);
  // BEFORE-MEASURE
  const [rawRows, countRows] = await Promise.all([run<Record<string, unknown>[]>(deps, queries.page), run<{ total: number | string }[]>(deps, queries.count)]);
  const total = Number(countRows[0]?.total ?? 0);
  return { rows: rawRows.map((r) => mapRow<T>(columns, r)), total };
}
