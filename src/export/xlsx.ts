import type { Writable } from 'node:stream';
import type { ValueKind } from '../queries/values.js';
import type { ExportColumn } from './columns.js';
import { wallClockDate } from '../time-zone.js';

const NUMBER_FORMATS: Partial<Record<ValueKind, string>> = {
  int: '0',
  money: '#,##0.00##',
  datetime: 'yyyy-mm-dd hh:mm:ss',
  date: 'yyyy-mm-dd',
};

const WIDTHS: Record<ValueKind, number> = { int: 10, money: 14, datetime: 20, date: 12, text: 18 };

/**
 * A JSON row value as a typed cell: numbers stay numbers, a date becomes a Date cell, a date-time
 * a Date cell showing the wall clock of APP_TIMEZONE (cells have no time zone). Text is always a
 * plain string cell: exceljs only writes a formula for a `{ formula }` object, which we never
 * build, so a text starting with = + - @ is shown, not run.
 */
export function cellValue(kind: ValueKind, value: unknown, timeZone: string): string | number | Date | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'int':
    case 'money':
      return Number(value);
    case 'datetime':
      return wallClockDate(new Date(String(value)), timeZone);
    case 'date':
      return new Date(`${String(value)}T00:00:00.000Z`);
    case 'text':
      return String(value);
  }
}

/**
 * exceljs, loaded on the first .xlsx export: most instances never write one (~12 MB of resident
 * memory). sendExport awaits it before the response starts, so a failure is still an error answer.
 */
export async function loadExcelJs(): Promise<typeof import('exceljs')> {
  return (await import('exceljs')).default;
}

/**
 * Streams rows into an .xlsx with exceljs' WorkbookWriter: each row is committed (serialised and
 * dropped) as it is added, and inline strings (no shared-strings table, which would grow with the
 * rows) keep memory flat. Waiting for `out` to drain carries backpressure back to the batches.
 */
export async function writeXlsx(
  rows: AsyncIterable<Record<string, unknown>>,
  columns: readonly ExportColumn[],
  out: Writable,
  options: { sheetName: string; timeZone: string },
): Promise<void> {
  const ExcelJS = await loadExcelJs(); // already loaded by sendExport: the module cache answers
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    key: c.field,
    width: WIDTHS[c.kind],
    ...(NUMBER_FORMATS[c.kind] ? { style: { numFmt: NUMBER_FORMATS[c.kind] } } : {}),
  }));
  const header = sheet.addRow(columns.map((c) => c.label));
  header.font = { bold: true };
  header.commit();

  for await (const row of rows) {
    if (out.destroyed) return; // the client went away; leaving the loop ends the batches
    sheet.addRow(columns.map((c) => cellValue(c.kind, row[c.field], options.timeZone))).commit();
    if (out.writableNeedDrain) await drained(out);
  }
  if (out.destroyed) return;
  sheet.commit();
  await workbook.commit();
}

function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}
