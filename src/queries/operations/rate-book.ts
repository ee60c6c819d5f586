import type { RateSource } from '../../domain.js';
import { decimalUnits, divideRounded, numberFromUnits } from '../values.js';
import { BASE_CURRENCY, type RateInForce } from './exchange-rates.js';

export { BASE_CURRENCY };

/** A rate an answer used, as it states it. */
export interface UsedRate {
  currency: string;
  /** CNY for one unit. */
  rateToCny: number;
  /** The table row's valid_from; null for an assumed rate. */
  rateDate: string | null;
  source: RateSource;
}

/** Target currency for one unit of the source currency, in whole hundred-millionths. */
export interface Factor {
  units: bigint;
  /** The latest valid_from of the rates it came from; null when no table rate was used. */
  rateDate: string | null;
  /** null when source and target are the same currency. */
  source: RateSource | null;
}

const ONE = 100_000_000n; // 1 in hundred-millionths

interface ToCny {
  units: bigint;
  rateDate: string | null;
  source: RateSource | null;
}

/**
 * The rates of one answer: the table's in force on its day, each replaced by an assumed one where
 * the caller gave it. It remembers which rates were used and which were needed but missing, so that
 * the answer states both. A stored rate that is not positive counts as missing.
 */
export class RateBook {
  private readonly usedRates = new Map<string, UsedRate>();
  private readonly missingRates = new Set<string>();

  constructor(
    private readonly table: ReadonlyMap<string, RateInForce>,
    private readonly whatIf: Readonly<Record<string, number>>,
  ) {}

  /** Whether the day has a rate for `currency` (CNY always does). */
  knows(currency: string): boolean {
    return currency === BASE_CURRENCY || Object.hasOwn(this.whatIf, currency) || (this.table.get(currency)?.units ?? 0n) > 0n;
  }

  /** Each currency's CNY rate as first looked up: an answer asks the same few thousands of times. */
  private readonly known = new Map<string, ToCny | null>();
  private readonly factors = new Map<string, Factor | null>();

  private toCny(currency: string): ToCny | null {
    let rate = this.known.get(currency);
    if (rate === undefined) this.known.set(currency, (rate = this.lookUp(currency)));
    return rate;
  }

  private lookUp(currency: string): ToCny | null {
    if (currency === BASE_CURRENCY) return { units: ONE, rateDate: null, source: null };
    if (Object.hasOwn(this.whatIf, currency)) {
      const units = decimalUnits(String(this.whatIf[currency]), 8);
      this.usedRates.set(currency, { currency, rateToCny: numberFromUnits(units, 8), rateDate: null, source: 'what-if' });
      return { units, rateDate: null, source: 'what-if' };
    }
    const row = this.table.get(currency);
    if (!row || row.units <= 0n) {
      this.missingRates.add(currency);
      return null;
    }
    this.usedRates.set(currency, { currency, rateToCny: numberFromUnits(row.units, 8), rateDate: row.validFrom, source: 'table' });
    return { units: row.units, rateDate: row.validFrom, source: 'table' };
  }

  /**
   * `to` for one unit of `from`: exact when either is CNY, else the two CNY rates' quotient rounded
   * half away from zero to 8 decimals. null when a rate is missing.
   */
  factor(from: string, to: string): Factor | null {
    const key = `${from}>${to}`;
    let factor = this.factors.get(key);
    if (factor === undefined) this.factors.set(key, (factor = this.quotient(from, to)));
    return factor;
  }

  private quotient(from: string, to: string): Factor | null {
    if (from === to) return { units: ONE, rateDate: null, source: null };
    const [f, t] = [this.toCny(from), this.toCny(to)];
    if (!f || !t) return null;
    const units = t.units === ONE ? f.units : divideRounded(f.units * ONE, t.units);
    const dates = [f.rateDate, t.rateDate].filter((d): d is string => d !== null).sort();
    const source: RateSource = f.source === 'what-if' || t.source === 'what-if' ? 'what-if' : 'table';
    return { units, rateDate: dates.at(-1) ?? null, source };
  }

  /** A value in whole units of any scale, converted at factor(from, to) and rounded to the same scale. */
  convert(value: bigint, from: string, to: string): bigint | null {
    const factor = this.factor(from, to);
    if (!factor) return null;
    return factor.units === ONE ? value : divideRounded(value * factor.units, ONE);
  }

  /** price × its CNY rate, unrounded (the scale × 1e8): exact, to compare prices of different currencies. */
  cnyValue(price: bigint, currency: string): bigint | null {
    const rate = this.toCny(currency);
    return rate && price * rate.units;
  }

  used(): UsedRate[] {
    return [...this.usedRates.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
  }

  missing(): string[] {
    return [...this.missingRates].sort();
  }
}
