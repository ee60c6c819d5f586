import type { Writable } from 'node:stream';
import type { stream } from 'exceljs';
import type { ValueKind } from '../queries/values.js';
import { xlsxCellNumberFormat, xlsxDisplayNumberFormat, xlsxValue, type ExportColumn } from './columns.js';

const NUMBER_FORMATS: Partial<Record<ValueKind, string>> = {
  int: '0',
  money: '#,##0.00##',
  datetime: 'yyyy-mm-dd hh:mm:ss',
  date: 'yyyy-mm-dd',
};

const WIDTHS: Record<ValueKind, number> = { int: 10, money: 14, rate: 10, fx: 12, datetime: 20, date: 12, text: 18 };

type WorkbookWriter = typeof stream.xlsx.WorkbookWriter;

/**
 * The one part of exceljs that exports use. Its entry point also loads the workbook reader
 * (unzipper) and the in-memory workbook (jszip): three times the code, compiled in one block of
 * the event loop. Not a documented entry point: test/export.test.ts reads every export back with
 * the whole exceljs, so a change of its layout fails there.
 */
const WORKBOOK_WRITER = 'exceljs/lib/stream/xlsx/workbook-writer.js';

/**
 * exceljs' streaming WorkbookWriter. The server preloads it once it listens (server.ts), so the
 * first export does not stall the requests around it; sendExport awaits it before the response
 * starts, so a failure is still an error answer.
 */
export async function loadExcelJs(): Promise<WorkbookWriter> {
  return ((await import(WORKBOOK_WRITER)) as { default: WorkbookWriter }).default;
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
  options: { sheetName: string; timeZone: string; conditions?: readonly [string, string][] },
): Promise<void> {
  const WorkbookWriter = await loadExcelJs(); // already loaded by sendExport: the module cache answers
  const workbook = new WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => {
    const numFmt = xlsxDisplayNumberFormat(c) ?? NUMBER_FORMATS[c.kind];
    return { key: c.field, width: WIDTHS[c.kind], ...(numFmt ? { style: { numFmt } } : {}) };
  });
  // Columns whose cells may need a format of their own (a rate of 6.5 % under a 0 % column).
  const percentColumns = columns.flatMap((c, i) => (c.display === 'percent' ? [{ c, cell: i + 1 }] : []));
  // Excel's filter buttons on the header, over every column (the range grows with the rows).
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.addRow(columns.map((c) => c.label));
  header.font = { bold: true };
  header.commit();

  for await (const row of rows) {
    if (out.destroyed) return; // the client went away; leaving the loop ends the batches
    const added = sheet.addRow(columns.map((c) => xlsxValue(c, row[c.field], options.timeZone)));
    for (const { c, cell } of percentColumns) {
      const numFmt = xlsxCellNumberFormat(c, row[c.field]);
      if (numFmt) added.getCell(cell).numFmt = numFmt;
    }
    added.commit();
    if (out.writableNeedDrain) await drained(out);
  }
  if (out.destroyed) return;
  sheet.commit();
  if (options.conditions) {
    const about = workbook.addWorksheet('查询条件');
    about.columns = [{ width: 18 }, { width: 80 }];
    const head = about.addRow(['条件', '值']);
    head.font = { bold: true };
    head.commit();
    // Plain string cells: a filter text starting with = is shown, never run.
    for (const [name, value] of options.conditions) about.addRow([name, value]).commit();
    about.commit();
  }
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
