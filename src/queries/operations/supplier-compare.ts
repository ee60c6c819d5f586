import type { Knex } from 'knex';
import type { PricingStatus } from '../../domain.js';
import type { PricingRow } from '../../resources/pricing.js';
import type { QueryDeps } from '../deps.js';
import { run } from '../run.js';
import { divideRounded, mapRow, moneyFromUnits, moneyUnits, numberFromUnits, selectColumns } from '../values.js';
import { ratesInForce } from './exchange-rates.js';
import { BASE_CURRENCY, RateBook } from './rate-book.js';
import { joinPreviousApproved } from './pricing-change.js';
import { partExists } from './pricing-details.js';
import { PRICING_COLUMNS } from './pricing.js';

/**
 * Suppliers side by side (docs/api.md): pricings of one part as columns, their six costs, unit
 * prices and change rate as rows, the lowest of each row marked among the columns of one currency.
 * Either every supplier of a part (its latest pricing, and its latest approved one where that is
 * another) or the pricings asked for by id. One statement either way, however many suppliers.
 */

/** The rows, in their order: the pricing row's fields of the six cost types, then the prices and the change. */
export const SUPPLIER_COMPARED_FIELDS = [
  'materialCost',
  'processCost',
  'secondaryProcessCost',
  'otherCost',
  'managementFee',
  'profit',
  'unitPrice',
  'unitPriceWithTax',
  'changeRate',
] as const satisfies readonly (keyof PricingRow)[];

export type SupplierComparedField = (typeof SUPPLIER_COMPARED_FIELDS)[number];

export interface SupplierColumn {
  id: number;
  pricingNo: string;
  supplierCode: string;
  supplierName: string;
  status: PricingStatus;
  currency: string;
  pricedAt: string;
  /** The supplier's latest pricing of the part (priced_at, then id). */
  latest: boolean;
  /** The supplier's latest approved pricing of the part. */
  latestApproved: boolean;
}

export interface SupplierCompareRow {
  field: SupplierComparedField;
  kind: 'money' | 'rate';
  /** One per column, in the columns' order. */
  values: (number | null)[];
  lowestPricingIds: number[];
}

/** The columns' money rows in CNY, when their currencies differ: each column at the rate of one day. */
export interface ConvertedComparison {
  currency: string;
  day: string;
  /** Per column, in the columns' order: CNY for one unit of its currency (1 for CNY), null when missing. */
  rates: { pricingId: number; currency: string; rate: number | null; rateDate: string | null }[];
  missingRates: string[];
  /** The money rows (not changeRate), converted and rounded once to 4 places; lowest marked across all columns. */
  rows: { field: SupplierComparedField; values: (number | null)[]; lowestPricingIds: number[] }[];
}

export interface SupplierComparison {
  selectedBy: 'partNo' | 'pricingIds';
  partNo: string;
  partName: string;
  columns: SupplierColumn[];
  rows: SupplierCompareRow[];
  converted: ConvertedComparison | null;
}

export type SupplierSelector = { partNo: string } | { pricingIds: readonly number[] };

/** Why there is no comparison: no such part, a part without pricings, ids that name none, pricings of several parts. */
export type SupplierCompareFailure = { unknownPart: true } | { noPricing: true } | { missingIds: number[] } | { severalParts: string[] };

interface Ranked {
  row: PricingRow;
  partId: number;
  latest: boolean;
  latestApproved: boolean;
}

/**
 * Every pricing of the parts `partIds` selects, with its place among its supplier's pricings of
 * that part (newest first) and among those of its status: place 1 is the latest, and the latest
 * approved where the status is approved.
 */
function ranked(db: Knex, partIds: Knex.QueryBuilder): Knex.QueryBuilder {
  const newestFirst = (partition: string[], name: string) =>
    db.raw(`row_number() over (partition by ${partition.map(() => '??').join(', ')} order by ?? desc, ?? desc) as ??`, [
      ...partition,
      'r.priced_at',
      'r.id',
      name,
    ]);
  return db({ r: 'pricing' })
    .select(
      'r.id',
      newestFirst(['r.part_id', 'r.supplier_code'], 'latest_place'),
      newestFirst(['r.part_id', 'r.supplier_code', 'r.status'], 'status_place'),
    )
    .whereIn('r.part_id', partIds)
    .as('ranked');
}

/** The list's rows (previous approved price and change rate included) of the ranked pricings, with their places. */
function rankedRows(db: Knex, partIds: Knex.QueryBuilder): Knex.QueryBuilder {
  const qb = db('pricing').join('parts', 'parts.id', 'pricing.part_id').join(ranked(db, partIds), 'ranked.id', 'pricing.id');
  joinPreviousApproved(qb);
  return selectColumns(qb, PRICING_COLUMNS).select({
    partId: 'pricing.part_id',
    latestPlace: 'ranked.latest_place',
    statusPlace: 'ranked.status_place',
  });
}

function readRanked(raw: Record<string, unknown>): Ranked {
  const row = mapRow<PricingRow>(PRICING_COLUMNS, raw);
  return {
    row,
    partId: Number(raw.partId),
    latest: Number(raw.latestPlace) === 1,
    latestApproved: row.status === 'approved' && Number(raw.statusPlace) === 1,
  };
}

export async function querySupplierComparison(
  deps: QueryDeps,
  selector: SupplierSelector,
  rateDay: string,
): Promise<SupplierComparison | SupplierCompareFailure> {
  const db = deps.db;
  if ('partNo' in selector) {
    const query = rankedRows(db, db('parts').select('parts.id').where('parts.part_no', selector.partNo))
      // The partition's places, written out where the window functions cannot be (a WHERE of the same query).
      .where((w) => {
        w.where('ranked.latest_place', 1).orWhere((a) => {
          a.where('pricing.status', 'approved').where('ranked.status_place', 1);
        });
      })
      .orderBy('pricing.supplier_code', 'asc')
      .orderBy('pricing.priced_at', 'desc')
      .orderBy('pricing.id', 'desc');
    const found = (await run<Record<string, unknown>[]>(deps, query)).map(readRanked);
    // Only when nothing came: whether the part exists says why.
    if (found.length === 0) return (await partExists(deps, selector.partNo)) ? { noPricing: true } : { unknownPart: true };
    return withConverted(deps, comparison('partNo', found), found, rateDay);
  }
  const ids = selector.pricingIds;
  const query = rankedRows(db, db({ s: 'pricing' }).select('s.part_id').whereIn('s.id', ids)).whereIn('pricing.id', ids);
  const byId = new Map((await run<Record<string, unknown>[]>(deps, query)).map((raw) => [Number(raw.id), readRanked(raw)]));
  const missingIds = ids.filter((id) => !byId.has(id));
  if (missingIds.length > 0) return { missingIds };
  // In the order asked: the caller chose the columns.
  const found = ids.map((id) => byId.get(id)!);
  const partNos = [...new Set(found.map((f) => f.row.partNo))];
  if (partNos.length > 1) return { severalParts: partNos };
  return withConverted(deps, comparison('pricingIds', found), found, rateDay);
}

/** The converted rows when the columns' currencies differ (one more statement: the day's rates), else null. */
async function withConverted(
  deps: QueryDeps,
  answer: SupplierComparison,
  found: readonly Ranked[],
  day: string,
): Promise<SupplierComparison> {
  if (new Set(answer.columns.map((c) => c.currency)).size < 2) return answer;
  const book = new RateBook(await ratesInForce(deps, day), {});
  const factors = answer.columns.map((c) => book.factor(c.currency, BASE_CURRENCY));
  const rows = SUPPLIER_COMPARED_FIELDS.filter((f) => f !== 'changeRate').map((field) => {
    const values = found.map((f, i) => {
      const factor = factors[i];
      const value = f.row[field];
      return factor && value !== null ? moneyFromUnits(divideRounded(moneyUnits(value) * factor.units, ONE)) : null;
    });
    const asOne = answer.columns.map((c) => ({ ...c, currency: BASE_CURRENCY }));
    return { field, values, lowestPricingIds: lowestOf(asOne, values) };
  });
  return {
    ...answer,
    converted: {
      currency: BASE_CURRENCY,
      day,
      rates: answer.columns.map((c, i) => ({
        pricingId: c.id,
        currency: c.currency,
        rate: factors[i] ? numberFromUnits(factors[i].units, 8) : null,
        rateDate: factors[i]?.rateDate ?? null,
      })),
      missingRates: book.missing(),
      rows,
    },
  };
}

const ONE = 100_000_000n;

function comparison(selectedBy: SupplierComparison['selectedBy'], found: readonly Ranked[]): SupplierComparison {
  const columns = found.map(({ row, latest, latestApproved }) => ({
    id: row.id,
    pricingNo: row.pricingNo,
    supplierCode: row.supplierCode,
    supplierName: row.supplierName,
    status: row.status,
    currency: row.currency,
    pricedAt: row.pricedAt,
    latest,
    latestApproved,
  }));
  return {
    selectedBy,
    partNo: found[0]!.row.partNo,
    partName: found[0]!.row.partName,
    columns,
    rows: SUPPLIER_COMPARED_FIELDS.map((field) => {
      const values = found.map((f) => f.row[field]);
      return { field, kind: field === 'changeRate' ? 'rate' : 'money', values, lowestPricingIds: lowestOf(columns, values) };
    }),
    converted: null,
  };
}

/**
 * The columns holding a row's lowest value, compared only with the columns of the same currency:
 * a CNY price is never lower than a USD one. Nothing is marked in a currency with fewer than two
 * values, or whose values are all equal (nothing stands out); ties for the lowest are all marked.
 */
export function lowestOf(columns: readonly SupplierColumn[], values: readonly (number | null)[]): number[] {
  const byCurrency = new Map<string, number[]>();
  values.forEach((v, i) => {
    if (v !== null) byCurrency.set(columns[i]!.currency, [...(byCurrency.get(columns[i]!.currency) ?? []), v]);
  });
  return columns.flatMap((c, i) => {
    const own = byCurrency.get(c.currency) ?? [];
    const low = Math.min(...own);
    return values[i] === low && own.length > 1 && own.some((v) => v !== low) ? [c.id] : [];
  });
}
