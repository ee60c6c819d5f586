import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { BOM_RESULT_LABELS, CHOSEN_BY_LABELS, PRICE_RULE_LABELS, RATE_SOURCE_LABELS } from '../domain.js';
import { callerKey } from '../http/caller-key.js';
import { onResponseDone } from '../http/response-done.js';
import type { BomPrice } from '../queries/operations/bom-price.js';
import type { UsedRate } from '../queries/operations/rate-book.js';
import { PRICING_ROW_LABELS as L } from '../resources/pricing.js';
import { fileStamp } from '../time-zone.js';
import type { ExportColumn } from './columns.js';
import { writeCsv } from './csv.js';
import { EXPORT_MEDIA_TYPES, type ExportFormat } from './format.js';
import type { ExportDeps } from './send.js';
import { loadExcelJs, writeXlsx } from './xlsx.js';

export const BOM_FILE_TITLE = '批量核价';

/** The priced BOM's columns: the line, its price in force and the amounts, as the page shows them. */
const BOM_COLUMNS: readonly ExportColumn[] = [
  { field: 'lineNo', label: '行号', kind: 'int' },
  { field: 'partNo', label: L.partNo, kind: 'text' },
  { field: 'partName', label: L.partName, kind: 'text' },
  { field: 'spec', label: L.spec, kind: 'text' },
  { field: 'supplierName', label: L.supplierName, kind: 'text' },
  { field: 'quantity', label: '数量', kind: 'money' },
  { field: 'currency', label: L.currency, kind: 'text' },
  { field: 'unitPrice', label: L.unitPrice, kind: 'money' },
  { field: 'unitPriceWithTax', label: L.unitPriceWithTax, kind: 'money' },
  { field: 'amount', label: '金额', kind: 'money' },
  { field: 'amountWithTax', label: '含税金额', kind: 'money' },
  { field: 'pricingNo', label: L.pricingNo, kind: 'text' },
  { field: 'inForce', label: '有效价格数', kind: 'int' },
  { field: 'chosenBy', label: '选取方式', kind: 'text', display: { labels: CHOSEN_BY_LABELS } },
  { field: 'result', label: '结果', kind: 'text', display: { labels: BOM_RESULT_LABELS } },
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

/** What the answer was priced under: the day, the rule, the report currency and each rate used. */
export function bomConditions(bom: BomPrice): [string, string][] {
  const rows: [string, string][] = [
    ['计价日', bom.on],
    ['计价规则', PRICE_RULE_LABELS[bom.rule] + (bom.suppliers ? `（${bom.suppliers.join('、')}）` : '')],
    ['折算币种', bom.reportCurrency ?? '不折算'],
  ];
  for (const r of bom.rates) rows.push([`汇率 ${r.currency}（人民币/单位）`, rateText(r)]);
  for (const c of bom.missingRates) rows.push([`汇率 ${c}`, `计价日没有汇率，未折算`]);
  return rows;
}

/** Each line, then one total row per currency (never a sum across currencies), the report total, then the conditions. */
// eslint-disable-next-line @typescript-eslint/require-await -- the writers take an async iterable; these rows are in hand
async function* bomRows(bom: BomPrice): AsyncGenerator<Record<string, unknown>> {
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
      inForce: line.inForce,
      chosenBy: line.chosenBy,
      result: line.result,
      rate: line.rate,
      rateDate: line.rateDate,
      rateSource: line.rateSource,
      amountInReportCurrency: line.amountInReportCurrency,
      amountWithTaxInReportCurrency: line.amountWithTaxInReportCurrency,
    };
  }
  for (const total of bom.totals) {
    yield {
      partNo: `合计（${total.currency}）`,
      currency: total.currency,
      amount: total.amount,
      amountWithTax: total.amountWithTax,
      result: `${total.lines} 行已定价`,
    };
  }
  const report = bom.reportTotal;
  if (report) {
    yield {
      partNo: `折算合计（${report.currency}）`,
      currency: report.currency,
      rateSource: report.rateSource,
      amountInReportCurrency: report.amount,
      amountWithTaxInReportCurrency: report.amountWithTax,
      result: report.linesWithoutRate > 0 ? `${report.lines} 行；${report.linesWithoutRate} 行无汇率未计入` : `${report.lines} 行`,
    };
  }
  yield {};
  for (const [name, value] of bomConditions(bom)) yield { partNo: name, partName: value };
}

/**
 * The priced BOM as a CSV or xlsx download, written as the list exports are (same writers, headers
 * and formula protection), under the same per-caller export slots. Its lines are already in hand.
 */
export async function sendBomExport(
  ctx: Context,
  timeZone: string,
  exportDeps: ExportDeps,
  bom: BomPrice,
  format: ExportFormat,
  name?: string,
): Promise<void> {
  const release = exportDeps.slots?.take(callerKey(ctx)) ?? (() => {});
  try {
    if (format === 'xlsx') await loadExcelJs();
    const stamp = fileStamp(new Date(), timeZone);
    ctx.attachment(`${BOM_FILE_TITLE}-${bom.on}-${stamp}.${format}`, { fallback: `bom-price-${bom.on}-${stamp}.${format}` });
    ctx.type = format === 'csv' ? `${EXPORT_MEDIA_TYPES.csv}; charset=utf-8` : EXPORT_MEDIA_TYPES.xlsx;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Total-Count', String(bom.lines.length));
    const out = new PassThrough();
    ctx.body = out;
    onResponseDone(ctx, release);
    const written =
      format === 'csv'
        ? writeCsv(bomRows(bom), columnsOf(bom), out, { timeZone })
        : writeXlsx(bomRows(bom), columnsOf(bom), out, { sheetName: BOM_FILE_TITLE, timeZone, conditions: bomConditions(bom) });
    written.then(release, (err: unknown) => {
      release();
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  } catch (err) {
    release();
    throw err;
  }
}
