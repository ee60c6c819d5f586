import type { z } from 'zod';
import { filterTitle, type Fields } from '../resources/field.js';
import type { SortKey } from '../queries/paging/sort.js';
import { wallClockDate } from '../time-zone.js';

/**
 * The xlsx's second sheet, 查询条件: what produced the rows, in Chinese, so that a manager reading
 * the file later knows which view it is. Each set filter by its declared title; codes by the
 * Chinese name their row field shows them with; a change-rate bound in per cent as the column.
 */

/** Part numbers shown in full up to this many; beyond, the first ones and how many in all. */
const LISTED_PART_NOS = 20;

export interface ExportConditions {
  filters: Readonly<Record<string, unknown>>;
  sort: readonly SortKey[];
  exportedAt: Date;
  rowCount: number;
}

export function conditionRows(
  declared: Readonly<Record<string, z.ZodType>>,
  fields: Fields,
  c: ExportConditions,
  timeZone: string,
): [string, string][] {
  const rows: [string, string][] = [];
  for (const [name, schema] of Object.entries(declared)) {
    const value = c.filters[name];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    rows.push([filterTitle(name, schema), shown(name, value, fields)]);
  }
  if (rows.length === 0) rows.push(['筛选', '无（全部记录）']);
  const sort = c.sort.map((k) => `${fields[k.field]?.label ?? k.field} ${k.order === 'ascend' ? '升序' : '降序'}`).join('，');
  rows.push(['排序', sort || '默认']);
  rows.push(['导出时间', `${wallClockDate(c.exportedAt, timeZone).toISOString().slice(0, 19).replace('T', ' ')}（${timeZone}）`]);
  rows.push(['行数', String(c.rowCount)]);
  return rows;
}

function shown(name: string, value: unknown, fields: Fields): string {
  const display = fields[name]?.display;
  if (Array.isArray(value)) {
    const items = value.map((v) => (display && display !== 'percent' ? (display.labels[String(v)] ?? String(v)) : String(v)));
    if (items.length <= LISTED_PART_NOS) return items.join('、');
    return `${items.slice(0, LISTED_PART_NOS).join('、')} 等共 ${items.length} 个`;
  }
  if (typeof value === 'number' && /ChangeRate$/.test(name)) return `${Math.round(value * 1_000_000) / 10_000}%`;
  return String(value);
}
