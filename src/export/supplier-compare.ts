import type { Context } from 'koa';
import type { SupplierComparison } from '../queries/operations/supplier-compare.js';
import { PRICING_FIELDS } from '../resources/pricing.js';
import { exportColumns, type ExportColumn } from './columns.js';
import { writeCsv } from './csv.js';
import type { ExportFormat } from './format.js';
import { sendInHand } from './in-hand.js';
import type { ExportDeps } from './send.js';
import { writeXlsx } from './xlsx.js';

export const SUPPLIER_COMPARE_FILE_TITLE = '供应商对比';

/**
 * A supplier comparison as a sheet: one row per compared pricing (the page's columns), so that a
 * manager can sort and filter the suppliers by any cost; the compared figures as the pricing
 * list's columns, then those converted to CNY when the currencies differ.
 */
const PRICING_PART = exportColumns(PRICING_FIELDS, ['supplierCode', 'supplierName', 'pricingNo', 'status', 'currency', 'pricedAt']);
const MARK: ExportColumn = { field: 'mark', label: '标记', kind: 'text' };
const LOWEST: ExportColumn = { field: 'lowest', label: '最低项', kind: 'text' };
const RATE: ExportColumn[] = [
  { field: 'rate', label: '折算率（人民币/单位）', kind: 'fx' },
  { field: 'rateDate', label: '汇率日期', kind: 'text' },
];

const inCny = (field: string) => `${field}InCny`;
const label = (field: keyof typeof PRICING_FIELDS) => PRICING_FIELDS[field].label;

function columnsOf(c: SupplierComparison): ExportColumn[] {
  const compared = exportColumns(
    PRICING_FIELDS,
    c.rows.map((r) => r.field),
  );
  const converted = (c.converted?.rows ?? []).map((r): ExportColumn => ({
    field: inCny(r.field),
    label: `${label(r.field)}（折合人民币）`,
    kind: 'money',
  }));
  return [...PRICING_PART, MARK, ...compared, ...(c.converted ? [...RATE, ...converted] : []), LOWEST];
}

function rowsOf(c: SupplierComparison): Record<string, unknown>[] {
  return c.columns.map((col, i) => {
    const row: Record<string, unknown> = {
      ...col,
      mark: [col.latest && '最新', col.latestApproved && '最新批准'].filter(Boolean).join('，'),
    };
    const lowest: string[] = [];
    for (const r of c.rows) {
      row[r.field] = r.values[i];
      if (r.lowestPricingIds.includes(col.id)) lowest.push(label(r.field));
    }
    if (c.converted) {
      row.rate = c.converted.rates[i]?.rate ?? null;
      row.rateDate = c.converted.rates[i]?.rateDate ?? null;
      for (const r of c.converted.rows) {
        row[inCny(r.field)] = r.values[i];
        if (r.lowestPricingIds.includes(col.id)) lowest.push(`${label(r.field)}（折合人民币）`);
      }
    }
    row.lowest = lowest.join('、');
    return row;
  });
}

/** What the comparison is of: the part, how its columns were chosen, the day of the rates. */
function conditionsOf(c: SupplierComparison): [string, string][] {
  const rows: [string, string][] = [
    [label('partNo'), c.partNo],
    [label('partName'), c.partName],
    ['对比范围', c.selectedBy === 'partNo' ? '该物料每个供应商最新的一条核价，及其最新批准的一条' : '指定的核价记录'],
  ];
  if (c.converted) {
    rows.push(['折算', `币种不同，按 ${c.converted.day} 的汇率折合人民币`]);
    for (const m of c.converted.missingRates) rows.push([`汇率 ${m}`, '该日没有汇率，未折算']);
  }
  return rows;
}

// eslint-disable-next-line @typescript-eslint/require-await -- the writers take an async iterable; these rows are in hand
async function* inOrder(rows: Record<string, unknown>[]): AsyncGenerator<Record<string, unknown>> {
  yield* rows;
}

/** The comparison as a CSV or xlsx download: a row per compared pricing. */
export function sendSupplierCompareExport(
  ctx: Context,
  timeZone: string,
  exportDeps: ExportDeps,
  c: SupplierComparison,
  format: ExportFormat,
): Promise<void> {
  const columns = columnsOf(c);
  const rows = rowsOf(c);
  const conditions = conditionsOf(c);
  const title = `${SUPPLIER_COMPARE_FILE_TITLE} — ${c.partNo} ${c.partName}`;
  const file = { title: SUPPLIER_COMPARE_FILE_TITLE, asciiTitle: 'supplier-compare', about: c.partNo, rows: rows.length };
  return sendInHand(ctx, timeZone, exportDeps, file, format, (out) =>
    format === 'csv'
      ? writeCsv(inOrder(rows), columns, out, { timeZone })
      : writeXlsx(inOrder(rows), columns, out, {
          sheetName: SUPPLIER_COMPARE_FILE_TITLE,
          timeZone,
          title,
          heading: [title, ...conditions.slice(2).map(([name, value]) => `${name}：${value}`)],
          conditions,
        }),
  );
}
