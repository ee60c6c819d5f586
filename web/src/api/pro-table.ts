/**
 * ProTable → contract. ProTable's search form gives every field (strings possibly empty, arrays
 * possibly empty), to its submit or to `request`, and antd's sort state is per column. The service rejects unknown keys
 * and takes at most 3 sort keys in priority order, so this keeps only the operation's fields,
 * drops empty values and orders the sort keys by the columns' priority.
 */
import type { SorterResult, SortOrder } from 'antd/es/table/interface';

export const MAX_SORT_KEYS = 3;

/**
 * For a ProTable that loads through `request` (docs/frontend.md): it treats sorting as local (sorts
 * the page in the browser, never calls `request`) when no column has `sorter: true`; sortable
 * columns with `sorter: { multiple }` do not count. This column, never shown, makes every sort
 * change call `request`. The lists here load their rows themselves (ListTable.tsx).
 */
export const SERVER_SORT = {
  key: '__server-sort',
  dataIndex: '__serverSort',
  sorter: true,
  hideInTable: true,
  hideInSearch: true,
  hideInSetting: true,
} as const;

export interface ListQueryParts<F extends string> {
  current?: number;
  pageSize?: number;
  sort?: Partial<Record<F, 'ascend' | 'descend'>>;
  /** Sorted columns left out because of the 3-key limit (lowest priority first dropped). */
  droppedSort: F[];
  filters: Record<string, unknown>;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * @param filterFields the operation's filter names (anything else in params is ProTable's own)
 * @param sortPriority sortable fields, highest priority first (the columns' `sorter.multiple` order)
 */
export function toListQuery<F extends string>(
  params: Record<string, unknown> & { current?: number; pageSize?: number },
  sort: Record<string, SortOrder> | undefined,
  filterFields: readonly string[],
  sortPriority: readonly F[],
): ListQueryParts<F> {
  const filters: Record<string, unknown> = {};
  for (const field of filterFields) {
    const value = params[field];
    if (!isEmpty(value)) filters[field] = typeof value === 'string' ? value.trim() : value;
  }
  const sorted = sortPriority.filter((f) => sort?.[f] === 'ascend' || sort?.[f] === 'descend');
  const kept = sorted.slice(0, MAX_SORT_KEYS);
  const sortBody = kept.length > 0 ? Object.fromEntries(kept.map((f) => [f, sort?.[f]])) : undefined;
  return {
    current: params.current,
    pageSize: params.pageSize,
    sort: sortBody as ListQueryParts<F>['sort'],
    droppedSort: sorted.slice(MAX_SORT_KEYS),
    filters,
  };
}

/** antd's sort state (one column's, or each sorted column's with multi-column sort) by field. */
export function sortOf<Row>(sorter: SorterResult<Row> | SorterResult<Row>[]): Record<string, SortOrder> {
  const sort: Record<string, SortOrder> = {};
  for (const s of Array.isArray(sorter) ? sorter : [sorter]) if (s.order && typeof s.field === 'string') sort[s.field] = s.order;
  return sort;
}
