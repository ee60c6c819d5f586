import type { Context } from 'koa';
import { BOM_RESULT_LABELS, CHOSEN_BY_LABELS, PRICE_RULE_LABELS, RATE_SOURCE_LABELS } from '../domain.js';
import type { BomPrice } from '../queries/operations/bom-price.js';
import type { UsedRate } from '../queries/operations/rate-book.js';
import { PRICING_ROW_LABELS as L } from '../resources/pricing.js';
import type { ExportColumn } from './columns.js';
import { writeCsv } from './csv.js';
import type { ExportFormat } from './format.js';
import { sendInHand } from './in-hand.js';
import type { ExportDeps } from './send.js';
import { writeXlsx, type DataRange } from './xlsx.js';

export const BOM_FILE_TITLE = '批量核价';
/** The sheet's heading, as the printed sheet is titled. */
const BOM_SHEET_TITLE = '批量核价单';

/** The priced BOM's columns: the line, its price in force and the amounts, as the page shows them. */
const BOM_COLUMNS: readonly ExportColumn[] = [
  { field: 'lineNo', label: '行号', kind: 'int' },
  { field: 'partNo', label: L.partNo, kind: 'text' },
  { field: 'partName', label: L.partName, kind: 'text' },
  { field: 'spec', label: L.spec, kind: 'text' },
  { field: 'supplierName', label: L.supplierName, kind: 'text' },
  // As typed: 2, 2.5, 0.3333.
  { field: 'quantity', label: '数量', kind: 'money', numFmt: 'General' },
  { field: 'currency', label: L.currency, kind: 'text' },
  { field: 'unitPrice', label: L.unitPrice, kind: 'money' },
  { field: 'unitPriceWithTax', label: L.unitPriceWithTax, kind: 'money' },
  { field: 'amount', label: '金额', kind: 'money' },
  { field: 'amountWithTax', label: '含税金额', kind: 'money' },
  { field: 'pricingNo', label: L.pricingNo, kind: 'text' },
  { field: 'pricedAt', label: L.pricedAt, kind: 'datetime' },
  { field: 'validFrom', label: L.validFrom, kind: 'date' },
  { field: 'validTo', label: L.validTo, kind: 'date', whenNull: '长期' },
  { field: 'inForce', label: '有效价格数', kind: 'int' },
  { field: 'chosenBy', label: '选取方式', kind: 'text', display: { labels: CHOSEN_BY_LABELS } },
  { field: 'result', label: '结果', kind: 'text' },
];

/** With a report currency: the conversion of each line. */
const CONVERSION_COLUMNS: readonly ExportColumn[] = [
  { field: 'rate', label: '折算率', kind: 'fx' },
  { field: 'rateDate', label: '汇率日期', kind: 'text' },
  { field: 'rateSource', label: '汇率来源', kind: 'text', display: { labels: RATE_SOURCE_LABELS } },
  { field: 'amountInReportCurrency', label: '折算金额', kind: 'money' },
  { field: 'amountWithTaxInReportCurrency', label: '折算含税金额', kind: 'money' },
];

const columnsOf = (bom: BomPrice): readonly ExportColumn[] => (bom.reportCurrency ? [...BOM_COLUMNS, ...CONVERSION_COLUMNS] : BOM_COLUMNS);

/** How a rate reads on paper: 7.1234（汇率表，2026-11-01 起） or 7.05（假设汇率）. */
const rateText = (r: UsedRate): string =>
  r.source === 'what-if' ? `${r.rateToCny}（假设汇率）` : `${r.rateToCny}（${RATE_SOURCE_LABELS.table}，${r.rateDate} 起）`;

/** What the answer was priced under: the BOM's name, the day, the rule, the report currency and each rate used. */
export function bomConditions(bom: BomPrice, name?: string): [string, string][] {
  const rows: [string, string][] = [
    ...(name ? [['BOM 名称', name] as [string, string]] : []),
    ['计价日', bom.on],
    ['计价规则', PRICE_RULE_LABELS[bom.rule] + (bom.suppliers ? `（${bom.suppliers.join('、')}）` : '')],
    ['折算币种', bom.reportCurrency ?? '不折算'],
  ];
  for (const r of bom.rates) rows.push([`汇率 ${r.currency}（人民币/单位）`, rateText(r)]);
  for (const c of bom.missingRates) rows.push([`汇率 ${c}`, `计价日没有汇率，未折算`]);
  return rows;
}

/** The lines as rows of the columns. */
// eslint-disable-next-line @typescript-eslint/require-await -- the writers take an async iterable; these rows are in hand
async function* lineRows(bom: BomPrice): AsyncGenerator<Record<string, unknown>> {
  for (const line of bom.lines) {
    const p = line.pricing;
    yield {
      lineNo: line.lineNo,
      partNo: line.partNo,
      partName: p?.partName ?? null,
      spec: p?.spec ?? null,
      supplierName: p?.supplierName ?? null,
      quantity: line.quantity,
      currency: p?.currency ?? null,
      unitPrice: p?.unitPrice ?? null,
      unitPriceWithTax: p?.unitPriceWithTax ?? null,
      amount: line.amount,
      amountWithTax: line.amountWithTax,
      pricingNo: p?.pricingNo ?? null,
      pricedAt: p?.pricedAt ?? null,
      validFrom: p?.validFrom ?? null,
      // Undefined where there is no price: the cell stays empty, not 长期.
      validTo: p ? p.validTo : undefined,
      inForce: line.inForce,
      chosenBy: line.chosenBy,
      // An unknown code says what it was likely meant as, as the page does.
      result: BOM_RESULT_LABELS[line.result] + (line.suggestion ? `，是否为 ${line.suggestion}？` : ''),
      rate: line.rate,
      rateDate: line.rateDate,
      rateSource: line.rateSource,
      amountInReportCurrency: line.amountInReportCurrency,
      amountWithTaxInReportCurrency: line.amountWithTaxInReportCurrency,
    };
  }
}

/** One total row per currency (never a sum across currencies), then the report total. */
function totalRows(bom: BomPrice): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = bom.totals.map((total) => ({
    partNo: `合计（${total.currency}）`,
    currency: total.currency,
    amount: total.amount,
    amountWithTax: total.amountWithTax,
    result: `${total.lines} 行已定价`,
  }));
  const report = bom.reportTotal;
  if (report) {
    rows.push({
      partNo: `折算合计（${report.currency}）`,
      currency: report.currency,
      rateSource: report.rateSource,
      amountInReportCurrency: report.amount,
      amountWithTaxInReportCurrency: report.amountWithTax,
      result: report.linesWithoutRate > 0 ? `${report.lines} 行；${report.linesWithoutRate} 行无汇率未计入` : `${report.lines} 行`,
    });
  }
  return rows;
}

/** The CSV: each line, the totals, a blank row, then what the lines were priced under. */
async function* csvRows(bom: BomPrice, name?: string): AsyncGenerator<Record<string, unknown>> {
  yield* lineRows(bom);
  yield* totalRows(bom);
  yield {};
  for (const [label, value] of bomConditions(bom, name)) yield { partNo: label, partName: value };
}

/**
 * Each amount as Excel's formula over its line (数量 × 单价, rounded to 4 places as the service
 * rounds it), so that a manager who changes a quantity sees the amounts and totals follow.
 */
const LINE_FORMULAS: Record<string, (row: number, r: DataRange) => string> = {
  amount: (n, r) => `ROUND(${r.column('quantity')}${n}*${r.column('unitPrice')}${n},4)`,
  amountWithTax: (n, r) => `ROUND(${r.column('quantity')}${n}*${r.column('unitPriceWithTax')}${n},4)`,
  amountInReportCurrency: (n, r) => `ROUND(${r.column('quantity')}${n}*${r.column('unitPrice')}${n}*${r.column('rate')}${n},4)`,
  amountWithTaxInReportCurrency: (n, r) =>
    `ROUND(${r.column('quantity')}${n}*${r.column('unitPriceWithTax')}${n}*${r.column('rate')}${n},4)`,
};

/**
 * The totals below the filter range (a blank row between): each currency's a SUMIF over the lines
 * of that currency (the criterion is the total row's own currency cell, never a text of the
 * data's in the formula), the report total a SUM of the converted amounts.
 */
function totalsWithFormulas(bom: BomPrice): (r: DataRange) => Record<string, unknown>[] {
  return (r) =>
    totalRows(bom).map((row, i) => {
      const at = r.last + 2 + i;
      const lines = (field: string) => `${r.column(field)}$${r.first}:${r.column(field)}$${r.last}`;
      const currencies = `$${r.column('currency')}$${r.first}:$${r.column('currency')}$${r.last}`;
      const sumIf = (field: string) => ({
        formula: `SUMIF(${currencies},${r.column('currency')}${at},${lines(field)})`,
        result: row[field],
      });
      const sum = (field: string) => ({ formula: `SUM(${lines(field)})`, result: row[field] });
      return 'amount' in row
        ? { ...row, amount: sumIf('amount'), amountWithTax: sumIf('amountWithTax') }
        : {
            ...row,
            amountInReportCurrency: sum('amountInReportCurrency'),
            amountWithTaxInReportCurrency: sum('amountWithTaxInReportCurrency'),
          };
    });
}

/**
 * The priced BOM as a CSV or xlsx download, written as the list exports are (same writers, headers
 * and formula protection), under the same per-caller export slots. Its lines are already in hand.
 */
export function sendBomExport(
  ctx: Context,
  timeZone: string,
  exportDeps: ExportDeps,
  bom: BomPrice,
  format: ExportFormat,
  name?: string,
): Promise<void> {
  const conditions = bomConditions(bom, name);
  const title = name ? `${BOM_SHEET_TITLE} — ${name}` : BOM_SHEET_TITLE;
  const file = { title: BOM_FILE_TITLE, asciiTitle: 'bom-price', about: bom.on, rows: bom.lines.length };
  return sendInHand(ctx, timeZone, exportDeps, file, format, (out) =>
    format === 'csv'
      ? writeCsv(csvRows(bom, name), columnsOf(bom), out, { timeZone })
      : writeXlsx(lineRows(bom), columnsOf(bom), out, {
          sheetName: BOM_FILE_TITLE,
          timeZone,
          title,
          heading: [title, ...conditions.filter(([label]) => label !== 'BOM 名称').map(([label, value]) => `${label}：${value}`)],
          formulas: LINE_FORMULAS,
          footer: totalsWithFormulas(bom),
          conditions,
        }),
  );
}
