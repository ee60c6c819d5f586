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
  const [q, p] = [Math.round(quantity * 10_000), Math.round(price * 10_000)];
  const product = q * p;
  // Exact in doubles while the product and its doubled remainder stay below 2^53 (every ordinary BOM line).
  if (Math.abs(product) < 2 ** 52) {
    const magnitude = Math.floor((Math.abs(product) + 5_000) / 10_000);
    return BigInt(product < 0 ? -magnitude : magnitude);
  }
  return scaledUnits(BigInt(q) * BigInt(p), 4);
}

/** Whole units of 10^-places as the JSON number of that decimal. */
export const fromUnits = (value: bigint, places: number): number => numberFromUnits(value, places);
