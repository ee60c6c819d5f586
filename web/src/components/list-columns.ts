import type { ColumnsState, ProColumns } from '@ant-design/pro-components';

type Map = Record<string, ColumnsState>;

/** ProTable's key of a column in its column settings: its key, else its dataIndex (ProTable's genColumnKey). */
const keyOf = (c: ProColumns<never>, index: number): string =>
  c.key !== undefined ? String(c.key) : typeof c.dataIndex === 'string' ? c.dataIndex : String(index);

/** The settings a list starts with: the columns hidden until switched on, and the pinned ones. */
export function defaultColumns(columns: readonly ProColumns<never>[], hidden: readonly string[]): Map {
  const map: Map = Object.fromEntries(hidden.map((k) => [k, { show: false }]));
  columns.forEach((c, i) => {
    if (c.fixed === 'left' || c.fixed === 'right') map[keyOf(c, i)] = { ...map[keyOf(c, i)], fixed: c.fixed };
  });
  return map;
}

/**
 * The person's column settings kept in localStorage, over the defaults. A column unpinned in the
 * settings is kept as `fixed: false`: JSON drops an undefined, and the default would pin it again.
 */
export function readColumns(storageKey: string, defaults: Map): Map {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Map;
    const keys = new Set([...Object.keys(defaults), ...Object.keys(stored)]);
    return Object.fromEntries([...keys].map((k) => [k, { ...defaults[k], ...stored[k] }]));
  } catch {
    return defaults;
  }
}

export function writeColumns(storageKey: string, map: Map): void {
  const kept = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, { ...v, fixed: v.fixed ?? false }]));
  try {
    localStorage.setItem(storageKey, JSON.stringify(kept));
  } catch {
    // storage full or refused: the settings hold for this visit
  }
}

/**
 * The row fields of the columns the table shows, in the order it shows them: what an export sends
 * as `columns`. ProTable orders its columns so (utils/columnSort): pinned left first, pinned right
 * last, then by the settings' order where one is set, else as declared.
 */
export function shownFields(columns: readonly ProColumns<never>[], map: Map, rowFields: readonly string[]): string[] {
  const placed = columns
    .map((c, index) => {
      const key = keyOf(c, index);
      return { c, index, key, fixed: (map[key] ?? { fixed: c.fixed }).fixed };
    })
    .filter(({ c }) => !c.hideInTable);
  placed.sort((a, b) => {
    if ((a.fixed === 'left' && b.fixed !== 'left') || (b.fixed === 'right' && a.fixed !== 'right')) return -2;
    if ((b.fixed === 'left' && a.fixed !== 'left') || (a.fixed === 'right' && b.fixed !== 'right')) return 2;
    if (map[a.key]?.order || map[b.key]?.order) return (map[a.key]?.order || 0) - (map[b.key]?.order || 0);
    return a.index - b.index;
  });
  return placed
    .filter(({ c, key }) => map[key]?.show !== false && typeof c.dataIndex === 'string' && rowFields.includes(c.dataIndex))
    .map(({ c }) => c.dataIndex as string);
}

/**
 * On a phone the pinned columns would fill the screen and leave nothing to scroll: only the first
 * pinned one (the number) stays pinned there. Shown so, never kept so.
 */
export function pinnedForWidth(map: Map, narrow: boolean): Map {
  if (!narrow) return map;
  const pinned = Object.keys(map).filter((k) => map[k]?.fixed === 'left');
  if (pinned.length <= 1) return map;
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, pinned.indexOf(k) > 0 ? { ...v, fixed: undefined } : v]));
}

/** A change made in the settings on a phone, with the pins the phone only hid. */
export function keepPins(changed: Map, kept: Map, narrow: boolean): Map {
  if (!narrow) return changed;
  const shown = pinnedForWidth(kept, narrow);
  return Object.fromEntries(
    Object.entries(changed).map(([k, v]) => [
      k,
      kept[k]?.fixed === 'left' && shown[k]?.fixed !== 'left' && !v.fixed ? { ...v, fixed: 'left' as const } : v,
    ]),
  );
}
