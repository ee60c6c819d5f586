import type { Knex } from 'knex';

export type SortOrder = 'ascend' | 'descend';

export interface SortKey<F extends string = string> {
  field: F;
  order: SortOrder;
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

/** One key of a page's order: the requested sort keys (or the default), then id ascending. */
export interface OrderingKey {
  column: string;
  ascending: boolean;
}

export function sortOrdering<F extends string>(spec: SortSpec<F>, keys: readonly SortKey<F>[]): OrderingKey[] {
  return [
    ...effectiveSort(spec, keys).map((k) => ({ column: spec.columns[k.field], ascending: k.order === 'ascend' })),
    { column: spec.idColumn, ascending: true },
  ];
}
