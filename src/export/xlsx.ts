import type { Writable } from 'node:stream';
import type { stream } from 'exceljs';
import type { ValueKind } from '../queries/values.js';
import { wallClockDate } from '../time-zone.js';
import { shownText, xlsxCellNumberFormat, xlsxDisplayNumberFormat, xlsxValue, type ExportColumn } from './columns.js';
import { fittedWidth, pageHeaderFooter, printSetup } from './sheet-layout.js';

const NUMBER_FORMATS: Partial<Record<ValueKind, string>> = {
  int: '0',
  money: '#,##0.00##',
  datetime: 'yyyy-mm-dd hh:mm:ss',
  date: 'yyyy-mm-dd',
};

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

/** A cell the sheet computes: Excel's formula (A1 references) and the value the service computed, cached for readers that do not recalculate. */
export interface FormulaCell {
  formula: string;
  result: number;
}

/** Where the data rows sit, for the formulas below them: a column's letter by field, the first and last data row. */
export interface DataRange {
  column: (field: string) => string;
  first: number;
  last: number;
}

export interface XlsxOptions {
  sheetName: string;
  timeZone: string;
  /** The 查询条件 sheet: what produced the rows. */
  conditions?: readonly [string, string][];
  /** Lines above the header: a title and what the rows were computed under. */
  heading?: readonly string[];
  /** The printed page's header, left (the sheet's name when absent). */
  title?: string;
  /** Per field, a formula for a data row's cell (its value cached), where the row has a value. */
  formulas?: Readonly<Record<string, (row: number, range: DataRange) => string>>;
  /** Rows below the filter range, after a blank row (totals), given the data range. */
  footer?: (range: DataRange) => Record<string, unknown>[];
}

/** Rows read before any is written, to fit the columns' widths; later rows wrap where longer. */
export const WIDTH_SAMPLE_ROWS = 1000;

/**
 * Streams rows into an .xlsx with exceljs' WorkbookWriter: each row is committed (serialised and
 * dropped) as it is added, and inline strings (no shared-strings table, which would grow with the
 * rows) keep memory flat. Waiting for `out` to drain carries backpressure back to the batches.
 * The first WIDTH_SAMPLE_ROWS rows are held until the columns are sized (their widths precede the
 * rows in the file); the filter covers every data row, set once the last is written.
 */
export async function writeXlsx(
  rows: AsyncIterable<Record<string, unknown>>,
  columns: readonly ExportColumn[],
  out: Writable,
  options: XlsxOptions,
): Promise<void> {
  const WorkbookWriter = await loadExcelJs(); // already loaded by sendExport: the module cache answers
  const iterator = rows[Symbol.asyncIterator]();
  const sample: Record<string, unknown>[] = [];
  let next = await iterator.next();
  for (; !next.done && sample.length < WIDTH_SAMPLE_ROWS; next = await iterator.next()) sample.push(next.value);
  if (out.destroyed) return void (await iterator.return?.());

  const workbook = new WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const heading = options.heading ?? [];
  const headerRow = heading.length > 0 ? heading.length + 2 : 1;
  const stamp = wallClockDate(new Date(), options.timeZone).toISOString().slice(0, 10);
  const sheet = workbook.addWorksheet(options.sheetName, {
    views: [{ state: 'frozen', ySplit: headerRow }],
    pageSetup: printSetup(headerRow),
    headerFooter: pageHeaderFooter(options.title ?? options.sheetName, stamp),
  });
  sheet.columns = columns.map((c) => {
    const numFmt = xlsxDisplayNumberFormat(c) ?? NUMBER_FORMATS[c.kind];
    const width = fittedWidth(
      c.label,
      sample.map((r) => shownText(c, r[c.field], options.timeZone)),
    );
    const alignment = c.kind === 'text' ? { alignment: { wrapText: true, vertical: 'top' as const } } : {};
    return { key: c.field, width, style: { ...(numFmt ? { numFmt } : {}), ...alignment } };
  });
  for (const [i, line] of heading.entries()) {
    const row = sheet.addRow([line]);
    // Overflows into the empty cells beside it, whatever the first column's wrapping.
    row.getCell(1).alignment = { wrapText: false };
    if (i === 0) row.getCell(1).font = { ...BOLD, size: 14 };
    row.commit();
  }
  if (heading.length > 0) sheet.addRow([]).commit();
  const header = sheet.addRow(columns.map((c) => c.label));
  header.font = BOLD;
  header.alignment = { wrapText: true, vertical: 'middle' };
  header.commit();

  const letters = new Map(columns.map((c, i) => [c.field, columnLetter(i + 1)]));
  const column = (field: string) => letters.get(field)!;
  const first = headerRow + 1;
  // Columns whose cells may need a format of their own (a rate of 6.5 % under a 0 % column).
  const percentColumns = columns.flatMap((c, i) => (c.display === 'percent' ? [{ c, cell: i + 1 }] : []));
  const formulas = Object.entries(options.formulas ?? {}).flatMap(([field, formula]) => {
    const at = columns.findIndex((c) => c.field === field);
    return at < 0 ? [] : [{ at, formula }];
  });
  let rowNumber = headerRow;
  const write = (row: Record<string, unknown>) => {
    rowNumber += 1;
    const values: unknown[] = columns.map((c) => xlsxValue(c, row[c.field], options.timeZone));
    for (const { at, formula } of formulas) {
      const result = values[at];
      // Only where the service computed a value: an unpriced line stays empty.
      if (typeof result === 'number')
        values[at] = { formula: formula(rowNumber, { column, first, last: rowNumber }), result } satisfies FormulaCell;
    }
    const added = sheet.addRow(values);
    for (const { c, cell } of percentColumns) {
      const numFmt = xlsxCellNumberFormat(c, row[c.field]);
      if (numFmt) added.getCell(cell).numFmt = numFmt;
    }
    added.commit();
  };

  try {
    for (const row of sample) write(row);
    for (; !next.done; next = await iterator.next()) {
      if (out.destroyed) return; // the client went away; leaving the loop ends the batches
      write(next.value);
      if (out.writableNeedDrain) await drained(out);
    }
  } finally {
    if (out.destroyed) await iterator.return?.();
  }
  if (out.destroyed) return;
  const range: DataRange = { column, first, last: rowNumber };
  // Excel's filter buttons over the header and every data row; not over the totals below.
  const lastColumn = columnLetter(columns.length);
  sheet.autoFilter = `A${headerRow}:${lastColumn}${rowNumber}`;
  defineFilterRange(workbook, 0, `'${options.sheetName.replaceAll("'", "''")}'!$A$${headerRow}:$${lastColumn}$${rowNumber}`);
  const footer = options.footer?.(range) ?? [];
  if (footer.length > 0) sheet.addRow([]).commit();
  for (const row of footer) {
    const added = sheet.addRow(columns.map((c) => (isFormula(row[c.field]) ? row[c.field] : xlsxValue(c, row[c.field], options.timeZone))));
    added.font = BOLD;
    added.commit();
  }
  sheet.commit();
  if (options.conditions) {
    const about = workbook.addWorksheet('查询条件', {
      pageSetup: printSetup(1),
      headerFooter: pageHeaderFooter(`${options.title ?? options.sheetName} 查询条件`, stamp),
    });
    about.columns = [
      {
        width: fittedWidth(
          '条件',
          options.conditions.map(([name]) => name),
        ),
      },
      {
        width: fittedWidth(
          '值',
          options.conditions.map(([, value]) => value),
        ),
        style: { alignment: { wrapText: true, vertical: 'top' } },
      },
    ];
    const head = about.addRow(['条件', '值']);
    head.font = BOLD;
    head.commit();
    // Plain string cells: a filter text starting with = is shown, never run.
    for (const [name, value] of options.conditions) about.addRow([name, value]).commit();
    about.commit();
  }
  await workbook.commit();
}

/** exceljs' default font, named: a bold font without a name falls back to another face in Calc. */
const BOLD = { name: 'Calibri', bold: true };

const isFormula = (v: unknown): v is FormulaCell => typeof v === 'object' && v !== null && 'formula' in v;

/** 1 → A, 27 → AA. */
export function columnLetter(n: number): string {
  let s = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * The sheet's filter range as Excel itself names it (_xlnm._FilterDatabase, local to the sheet):
 * without it LibreOffice shows no filter buttons (exceljs writes the <autoFilter> only). exceljs
 * keeps no sheet-local names of its own but the print titles, and reads `definedNames.model` once,
 * when the workbook is committed: the name is added to what that model gives.
 */
function defineFilterRange(workbook: InstanceType<WorkbookWriter>, localSheetId: number, range: string): void {
  const names = workbook.definedNames;
  const own = names.model;
  Object.defineProperty(names, 'model', {
    configurable: true,
    get: () => [...own, { name: '_xlnm._FilterDatabase', localSheetId, ranges: [range] }],
  });
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
