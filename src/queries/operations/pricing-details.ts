import type { Knex } from 'knex';
import { COST_TYPES, type CostType } from '../../domain.js';
import { PRICING_COLUMNS } from './pricing.js';
import { columnsOf } from '../../resources/field.js';
import { DETAIL_LINE_FIELDS, type DetailLine } from '../../resources/detail-line.js';
import type { PricingRow } from '../../resources/pricing.js';
import { joinPreviousApproved } from './pricing-change.js';
import type { QueryDeps } from '../deps.js';
import { run } from '../run.js';
import { mapRow, round4, selectColumns } from '../values.js';

/** A cost line's SELECT list (src/resources/detail-line.ts declares its fields). */
export const DETAIL_LINE_COLUMNS = columnsOf(DETAIL_LINE_FIELDS);

export interface DetailSummary {
  byCostType: Record<CostType, number>;
  detailTotal: number;
  unitPrice: number;
  difference: number;
  consistent: boolean;
}

export interface PricingDetails {
  pricing: PricingRow;
  details: DetailLine[];
  summary: DetailSummary;
}

/** Exactly one of these picks the pricing (the route's schema guarantees it). */
export type DetailsSelector = { pricingId: number } | { pricingNo: string } | { partNo: string };

/** The header row's query (at most one row); exported so that tests can compile it per dialect. */
export function buildPricingHeaderQuery(deps: QueryDeps, selector: DetailsSelector): Knex.QueryBuilder {
  const headerQuery = selectColumns(joinPreviousApproved(deps.db('pricing').join('parts', 'parts.id', 'pricing.part_id')), PRICING_COLUMNS);
  if ('pricingId' in selector) {
    headerQuery.where('pricing.id', selector.pricingId);
  } else if ('pricingNo' in selector) {
    headerQuery.where('pricing.pricing_no', selector.pricingNo);
  } else {
    // "That part's most recent approved pricing": newest priced_at, the higher id on a tie.
    headerQuery
      .where('parts.part_no', selector.partNo)
      .where('pricing.status', 'approved')
      .orderBy('pricing.priced_at', 'desc')
      .orderBy('pricing.id', 'desc');
  }
  headerQuery.limit(1);
  return headerQuery;
}

/** Whether a part with exactly this number exists: why `partNo` found no approved pricing. */
export async function partExists(deps: QueryDeps, partNo: string): Promise<boolean> {
  const rows = await run<unknown[]>(deps, deps.db('parts').select('parts.id').where('parts.part_no', partNo).limit(1));
  return rows.length > 0;
}

/** The cost lines of one pricing, in line order. */
export function buildDetailLinesQuery(deps: QueryDeps, pricingId: number): Knex.QueryBuilder {
  return selectColumns(deps.db('pricing_details'), DETAIL_LINE_COLUMNS)
    .where('pricing_details.pricing_id', pricingId)
    .orderBy('pricing_details.line_no', 'asc');
}

export async function queryPricingDetails(deps: QueryDeps, selector: DetailsSelector): Promise<PricingDetails | null> {
  const headerQuery = buildPricingHeaderQuery(deps, selector);
  // By id the lines need not wait for the header: both statements go at once, one round trip.
  const linesById =
    'pricingId' in selector ? run<Record<string, unknown>[]>(deps, buildDetailLinesQuery(deps, selector.pricingId)) : undefined;
  linesById?.catch(() => undefined); // awaited below unless the header fails first
  const [rawHeader] = await run<Record<string, unknown>[]>(deps, headerQuery);
  if (!rawHeader) return null;
  const pricing = mapRow<PricingRow>(PRICING_COLUMNS, rawHeader);

  const rawLines = await (linesById ?? run<Record<string, unknown>[]>(deps, buildDetailLinesQuery(deps, pricing.id)));
  const details = rawLines.map((r) => mapRow<DetailLine>(DETAIL_LINE_COLUMNS, r));

  return { pricing, details, summary: summarise(details, pricing.unitPrice) };
}

/** Sums in integer ten-thousandths, so that 0.1 + 0.2 adds up exactly as decimal(18,4) would. */
export function summarise(details: readonly DetailLine[], unitPrice: number): DetailSummary {
  const units = (n: number) => Math.round(n * 10_000);
  const byType = Object.fromEntries(COST_TYPES.map((t) => [t, 0])) as Record<CostType, number>;
  for (const line of details) {
    if (line.costType in byType) byType[line.costType] += units(line.amount);
  }
  const totalUnits = Object.values(byType).reduce((a, b) => a + b, 0);
  const differenceUnits = units(unitPrice) - totalUnits;
  return {
    byCostType: Object.fromEntries(COST_TYPES.map((t) => [t, round4(byType[t] / 10_000)])) as Record<CostType, number>,
    detailTotal: round4(totalUnits / 10_000),
    unitPrice,
    difference: round4(differenceUnits / 10_000),
    consistent: Math.abs(differenceUnits) < 1,
  };
}
