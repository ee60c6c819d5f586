import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialects/index.js';

export type SortOrder = 'ascend' | 'descend';

export interface SortKey<F extends string = string> {
  field: F;
  order: SortOrder;
}

/**
 * A sort key computed per row (SQL in the database's own form, no bindings) that may be null: nulls
 * sort last in both directions, then id as always.
 */
export interface ComputedSortColumn {
  computed: (client: Knex.Client) => string;
  /**
   * A condition true exactly where the key is null, cheaper than the key, for databases that write
   * "nulls last" as a second key (the key would otherwise be computed twice per row); else none.
   */
  isNull?: (client: Knex.Client) => string | undefined;
}

/** A sortable field's qualified column, or a computed key. */
export type SortColumn = string | ComputedSortColumn;

/** What one list operation sorts by: sortable field → SQL column, its default, its id column. */
export interface SortSpec<F extends string> {
  columns: Record<F, SortColumn>;
  defaultSort: SortKey<F>;
  idColumn: string;
}

/** The requested sort keys, or the operation's default when none are. */
export function effectiveSort<F extends string>(spec: SortSpec<F>, keys: readonly SortKey<F>[]): readonly SortKey<F>[] {
  return keys.length > 0 ? keys : [spec.defaultSort];
}

/** Whether any of the keys (or the default) is computed per row rather than read from an index. */
export function sortsByComputed<F extends string>(spec: SortSpec<F>, keys: readonly SortKey<F>[]): boolean {
  return effectiveSort(spec, keys).some((k) => typeof spec.columns[k.field] !== 'string');
}

/** The column a key reads, or the SQL it computes, for `client`; and whether it can be null. */
function resolve(column: SortColumn, client: Knex.Client): Omit<OrderingKey, 'ascending'> {
  return typeof column === 'string'
    ? { column, nullable: false }
    : { column: client.raw(column.computed(client)) as Knex.Raw, nullable: true, isNull: column.isNull?.(client) };
}

/** ORDER BY the requested keys (or the default), then id ascending so that pages never overlap. */
export function orderBy<F extends string>(qb: Knex.QueryBuilder, spec: SortSpec<F>, keys: readonly SortKey<F>[]): Knex.QueryBuilder {
  return orderByKeys(qb, sortOrdering(spec, keys, qb.client));
}

/** ORDER BY these keys; a nullable one as its database writes "nulls last". */
export function orderByKeys(qb: Knex.QueryBuilder, ordering: readonly OrderingKey[]): Knex.QueryBuilder {
  for (const key of ordering) {
    const direction = key.ascending ? 'asc' : 'desc';
    if (key.nullable) qb.orderByRaw(dialectOf(qb.client).nullsLast(sqlOf(qb.client, key.column), direction, key.isNull));
    else qb.orderBy(key.column as string, direction);
  }
  return qb;
}

/** A key's SQL: the quoted column, or the computed expression. */
export function sqlOf(client: Knex.Client, column: string | Knex.Raw): string {
  return typeof column === 'string' ? (client.raw('??', [column]) as Knex.Raw).toQuery() : column.toQuery();
}

/** One key of a page's order: the requested sort keys (or the default), then id ascending. */
export interface OrderingKey {
  /** A qualified column, or a computed key's SQL. */
  column: string | Knex.Raw;
  ascending: boolean;
  /** A computed key that may be null: nulls come last whichever way it sorts. */
  nullable?: boolean;
  /** ComputedSortColumn.isNull's condition, where there is one. */
  isNull?: string;
}

export function sortOrdering<F extends string>(spec: SortSpec<F>, keys: readonly SortKey<F>[], client: Knex.Client): OrderingKey[] {
  return [
    ...effectiveSort(spec, keys).map((k) => ({ ...resolve(spec.columns[k.field], client), ascending: k.order === 'ascend' })),
    { column: spec.idColumn, ascending: true },
  ];
}
