import type { CSSProperties } from 'react';

/**
 * Money as every table, details page and chart of the page shows it: a fixed number of decimals
 * by what the value is, so a right-aligned column lines up, with zh-CN thousands separators.
 * Which field is which kind: docs/frontend.md. The xlsx export writes the same decimals
 * (src/export/columns.ts) and keeps the full value; JSON and CSV keep the value as it is.
 */
export type MoneyKind = 'price' | 'amount';

const FORMATS: Record<MoneyKind, Intl.NumberFormat> = {
  // A price per unit, or a cost that adds up to one: the columns hold 4 decimals and the data uses them.
  price: new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 }),
  // A sum of money in cents (no field of the page is one yet).
  amount: new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

export function formatMoney(value: number | null | undefined, kind: MoneyKind): string {
  return value === null || value === undefined ? '-' : FORMATS[kind].format(value);
}

const CHANGES: Record<MoneyKind, Intl.NumberFormat> = {
  price: new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4, signDisplay: 'exceptZero' }),
  amount: new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }),
};

/**
 * A difference of money (this − base): the same decimals as the values it is the difference of,
 * and a sign either way (+0.7550, -11.6336), so a rise never reads as a value.
 */
export function formatMoneyChange(value: number | null | undefined, kind: MoneyKind): string {
  return value === null || value === undefined ? '-' : CHANGES[kind].format(value);
}

const TICK = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** A chart axis tick: a round number reads better there than four zeros. */
export function formatMoneyTick(value: number): string {
  return TICK.format(value);
}

/**
 * A money cell: right-aligned, and figures of equal width, so that the decimal points line up
 * whatever the font's own digits.
 */
export const MONEY_CELL: CSSProperties = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };
