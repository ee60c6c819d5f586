import type { Fields, ValueDisplay } from '../resources/field.js';
import type { ValueKind } from '../queries/values.js';
import { wallClockDate } from '../time-zone.js';

/** One exported column: the row field, its Chinese header, how its value is typed and shown (src/resources). */
export interface ExportColumn {
  field: string;
  label: string;
  kind: ValueKind;
  display?: ValueDisplay;
  /** The xlsx number format where the kind's is wrong for it (a quantity shows as typed: General). */
  numFmt?: string;
  /**
   * What a null value reads as (a validity without an end: 长期); else an empty cell. A row
   * without the field (undefined: a total row, an unpriced line) stays empty.
   */
  whenNull?: string;
}

/**
 * The named fields in the order named (the page's visible columns), else every field of the row in
 * its order: the columns of the JSON row.
 */
export function exportColumns(fields: Fields, names?: readonly string[] | null): ExportColumn[] {
  return (names ?? Object.keys(fields)).map((field) => {
    const f = fields[field]!;
    return { field, label: f.label, kind: f.type.kind, ...(f.display ? { display: f.display } : {}) };
  });
}

/** 0.13 → 13, 0.065 → 6.5, -0.1234 → -12.34: a rate in per cent, without float noise (rates have 4 decimals). */
function percentOf(rate: number): number {
  return Math.round(rate * 1_000_000) / 10_000;
}

/**
 * A JSON row value as CSV text (null for an empty cell): what the xlsx cell displays. Date-times
 * are the wall clock of APP_TIMEZONE, `2026-09-24 15:09:05`, as the xlsx cells and the staff's
 * own clocks show them (and a form Excel reads as a date-time); numbers stay JSON numbers.
 */
export function csvValue(column: ExportColumn, value: unknown, timeZone: string): string | number | null {
  if (value === undefined) return null;
  if (value === null) return column.whenNull ?? null;
  if (column.display === 'percent') return `${percentOf(Number(value))}%`;
  if (column.display) return column.display.labels[String(value)] ?? String(value);
  if (column.kind === 'datetime') return wallClockText(String(value), timeZone);
  return value as string | number;
}

/**
 * A JSON row value as a typed xlsx cell: numbers stay numbers (a rate stays 0.13, shown as 13 %
 * by xlsxDisplayNumberFormat, so formulas still compute with it), a date becomes a Date cell, a date-time
 * a Date cell showing the wall clock of APP_TIMEZONE (cells have no time zone). Text is always a
 * plain string cell: exceljs only writes a formula for a `{ formula }` object, which we never
 * build, so a text starting with = + - @ is shown, not run.
 */
export function xlsxValue(column: ExportColumn, value: unknown, timeZone: string): string | number | Date | null {
  if (value === undefined) return null;
  if (value === null) return column.whenNull ?? null;
  if (column.display && column.display !== 'percent') return column.display.labels[String(value)] ?? String(value);
  switch (column.kind) {
    case 'int':
    case 'money':
    case 'rate':
    case 'fx':
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
 * A cell's own number format where the column's cannot show it as the CSV does: a rate with a
 * fraction of a per cent (6.5 %) under a whole-per-cent column format.
 */
export function xlsxCellNumberFormat(column: ExportColumn, value: unknown): string | undefined {
  if (column.display !== 'percent' || value === null || value === undefined) return undefined;
  return Number.isInteger(percentOf(Number(value))) ? undefined : '0.0#%';
}

/**
 * Money as the page shows it (web/src/money.ts, the table in docs/frontend.md): every money column
 * of the two lists is a price per unit or a cost that adds up to one, so four decimals with
 * thousands separators; a sum of money would be `#,##0.00`. The cell keeps the full value.
 */
const UNIT_PRICE_FORMAT = '#,##0.0000';
/** An exchange rate with its digits as the finance system wrote them, up to 8 decimals. */
const EXCHANGE_RATE_FORMAT = '0.0000####';

/** The column's number format where it is not its kind's (a rate, money), if it has one of its own. */
export function xlsxDisplayNumberFormat(column: ExportColumn): string | undefined {
  if (column.numFmt) return column.numFmt;
  if (column.display === 'percent') return '0%';
  if (column.kind === 'fx') return EXCHANGE_RATE_FORMAT;
  return column.kind === 'money' ? UNIT_PRICE_FORMAT : undefined;
}

const FOUR_PLACES = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/**
 * A value as its xlsx cell shows it, to size the column: money in the unit-price format, a rate
 * with its 8 decimals, a date-time in full; the rest as the CSV writes it.
 */
export function shownText(column: ExportColumn, value: unknown, timeZone: string): string {
  if (value === undefined) return '';
  if (value === null) return column.whenNull ?? '';
  if (column.display || column.numFmt) return String(csvValue(column, value, timeZone));
  switch (column.kind) {
    case 'money':
      return FOUR_PLACES.format(Number(value));
    case 'fx':
      return Number(value).toFixed(8);
    case 'date':
      return '0000-00-00';
    case 'datetime':
      return '0000-00-00 00:00:00';
    default:
      return String(csvValue(column, value, timeZone));
  }
}

function wallClockText(iso: string, timeZone: string): string {
  return wallClockDate(new Date(iso), timeZone).toISOString().slice(0, 19).replace('T', ' ');
}
