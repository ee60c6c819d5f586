import type { Knex } from 'knex';
import type { PriceBasis, PricingStatus, ProcessCategory, ProcessStatus } from '../../domain.js';
import { startOfDayIn, wallClockDate } from '../../time-zone.js';
import type { QueryDeps } from '../deps.js';
import { instantBound } from '../predicates.js';
import { run } from '../run.js';
import {
  divideRounded,
  mapRow,
  moneyFromUnits,
  moneyUnits,
  numberFromUnits,
  rateOf,
  round4,
  selectColumns,
  type Column,
} from '../values.js';
import type { DetailLine } from '../../resources/detail-line.js';
import type { PricingRow } from '../../resources/pricing.js';
import { buildDetailLinesQuery, buildPricingHeaderQuery, DETAIL_LINE_COLUMNS } from './pricing-details.js';
import { approvedBefore } from './pricing-change.js';
import { PRICING_COLUMNS } from './pricing.js';
import { ratesInForce } from './exchange-rates.js';
import { RateBook } from './rate-book.js';

/**
 * The pricing review (docs/api.md): what the review page shows of one pricing besides its lines:
 * the part's pricings, its approved prices, and the
 * secondary-process prices valid on the pricing's day beside its secondary_process lines.
 */

/** At most this many of the part's pricings, newest first (the pricing under review is always listed). */
export const HISTORY_LIMIT = 200;
/** At most this many process prices valid on the day. */
export const PROCESS_REFERENCE_LIMIT = 200;
/** The approved prices summarised: those of the 12 months up to the pricing. */
export const SUMMARY_MONTHS = 12;

export interface HistoryRow {
  id: number;
  pricingNo: string;
  supplierCode: string;
  supplierName: string;
  status: PricingStatus;
  currency: string;
  unitPrice: number;
  pricedAt: string;
  current: boolean;
}

export interface ApprovedPricingRef {
  id: number;
  pricingNo: string;
  supplierName: string;
  currency: string;
  unitPrice: number;
  pricedAt: string;
}

export interface ApprovedSummary {
  currency: string;
  latest: ApprovedPricingRef | null;
  windowFrom: string;
  windowTo: string;
  count: number;
  min: number | null;
  median: number | null;
  max: number | null;
}

export interface ProcessReference {
  id: number;
  processNo: string;
  processName: string;
  category: ProcessCategory;
  supplierCode: string;
  supplierName: string;
  priceBasis: PriceBasis;
  unitPrice: number;
  currency: string;
  status: ProcessStatus;
  validFrom: string;
  validTo: string | null;
}

export interface ProcessLineReference {
  processId: number;
  processNo: string;
  supplierName: string;
  priceBasis: PriceBasis;
  unitPrice: number;
  comparable: boolean;
  difference: number | null;
  differenceRate: number | null;
}

export interface ProcessLine {
  lineNo: number;
  itemName: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  amount: number;
  references: ProcessLineReference[];
}

/**
 * Where the part has no earlier approved price in the pricing's currency but has one in another:
 * that pricing, its price converted into this pricing's currency at the rates of this pricing's day.
 */
export interface CrossCurrencyPrevious {
  pricing: ApprovedPricingRef;
  /** This pricing's calendar day (APP_TIMEZONE): the day of the rates. */
  day: string;
  /** This pricing's currency for one unit of the earlier one's; null when a rate is missing. */
  rate: number | null;
  rateDate: string | null;
  convertedUnitPrice: number | null;
  changeRate: number | null;
  missingRates: string[];
}

export interface PricingReview {
  pricing: PricingRow;
  history: { total: number; limit: number; rows: HistoryRow[] };
  approvedSummary: ApprovedSummary;
  otherCurrencySummaries: ApprovedSummary[];
  crossCurrencyPrevious: CrossCurrencyPrevious | null;
  processReferences: { day: string; total: number; limit: number; rows: ProcessReference[]; lines: ProcessLine[] };
}

const HISTORY_COLUMNS = [
  { field: 'id', sql: 'pricing.id', kind: 'int' },
  { field: 'pricingNo', sql: 'pricing.pricing_no', kind: 'text' },
  { field: 'supplierCode', sql: 'pricing.supplier_code', kind: 'text' },
  { field: 'supplierName', sql: 'pricing.supplier_name', kind: 'text' },
  { field: 'status', sql: 'pricing.status', kind: 'text' },
  { field: 'currency', sql: 'pricing.currency', kind: 'text' },
  { field: 'unitPrice', sql: 'pricing.unit_price', kind: 'money' },
  { field: 'pricedAt', sql: 'pricing.priced_at', kind: 'datetime' },
] as const satisfies readonly Column[];

const APPROVED_REF_COLUMNS = [
  { field: 'id', sql: 'q.id', kind: 'int' },
  { field: 'pricingNo', sql: 'q.pricing_no', kind: 'text' },
  { field: 'supplierName', sql: 'q.supplier_name', kind: 'text' },
  { field: 'currency', sql: 'q.currency', kind: 'text' },
  { field: 'unitPrice', sql: 'q.unit_price', kind: 'money' },
  { field: 'pricedAt', sql: 'q.priced_at', kind: 'datetime' },
] as const satisfies readonly Column[];

const PROCESS_REFERENCE_COLUMNS = [
  { field: 'id', sql: 'secondary_processes.id', kind: 'int' },
  { field: 'processNo', sql: 'secondary_processes.process_no', kind: 'text' },
  { field: 'processName', sql: 'secondary_processes.process_name', kind: 'text' },
  { field: 'category', sql: 'secondary_processes.category', kind: 'text' },
  { field: 'supplierCode', sql: 'secondary_processes.supplier_code', kind: 'text' },
  { field: 'supplierName', sql: 'secondary_processes.supplier_name', kind: 'text' },
  { field: 'priceBasis', sql: 'secondary_processes.price_basis', kind: 'text' },
  { field: 'unitPrice', sql: 'secondary_processes.unit_price', kind: 'money' },
  { field: 'currency', sql: 'secondary_processes.currency', kind: 'text' },
  { field: 'status', sql: 'secondary_processes.status', kind: 'text' },
  { field: 'validFrom', sql: 'secondary_processes.valid_from', kind: 'date' },
  { field: 'validTo', sql: 'secondary_processes.valid_to', kind: 'date' },
] as const satisfies readonly Column[];

/** The pricing row of the list (previousApprovedPrice and changeRate included) and its part's id. */
export async function pricingWithPart(deps: QueryDeps, pricingId: number): Promise<{ pricing: PricingRow; partId: number } | null> {
  const query = buildPricingHeaderQuery(deps, { pricingId }).select({ partId: 'pricing.part_id' });
  const [raw] = await run<Record<string, unknown>[]>(deps, query);
  return raw ? { pricing: mapRow<PricingRow>(PRICING_COLUMNS, raw), partId: Number(raw.partId) } : null;
}

export async function queryPricingReview(deps: QueryDeps, pricingId: number): Promise<PricingReview | null> {
  const found = await pricingWithPart(deps, pricingId);
  if (!found) return null;
  const { pricing, partId } = found;
  const history = await partHistory(deps, partId, pricing);
  const approvedSummary = await summariseApproved(deps, partId, pricing, pricing.currency);
  const otherCurrencySummaries: ApprovedSummary[] = [];
  for (const currency of await otherApprovedCurrencies(deps, partId, pricing.currency))
    otherCurrencySummaries.push(await summariseApproved(deps, partId, pricing, currency));
  const crossCurrencyPrevious = pricing.previousApprovedPricingNo === null ? await previousInOtherCurrency(deps, pricing) : null;
  const processReferences = await processReferencesOf(deps, partId, pricing);
  return { pricing, history, approvedSummary, otherCurrencySummaries, crossCurrencyPrevious, processReferences };
}

/**
 * The latest approved pricing before this one (previousApprovedPrice's order) when, as the caller
 * has found, none is in this pricing's currency; its unit price converted exactly at the rates in
 * force on this pricing's day, rounded once to 4 places, and the change rate against it.
 */
async function previousInOtherCurrency(deps: QueryDeps, pricing: PricingRow): Promise<CrossCurrencyPrevious | null> {
  const query = selectColumns(approvedBefore(deps.db, pricing.id, { anyCurrency: true }), APPROVED_REF_COLUMNS)
    .orderBy('q.priced_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(1);
  const [raw] = await run<Record<string, unknown>[]>(deps, query);
  if (!raw) return null;
  const earlier = mapRow<ApprovedPricingRef>(APPROVED_REF_COLUMNS, raw);
  const day = dayIn(pricing.pricedAt, deps.timeZone);
  const book = new RateBook(await ratesInForce(deps, day), {});
  const factor = book.factor(earlier.currency, pricing.currency);
  const converted = factor && moneyFromUnits(divideRounded(moneyUnits(earlier.unitPrice) * factor.units, 100_000_000n));
  return {
    pricing: earlier,
    day,
    rate: factor && numberFromUnits(factor.units, 8),
    rateDate: factor?.rateDate ?? null,
    convertedUnitPrice: converted,
    changeRate: converted === null || converted === 0 ? null : rateOf(pricing.unitPrice, converted),
    missingRates: book.missing(),
  };
}

/** The part's pricings, newest first (priced_at, then id), at most HISTORY_LIMIT, and how many there are. */
async function partHistory(deps: QueryDeps, partId: number, pricing: PricingRow): Promise<PricingReview['history']> {
  const list = selectColumns(deps.db('pricing'), HISTORY_COLUMNS)
    .where('pricing.part_id', partId)
    .orderBy('pricing.priced_at', 'desc')
    .orderBy('pricing.id', 'desc')
    .limit(HISTORY_LIMIT);
  const rows = (await run<Record<string, unknown>[]>(deps, list)).map((r) => mapRow<Omit<HistoryRow, 'current'>>(HISTORY_COLUMNS, r));
  const [counted] = await run<{ total: number | string }[]>(
    deps,
    deps.db('pricing').where('pricing.part_id', partId).count({ total: '*' }),
  );
  const marked: HistoryRow[] = rows.map((r) => ({ ...r, current: r.id === pricing.id }));
  // Older than the newest HISTORY_LIMIT: still listed, last, where it belongs in the order.
  if (!marked.some((r) => r.current)) {
    const { id, pricingNo, supplierCode, supplierName, status, currency, unitPrice, pricedAt } = pricing;
    marked.push({ id, pricingNo, supplierCode, supplierName, status, currency, unitPrice, pricedAt, current: true });
  }
  return { total: Number(counted?.total ?? 0), limit: HISTORY_LIMIT, rows: marked };
}

/** The currencies other than `own` in which the part has an approved pricing, in order. */
async function otherApprovedCurrencies(deps: QueryDeps, partId: number, own: string): Promise<string[]> {
  const query = deps
    .db('pricing')
    .distinct('pricing.currency')
    .where('pricing.part_id', partId)
    .where('pricing.status', 'approved')
    .whereNot('pricing.currency', own)
    .orderBy('pricing.currency', 'asc');
  return (await run<{ currency: string }[]>(deps, query)).map((r) => r.currency);
}

/**
 * In one currency: the part's latest approved pricing (whenever priced), and the approved prices
 * of the window: the approved pricings before this one (previousApprovedPrice's rule: earlier
 * priced_at, or the same with a lower id) priced on or after the start of the same calendar day
 * SUMMARY_MONTHS months earlier, in APP_TIMEZONE. Its median of an even count is the mean of the
 * middle two, rounded to 4 places half away from zero. Prices in two currencies are never mixed.
 */
async function summariseApproved(deps: QueryDeps, partId: number, pricing: PricingRow, currency: string): Promise<ApprovedSummary> {
  const latestQuery = selectColumns(deps.db({ q: 'pricing' }), APPROVED_REF_COLUMNS)
    .where('q.status', 'approved')
    .where('q.part_id', partId)
    .where('q.currency', currency)
    .orderBy('q.priced_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(1);
  const [latestRaw] = await run<Record<string, unknown>[]>(deps, latestQuery);
  const latest = latestRaw ? mapRow<ApprovedPricingRef>(APPROVED_REF_COLUMNS, latestRaw) : null;

  const from = windowStart(pricing.pricedAt, deps.timeZone);
  const inWindow = () =>
    approvedBefore(deps.db, pricing.id, { anyCurrency: true })
      .where('q.currency', currency)
      .where('q.priced_at', '>=', instantBound(deps.db.client as Knex.Client, from));
  const [stats] = await run<{ n: number | string; low: unknown; high: unknown }[]>(
    deps,
    inWindow().count({ n: '*' }).min({ low: 'q.unit_price' }).max({ high: 'q.unit_price' }),
  );
  const count = Number(stats?.n ?? 0);
  let median: number | null = null;
  if (count > 0) {
    // The middle one or two prices: a seek past the first half, never the whole list.
    const middle = inWindow()
      .select({ price: 'q.unit_price' })
      .orderBy('q.unit_price', 'asc')
      .orderBy('q.id', 'asc')
      .offset(Math.floor((count - 1) / 2))
      .limit(count % 2 === 1 ? 1 : 2);
    const prices = (await run<{ price: unknown }[]>(deps, middle)).map((r) => round4(Number(r.price)));
    median = prices.length === 1 ? prices[0]! : halfOf(prices[0]! + prices[1]!);
  }
  return {
    currency,
    latest,
    windowFrom: from.toISOString(),
    windowTo: pricing.pricedAt,
    count,
    min: count > 0 ? round4(Number(stats!.low)) : null,
    median,
    max: count > 0 ? round4(Number(stats!.high)) : null,
  };
}

/** A sum of two 4-place values halved, to 4 places, half away from zero, in whole ten-thousandths. */
function halfOf(sum: number): number {
  const units = Math.round(sum * 10_000);
  const half = Math.trunc(units / 2) + (units % 2 === 0 ? 0 : Math.sign(units));
  return round4(half / 10_000);
}

/** The calendar day of `instant` in `timeZone`, YYYY-MM-DD. */
export function dayIn(instant: string, timeZone: string): string {
  return wallClockDate(new Date(instant), timeZone).toISOString().slice(0, 10);
}

/** The start, in `timeZone`, of the same calendar day SUMMARY_MONTHS months before the day of `instant` (the month's last day where it is shorter). */
export function windowStart(instant: string, timeZone: string): Date {
  const [y, m, d] = dayIn(instant, timeZone).split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) - SUMMARY_MONTHS;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const day = Math.min(d, month === 2 ? (isLeap(year) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!);
  return startOfDayIn(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, timeZone);
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The part's secondary-process prices valid on the pricing's calendar day in APP_TIMEZONE (the
 * secondary-process list's validOn rule), and each secondary_process line of the pricing with the
 * prices whose process name is its item name (namesMatch).
 */
async function processReferencesOf(deps: QueryDeps, partId: number, pricing: PricingRow): Promise<PricingReview['processReferences']> {
  const day = dayIn(pricing.pricedAt, deps.timeZone);
  const validOn = (qb: Knex.QueryBuilder) =>
    qb
      .where('secondary_processes.part_id', partId)
      .where('secondary_processes.valid_from', '<=', day)
      .where((open) => {
        open.whereNull('secondary_processes.valid_to').orWhere('secondary_processes.valid_to', '>=', day);
      });
  const list = validOn(selectColumns(deps.db('secondary_processes'), PROCESS_REFERENCE_COLUMNS))
    .orderBy('secondary_processes.process_name', 'asc')
    .orderBy('secondary_processes.unit_price', 'asc')
    .orderBy('secondary_processes.id', 'asc')
    .limit(PROCESS_REFERENCE_LIMIT);
  const rows = (await run<Record<string, unknown>[]>(deps, list)).map((r) => mapRow<ProcessReference>(PROCESS_REFERENCE_COLUMNS, r));
  const total =
    rows.length < PROCESS_REFERENCE_LIMIT
      ? rows.length
      : Number(
          (await run<{ total: number | string }[]>(deps, validOn(deps.db('secondary_processes')).count({ total: '*' })))[0]?.total ?? 0,
        );
  const lines = (await run<Record<string, unknown>[]>(deps, buildDetailLinesQuery(deps, pricing.id)))
    .map((r) => mapRow<DetailLine>(DETAIL_LINE_COLUMNS, r))
    .filter((l) => l.costType === 'secondary_process');
  return {
    day,
    total,
    limit: PROCESS_REFERENCE_LIMIT,
    rows,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      itemName: l.itemName,
      quantity: l.quantity,
      unit: l.unit,
      unitPrice: l.unitPrice,
      amount: l.amount,
      references: rows.filter((p) => namesMatch(l.itemName, p.processName)).map((p) => referenceOf(l, p)),
    })),
  };
}

/** An item name and a process name match when equal after trimming white space at both ends (String.prototype.trim). */
export function namesMatch(itemName: string, processName: string): boolean {
  return itemName.trim() === processName.trim();
}

/**
 * The units a line may be priced in for each price basis: only then are the line's unit price and
 * the process price one kind of price (per dm², per kg …). Compared trimmed, ASCII letters in any case.
 */
export const UNITS_BY_BASIS: Readonly<Record<PriceBasis, readonly string[]>> = {
  piece: ['PCS', 'PC', 'EA', '件', '个'],
  kg: ['KG', '千克', '公斤'],
  dm2: ['DM2', 'DM²', '平方分米'],
  batch: ['BATCH', '批'],
};

function unitFits(unit: string, basis: PriceBasis): boolean {
  const u = unit.trim().replace(/[a-z]/g, (c) => c.toUpperCase());
  return UNITS_BY_BASIS[basis].includes(u);
}

function referenceOf(line: DetailLine, p: ProcessReference): ProcessLineReference {
  const comparable = unitFits(line.unit, p.priceBasis);
  return {
    processId: p.id,
    processNo: p.processNo,
    supplierName: p.supplierName,
    priceBasis: p.priceBasis,
    unitPrice: p.unitPrice,
    comparable,
    difference: comparable ? round4((Math.round(line.unitPrice * 10_000) - Math.round(p.unitPrice * 10_000)) / 10_000) : null,
    differenceRate: comparable ? rateOf(line.unitPrice, p.unitPrice) : null,
  };
}
