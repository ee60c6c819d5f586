import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { BOM_RESULT_LABELS } from '../domain.js';
import { callerKey } from '../http/caller-key.js';
import { onResponseDone } from '../http/response-done.js';
import type { BomPrice } from '../queries/operations/bom-price.js';
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
  { field: 'result', label: '结果', kind: 'text', display: { labels: BOM_RESULT_LABELS } },
];

/** Each line, then one total row per currency (never a sum across currencies). */
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
      result: line.result,
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
        ? writeCsv(bomRows(bom), BOM_COLUMNS, out, { timeZone })
        : writeXlsx(bomRows(bom), BOM_COLUMNS, out, { sheetName: BOM_FILE_TITLE, timeZone });
    written.then(release, (err: unknown) => {
      release();
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  } catch (err) {
    release();
    throw err;
  }
}
