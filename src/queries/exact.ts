import { divideRounded, numberFromUnits } from './values.js';

/**
 * Exact decimal arithmetic on whole units (1e-4 for money and quantities, 1e-8 for exchange
 * rates) in bigint: products are kept whole and rounded once, half away from zero, at the end.
 */

/** Whole ten-thousandths of a JSON number with at most 4 decimals, exactly. */
export const units = (value: number): bigint => BigInt(Math.round(value * 10_000));

/** `value` with its last `dropped` decimal places removed, rounded half away from zero (1e-12 → 1e-4: dropped 8). */
export function scaledUnits(value: bigint, dropped: number): bigint {
  return divideRounded(value, 10n ** BigInt(dropped));
}

/** quantity × price, both in ten-thousandths, rounded to ten-thousandths half away from zero. */
export function productUnits(quantity: number, price: number): bigint {
  return scaledUnits(units(quantity) * units(price), 4);
}

/** Whole units of 10^-places as the JSON number of that decimal. */
export const fromUnits = (value: bigint, places: number): number => numberFromUnits(value, places);
