import type { Knex } from 'knex';
import type { BomResult } from '../../domain.js';
import type { QueryDeps } from '../deps.js';
import { joinParts, whereInForceOn, whereInList } from '../predicates.js';
import { run } from '../run.js';
import { mapRow, selectColumns } from '../values.js';
import { joinPreviousApproved } from './pricing-change.js';
import { type PricingRow } from '../../resources/pricing.js';
import { PRICING_COLUMNS } from './pricing.js';

export interface BomLineRequest {
  partNo: string;
  quantity: number;
}

export type BomLineResult = BomResult;

export interface BomLine {
  lineNo: number;
  partNo: string;
  quantity: number;
  result: BomLineResult;
  /** The part's price in force on the BOM's day, as the list returns the row; null where not priced. */
  pricing: PricingRow | null;
  amount: number | null;
  amountWithTax: number | null;
}

export interface BomTotal {
  currency: string;
  lines: number;
  amount: number;
  amountWithTax: number;
}

export interface BomPrice {
  on: string;
  lines: BomLine[];
  totals: BomTotal[];
}

/** The ids of these part numbers (exact), in one statement however many. */
export function partsByNo(db: Knex, partNos: readonly string[]): Knex.QueryBuilder {
  return whereInList(db('parts').select('parts.id', 'parts.part_no'), 'parts.part_no', partNos);
}

/**
 * The list's rows (previous approved price and change rate included) of each part's price on `day`:
 * its in-force pricing with the latest priced_at, then the higher id. One statement for all the
 * parts, however many lines the BOM has: the parts' approved rows from
 * pricing_part_status_priced_index (which carries valid_from and valid_to), numbered per part by a
 * window, the first kept. Measured at 1M pricings, the window planned as well as or better than a
 * correlated top-1 per part on SQLite, PostgreSQL and Babelfish (bench/README.md "BOM").
 */
export function pricesInForce(db: Knex, partIds: readonly number[], day: string): Knex.QueryBuilder {
  const ranked = whereInList(
    whereInForceOn(
      db({ f: 'pricing' })
        .select('f.id')
        .select(
          db.raw('row_number() over (partition by ?? order by ?? desc, ?? desc) as ??', ['f.part_id', 'f.priced_at', 'f.id', 'place']),
        ),
      day,
      'f',
    ),
    'f.part_id',
    partIds,
    'integer',
  );
  const qb = db('pricing');
  joinParts(qb, 'pricing.part_id', { filtersOnParts: false });
  joinPreviousApproved(qb);
  return selectColumns(qb, PRICING_COLUMNS).whereIn(
    'pricing.id',
    db.from(ranked.as('ranked')).select('ranked.id').where('ranked.place', 1),
  );
}

/** Whole ten-thousandths of a value with at most 4 decimals, exactly. */
const units = (value: number): bigint => BigInt(Math.round(value * 10_000));

/** quantity × price, both in ten-thousandths, rounded to ten-thousandths half away from zero. */
function productUnits(quantity: number, price: number): bigint {
  const p = units(quantity) * units(price);
  const magnitude = ((p < 0n ? -p : p) + 5_000n) / 10_000n;
  return p < 0n ? -magnitude : magnitude;
}

const fromUnits = (u: bigint): number => Number(u) / 10_000;

/**
 * Prices a BOM on `day`: every line's part price in force, the amounts (quantity × unit price, with
 * and without tax, exact to 4 decimals) and a total per currency. Two statements whatever the
 * number of lines: the parts, then the rows of the prices in force.
 */
export async function priceBom(deps: QueryDeps, lines: readonly BomLineRequest[], day: string): Promise<BomPrice> {
  const partNos = [...new Set(lines.map((l) => l.partNo))];
  const parts = await run<{ id: number | string; part_no: string }[]>(deps, partsByNo(deps.db, partNos));
  const partIdByNo = new Map(parts.map((p) => [p.part_no, Number(p.id)]));
  const rows =
    partIdByNo.size === 0 ? [] : await run<Record<string, unknown>[]>(deps, pricesInForce(deps.db, [...partIdByNo.values()], day));
  // parts.part_no is unique: a row's partNo names its part.
  const pricingByNo = new Map(rows.map((r) => mapRow<PricingRow>(PRICING_COLUMNS, r)).map((row) => [row.partNo, row] as const));

  const totals = new Map<string, { lines: number; amount: bigint; amountWithTax: bigint }>();
  const priced = lines.map((line, i): BomLine => {
    const partId = partIdByNo.get(line.partNo);
    const pricing = partId === undefined ? null : (pricingByNo.get(line.partNo) ?? null);
    const base = { lineNo: i + 1, partNo: line.partNo, quantity: line.quantity };
    if (!pricing)
      return { ...base, result: partId === undefined ? 'unknown-part' : 'no-price', pricing: null, amount: null, amountWithTax: null };
    const amount = productUnits(line.quantity, pricing.unitPrice);
    const amountWithTax = productUnits(line.quantity, pricing.unitPriceWithTax);
    const total = totals.get(pricing.currency) ?? { lines: 0, amount: 0n, amountWithTax: 0n };
    totals.set(pricing.currency, {
      lines: total.lines + 1,
      amount: total.amount + amount,
      amountWithTax: total.amountWithTax + amountWithTax,
    });
    return { ...base, result: 'priced', pricing, amount: fromUnits(amount), amountWithTax: fromUnits(amountWithTax) };
  });
  return {
    on: day,
    lines: priced,
    totals: [...totals]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, t]) => ({ currency, lines: t.lines, amount: fromUnits(t.amount), amountWithTax: fromUnits(t.amountWithTax) })),
  };
}
