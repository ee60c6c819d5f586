import type { Knex } from 'knex';
import type { BomResult } from '../../domain.js';
import type { QueryDeps } from '../deps.js';
import { joinParts, whereInForceOn } from '../predicates.js';
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

/**
 * Each part's price on `day`: its in-force pricing with the latest priced_at, then the higher id.
 * One statement for all the parts (a window per part), however many lines the BOM has.
 */
function priceInForceIds(db: Knex, partIds: readonly number[], day: string): Knex.QueryBuilder {
  const ranked = whereInForceOn(
    db('pricing')
      .select('pricing.id', 'pricing.part_id')
      .select(
        db.raw('row_number() over (partition by ?? order by ?? desc, ?? desc) as ??', [
          'pricing.part_id',
          'pricing.priced_at',
          'pricing.id',
          'place',
        ]),
      )
      .whereIn('pricing.part_id', partIds),
    day,
  );
  return db.from(ranked.as('ranked')).select('ranked.id', 'ranked.part_id').where('ranked.place', 1);
}

/** The list's rows of these pricings, previous approved price and change rate included. */
function pricingRowsById(db: Knex, ids: readonly number[]): Knex.QueryBuilder {
  const qb = db('pricing');
  joinParts(qb, 'pricing.part_id', { filtersOnParts: false });
  joinPreviousApproved(qb);
  return selectColumns(qb, PRICING_COLUMNS).whereIn('pricing.id', ids);
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
 * and without tax, exact to 4 decimals) and a total per currency. Three statements whatever the
 * number of lines: the parts, the prices in force, their rows.
 */
export async function priceBom(deps: QueryDeps, lines: readonly BomLineRequest[], day: string): Promise<BomPrice> {
  const partNos = [...new Set(lines.map((l) => l.partNo))];
  const parts = await run<{ id: number | string; part_no: string }[]>(
    deps,
    deps.db('parts').select('parts.id', 'parts.part_no').whereIn('parts.part_no', partNos),
  );
  const partIdByNo = new Map(parts.map((p) => [p.part_no, Number(p.id)]));
  const inForce =
    partIdByNo.size === 0
      ? []
      : await run<{ id: number | string; part_id: number | string }[]>(deps, priceInForceIds(deps.db, [...partIdByNo.values()], day));
  const rows =
    inForce.length === 0
      ? []
      : await run<Record<string, unknown>[]>(
          deps,
          pricingRowsById(
            deps.db,
            inForce.map((r) => Number(r.id)),
          ),
        );
  const rowById = new Map(rows.map((r) => [Number(r.id), mapRow<PricingRow>(PRICING_COLUMNS, r)]));
  const pricingByPart = new Map(inForce.map((r) => [Number(r.part_id), rowById.get(Number(r.id)) ?? null]));

  const totals = new Map<string, { lines: number; amount: bigint; amountWithTax: bigint }>();
  const priced = lines.map((line, i): BomLine => {
    const partId = partIdByNo.get(line.partNo);
    const pricing = partId === undefined ? null : (pricingByPart.get(partId) ?? null);
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
