import type { CSSProperties, ReactNode } from 'react';

/**
 * A column of a list: the row field it shows (its key in the column settings and in an export's
 * `columns`), or a key of its own for a column that is no row field (操作).
 */
export interface ListColumn<Row> {
  key: string;
  title: string;
  /** The header's ⓘ: what the column's short title stands for. */
  tooltip?: string;
  width?: number;
  align?: 'right';
  /** Stays in view when the table scrolls sideways (the settings can unpin it). */
  fixed?: 'left';
  /** Sortable by the service; `multiple` is the field's priority among several sorted columns. */
  sorter?: { multiple: number };
  /** Each cell's style (money: figures of equal width). */
  cellStyle?: CSSProperties;
  /** Long text ends in … (the whole text on hover). */
  cut?: boolean;
  /** The cell; without it the row's value of `key` as it is. */
  render?: (row: Row) => ReactNode;
}

/** A column as the person set it: shown or hidden, pinned or not (`false`: unpinned by them). */
export interface ColumnState {
  show?: boolean;
  fixed?: 'left' | false;
}

export type ColumnsMap = Record<string, ColumnState>;

/** The settings a list starts with: the columns hidden until switched on, and the pinned ones. */
export function defaultColumns<Row>(columns: readonly ListColumn<Row>[], hidden: readonly string[]): ColumnsMap {
  const map: ColumnsMap = Object.fromEntries(hidden.map((k) => [k, { show: false }]));
  for (const c of columns) if (c.fixed) map[c.key] = { ...map[c.key], fixed: c.fixed };
  return map;
}

/**
 * The person's column settings kept in localStorage, over the defaults. A column unpinned in the
 * settings is kept as `fixed: false`: JSON drops an undefined, and the default would pin it again.
 */
export function readColumns(storageKey: string, defaults: ColumnsMap): ColumnsMap {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as ColumnsMap;
    const keys = new Set([...Object.keys(defaults), ...Object.keys(stored)]);
    return Object.fromEntries([...keys].map((k) => [k, { ...defaults[k], ...stored[k] }]));
  } catch {
    return defaults;
  }
}

export function writeColumns(storageKey: string, map: ColumnsMap): void {
  const kept = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, { ...v, fixed: v.fixed ?? false }]));
  try {
    localStorage.setItem(storageKey, JSON.stringify(kept));
  } catch {
    // storage full or refused: the settings hold for this visit
  }
}

/** Whether the column is pinned: as the person set it, else as declared. */
export const pinned = (c: Pick<ListColumn<unknown>, 'key' | 'fixed'>, map: ColumnsMap): boolean =>
  (map[c.key]?.fixed ?? c.fixed) === 'left';

/** The columns the table shows, in the order it shows them: the pinned ones first, then as declared. */
export function shownColumns<Row>(columns: readonly ListColumn<Row>[], map: ColumnsMap): ListColumn<Row>[] {
  const shown = columns.filter((c) => map[c.key]?.show !== false);
  const first = shown.filter((c) => pinned(c, map));
  return [...first, ...shown.filter((c) => !first.includes(c))];
}

/** The row fields of the columns the table shows, in the order it shows them: what an export sends as `columns`. */
export function shownFields<Row>(columns: readonly ListColumn<Row>[], map: ColumnsMap, rowFields: readonly string[]): string[] {
  return shownColumns(columns, map)
    .map((c) => c.key)
    .filter((key) => rowFields.includes(key));
}

/**
 * How wide the table is: when every shown column has a width, their sum (the table then fits any
 * screen at least that wide, and scrolls sideways below it); else as wide as the cells' content.
 */
export function tableWidth<Row>(columns: readonly ListColumn<Row>[], selectable: boolean): number | 'max-content' {
  let sum = selectable ? 32 : 0;
  for (const c of columns) {
    if (c.width === undefined) return 'max-content';
    sum += c.width;
  }
  return sum;
}
