import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { csvValue, type ExportColumn } from './columns.js';

/**
 * CSV as Excel opens it: UTF-8 with a BOM (otherwise Excel guesses GBK and garbles Chinese),
 * CRLF line ends, a Chinese header row. Values read as the xlsx cells show them (columns.ts
 * csvValue): codes as their Chinese names, rates in per cent, date-times in APP_TIMEZONE.
 * `escape_formulas` prefixes a text cell that starts with = + - @ (tab, CR and their full-width
 * forms too) with a quote so that a spreadsheet shows it instead of running it; csv-stringify
 * leaves numbers alone, so -1.5 stays -1.5, and so are the per cent texts we write from numbers
 * (-12.34% is a number to a spreadsheet, never a formula). The texts come from the system that writes the
 * tables: a bare CR or LF inside one must be quoted too, or a reader starts a new record there
 * (and its next cell, unprefixed, could be a formula). With a CRLF record delimiter csv-stringify
 * quotes only fields holding CRLF unless `quote_record_delimiter` says otherwise.
 *
 * pipeline() carries backpressure from the client to the row source, and when the client goes
 * away it destroys the source, which ends the database batches.
 */
export async function writeCsv(
  rows: AsyncIterable<Record<string, unknown>>,
  columns: readonly ExportColumn[],
  out: Writable,
  options: { timeZone: string },
): Promise<void> {
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map((c) => ({ key: c.field, header: c.label })),
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
    // A cell given as { value, …options } carries options of its own (a per cent text, below).
    cast: { object: (value) => value as unknown as string },
  });
  await pipeline(Readable.from(displayed(rows, columns, options.timeZone)), csv, out);
}

async function* displayed(rows: AsyncIterable<Record<string, unknown>>, columns: readonly ExportColumn[], timeZone: string) {
  for await (const row of rows) {
    const shown: Record<string, unknown> = {};
    for (const c of columns) {
      const value = csvValue(c, row[c.field], timeZone);
      shown[c.field] = c.display === 'percent' && typeof value === 'string' ? { value, escape_formulas: false } : value;
    }
    yield shown;
  }
}
