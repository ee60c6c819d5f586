import { COST_TYPES, type CostType, type PricingStatus } from '../../domain.js';
import type { QueryDeps } from '../deps.js';
import { run } from '../run.js';
import { mapRow, rateOf, round4, selectColumns, type Column } from '../values.js';
import { approvedBefore } from './pricing-change.js';
import type { DetailLine } from '../../resources/detail-line.js';
import { buildDetailLinesQuery, DETAIL_LINE_COLUMNS } from './pricing-details.js';

/**
 * The quote comparison (docs/api.md): one pricing beside another of the same part, its base: by
 * default the previous approved pricing (previousApprovedPrice's rule), or one chosen by id.
 * Every difference is pricing − base, every rate that difference / base (4 places, half away
 * from zero, null where the base is 0), computed in whole ten-thousandths.
 */

export interface ComparedPricing {
  id: number;
  pricingNo: string;
  supplierCode: string;
  supplierName: string;
  status: PricingStatus;
  currency: string;
  unitPrice: number;
  pricedAt: string;
}

export interface Difference {
  amount: number;
  baseAmount: number | null;
  difference: number | null;
  differenceRate: number | null;
}

export interface CostTypeDifference extends Difference {
  costType: CostType;
}

export interface ComparedLine {
  lineNo: number;
  spec: string | null;
  quantity: number;
  unit: string;
  unitPrice: number;
  amount: number;
}

export interface LineComparison {
  costType: CostType;
  itemName: string;
  /** 'both', or the one side the line is on: 'pricing' (new in it) or 'base' (gone from it). */
  side: 'both' | 'pricing' | 'base';
  line: ComparedLine | null;
  baseLine: ComparedLine | null;
  amount: number | null;
  baseAmount: number | null;
  difference: number;
  differenceRate: number | null;
}

export interface PricingComparison {
  pricing: ComparedPricing;
  base: ComparedPricing | null;
  baseChosen: 'previous-approved' | 'by-id';
  unitPrice: Difference;
  byCostType: CostTypeDifference[];
  lineTotal: Difference;
  lines: LineComparison[];
}

/** Why there is no comparison: a pricing that does not exist, or a base of another part. */
export type CompareFailure = { missing: 'pricingId' | 'basePricingId' } | { otherPart: true };

const COMPARED_COLUMNS = [
  { field: 'id', sql: 'q.id', kind: 'int' },
  { field: 'pricingNo', sql: 'q.pricing_no', kind: 'text' },
  { field: 'supplierCode', sql: 'q.supplier_code', kind: 'text' },
  { field: 'supplierName', sql: 'q.supplier_name', kind: 'text' },
  { field: 'status', sql: 'q.status', kind: 'text' },
  { field: 'currency', sql: 'q.currency', kind: 'text' },
  { field: 'unitPrice', sql: 'q.unit_price', kind: 'money' },
  { field: 'pricedAt', sql: 'q.priced_at', kind: 'datetime' },
] as const satisfies readonly Column[];

async function comparedPricing(deps: QueryDeps, id: number): Promise<{ pricing: ComparedPricing; partId: number } | null> {
  const query = selectColumns(deps.db({ q: 'pricing' }), COMPARED_COLUMNS)
    .select({ partId: 'q.part_id' })
    .where('q.id', id);
  const [raw] = await run<Record<string, unknown>[]>(deps, query);
  return raw ? { pricing: mapRow<ComparedPricing>(COMPARED_COLUMNS, raw), partId: Number(raw.partId) } : null;
}

export async function queryPricingComparison(
  deps: QueryDeps,
  pricingId: number,
  basePricingId?: number,
): Promise<PricingComparison | CompareFailure> {
  const found = await comparedPricing(deps, pricingId);
  if (!found) return { missing: 'pricingId' };
  let base: ComparedPricing | null = null;
  if (basePricingId !== undefined) {
    const chosen = await comparedPricing(deps, basePricingId);
    if (!chosen) return { missing: 'basePricingId' };
    if (chosen.partId !== found.partId) return { otherPart: true };
    base = chosen.pricing;
  } else {
    const previous = selectColumns(approvedBefore(deps.db, pricingId), COMPARED_COLUMNS)
      .orderBy('q.priced_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(1);
    const [raw] = await run<Record<string, unknown>[]>(deps, previous);
    base = raw ? mapRow<ComparedPricing>(COMPARED_COLUMNS, raw) : null;
  }
  const linesOf = async (id: number) =>
    (await run<Record<string, unknown>[]>(deps, buildDetailLinesQuery(deps, id))).map((r) => mapRow<DetailLine>(DETAIL_LINE_COLUMNS, r));
  const lines = await linesOf(pricingId);
  const baseLines = base ? await linesOf(base.id) : [];
  return {
    pricing: found.pricing,
    base,
    baseChosen: basePricingId !== undefined ? 'by-id' : 'previous-approved',
    unitPrice: difference(found.pricing.unitPrice, base ? base.unitPrice : null),
    byCostType: COST_TYPES.map((costType) => ({
      costType,
      ...difference(sum(lines.filter((l) => l.costType === costType)), base ? sum(baseLines.filter((l) => l.costType === costType)) : null),
    })),
    lineTotal: difference(sum(lines), base ? sum(baseLines) : null),
    lines: matchLines(lines, baseLines),
  };
}

/** Money sums in whole ten-thousandths, so that they add up as decimal(18,4) does. */
function sum(lines: readonly DetailLine[]): number {
  return round4(lines.reduce((s, l) => s + Math.round(l.amount * 10_000), 0) / 10_000);
}

function minus(a: number, b: number): number {
  return round4((Math.round(a * 10_000) - Math.round(b * 10_000)) / 10_000);
}

function difference(amount: number, baseAmount: number | null): Difference {
  if (baseAmount === null) return { amount, baseAmount, difference: null, differenceRate: null };
  return { amount, baseAmount, difference: minus(amount, baseAmount), differenceRate: rateOf(amount, baseAmount) };
}

/** A line's key: its cost type and its item name trimmed of white space at both ends. */
function keyOf(line: DetailLine): string {
  return `${line.costType}\u0000${line.itemName.trim()}`;
}

function compared(line: DetailLine): ComparedLine {
  return { lineNo: line.lineNo, spec: line.spec, quantity: line.quantity, unit: line.unit, unitPrice: line.unitPrice, amount: line.amount };
}

/**
 * Lines matched on (cost type, trimmed item name): the n-th line of a key on one side (by lineNo)
 * with the n-th of that key on the other. The pricing's lines in lineNo order, each with its
 * match, then the base's lines that have none, in theirs. A line on one side only is compared
 * with 0: its whole amount is the difference (its rate null, or -1 for a line gone from the base).
 */
function matchLines(lines: readonly DetailLine[], baseLines: readonly DetailLine[]): LineComparison[] {
  const unmatched = new Map<string, DetailLine[]>();
  for (const l of baseLines) unmatched.set(keyOf(l), [...(unmatched.get(keyOf(l)) ?? []), l]);
  const out: LineComparison[] = [];
  for (const l of lines) {
    const match = unmatched.get(keyOf(l))?.shift();
    out.push(pair(l, match ?? null));
  }
  const left = new Set([...unmatched.values()].flat());
  for (const b of baseLines) if (left.has(b)) out.push(pair(null, b));
  return out;
}

function pair(line: DetailLine | null, baseLine: DetailLine | null): LineComparison {
  const amount = line ? line.amount : null;
  const baseAmount = baseLine ? baseLine.amount : null;
  const known = (line ?? baseLine)!;
  return {
    costType: known.costType,
    itemName: known.itemName,
    side: line && baseLine ? 'both' : line ? 'pricing' : 'base',
    line: line && compared(line),
    baseLine: baseLine && compared(baseLine),
    amount,
    baseAmount,
    difference: minus(amount ?? 0, baseAmount ?? 0),
    differenceRate: rateOf(amount ?? 0, baseAmount ?? 0),
  };
}
