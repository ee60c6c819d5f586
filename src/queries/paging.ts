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

/**
 * One page and the total. `filtered` is the FROM/JOIN/WHERE part; it is cloned for the count and
 * for the page so both see exactly the same filters.
 */
export async function fetchPage<T, F extends string>(
  deps: QueryDeps,
  filtered: Knex.QueryBuilder,
  columns: readonly Column[],
  sort: SortSpec<F>,
  page: PageRequest<F>,
): Promise<Page<T>> {
  const pageQuery = filtered.clone().select(selectList(columns));
  orderBy(pageQuery, sort, page.sort);
  pageQuery.limit(page.pageSize).offset((page.current - 1) * page.pageSize);

  const countQuery = filtered.clone().count({ total: '*' });

  const [rawRows, countRows] = await Promise.all([
    run<Record<string, unknown>[]>(deps, pageQuery),
    run<{ total: number | string }[]>(deps, countQuery),
  ]);
  return {
    rows: rawRows.map((r) => mapRow<T>(columns, r)),
    total: Number(countRows[0]?.total ?? 0),
  };
}
