import type { Knex } from 'knex';
import type { QueryDeps } from '../deps.js';
import { countTotal } from '../freshness/count-cache.js';
import { changeToken, keptFor, KeptUnderToken } from '../freshness/data-token.js';
import { instantBound, whereDayRange } from '../predicates.js';
import { run } from '../run.js';
import { rateFromUnits, toDateOnly, toUtcIso } from '../values.js';
import { startOfDayIn, wallClockDate } from '../../time-zone.js';
import { approvedRatesInOnePass } from './pricing-change.js';
import { filteredPricing, pricingTotal, type PricingFilters } from './pricing.js';
import { filteredSecondaryProcesses, secondaryProcessTotal, type SecondaryProcessFilters } from './secondary-process.js';

/**
 * The home page (工作台): what a clerk acts on today. Each count is the total of one list's
 * filters, counted by that list's own statement, so the list the count links to shows exactly
 * that many rows; and the median change rate of approved pricings per month.
 */

/** A rise at or above this rate (10 %) is worth a second look. */
export const RISING_RATE = 0.1;
/** Approved prices whose validity ends within this many days from the day (inclusive). */
export const EXPIRING_DAYS = 30;
/** New pricings: priced within this many days up to the day (inclusive). */
export const RECENT_DAYS = 7;
/** The change-rate chart's months, the day's own month last. */
export const CHART_MONTHS = 12;

export type WorkbenchList = 'pricing' | 'secondaryProcess';

export interface WorkbenchCount<L extends WorkbenchList = WorkbenchList> {
  /** The list that shows these rows, and the filters that select them (its request body's fields). */
  list: L;
  filters: L extends 'pricing' ? PricingFilters : SecondaryProcessFilters;
  /** The order that matters for these rows, as the list's body says it ({changeRate: 'descend'}). */
  sort: Record<string, 'ascend' | 'descend'>;
  count: number;
  /** The row that has waited longest by the item's clock, and how many days from it to the day; null without rows. */
  oldest: Oldest | null;
}

/**
 * The item's earliest moment: a pricing's pricedAt (an instant, days counted from its day in
 * APP_TIMEZONE) or a validTo (a day). `days` is the day minus that day: how long the oldest
 * pending pricing has waited, how long an expired process has been out of date; for prices about
 * to expire it is negative or 0 (-5: the first one ends in 5 days).
 */
export interface Oldest {
  clock: 'pricedAt' | 'validTo';
  at: string;
  days: number;
}

export interface MonthlyChange {
  /** YYYY-MM in APP_TIMEZONE. */
  month: string;
  /** Approved pricings priced that month that have a change rate (a previous approved price, not 0). */
  count: number;
  /** Their median change rate, 4 places (the mean of the middle two, half away from zero); null without any. */
  medianChangeRate: number | null;
}

export interface Workbench {
  on: string;
  /** The 核价员 the pricing items were narrowed to (我的), or null for everyone's. */
  mine: string | null;
  pending: WorkbenchCount<'pricing'>;
  pendingRising: WorkbenchCount<'pricing'>;
  expiring: WorkbenchCount<'pricing'>;
  staleProcesses: WorkbenchCount<'secondaryProcess'>;
  recent: WorkbenchCount<'pricing'>;
  monthlyChange: MonthlyChange[];
  /** When the chart was computed (it may be up to CHART_MAX_AGE_MS old). */
  monthlyChangeAsOf: string;
}

/** YYYY-MM-DD `days` after (or before, when negative) `day`: calendar arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first day of the month `months` after (or before) that of `day`, as YYYY-MM-01. */
function monthStart(day: string, months: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

type Items = Omit<Workbench, 'monthlyChange' | 'monthlyChangeAsOf'>;

/**
 * The items of a day (and 我的), kept while the data has not changed (data-token.ts): the home page is
 * opened far more often than the tables change, and a hit then costs the token's read alone, not
 * the ten statements built, compiled and looked up one by one.
 */
const itemsKept = new WeakMap<Knex, KeptUnderToken<Items>>();
/** A few days' worth of days and clerks. */
const MAX_KEPT_ITEMS = 50;

/** `select min(…) as oldest`: the value, or null over no rows. */
async function oldestValue(deps: QueryDeps, qb: Knex.QueryBuilder): Promise<unknown> {
  const [row] = await run<{ oldest: unknown }[]>(deps, qb);
  return row?.oldest ?? null;
}

/** Whole days from `from` to `to` (YYYY-MM-DD): calendar arithmetic. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * What waits today. `mine`: only the pricings whose 核价员 (pricedBy) is this name; the processes
 * have no 核价员 and stay everyone's.
 */
export async function queryWorkbench(deps: QueryDeps, on: string, mine?: string): Promise<Workbench> {
  const token = changeToken(deps);
  const current = await token;
  const key = JSON.stringify([on, mine ?? null]);
  const kept = current === undefined ? undefined : keptFor(itemsKept, deps.db);
  let items = current === undefined ? undefined : kept!.get(key, current);
  if (items === undefined) {
    items = await workbenchItems(deps, on, mine, token);
    if (current !== undefined) kept!.set(key, current, items, MAX_KEPT_ITEMS);
  }
  const chart = await monthlyMedians(deps, on);
  return { ...items, monthlyChange: chart.months, monthlyChangeAsOf: chart.asOf };
}

/** The items, counted and dated by the lists' own statements (the counts also kept on their own: count-cache.ts). */
async function workbenchItems(deps: QueryDeps, on: string, mine: string | undefined, token: Promise<string | undefined>): Promise<Items> {
  const oldestOf = async (qb: Knex.QueryBuilder, clock: Oldest['clock']): Promise<Oldest | null> => {
    const oldest = await oldestValue(deps, qb);
    if (oldest === null) return null;
    const at = clock === 'pricedAt' ? toUtcIso(oldest) : toDateOnly(oldest);
    const day = clock === 'pricedAt' ? wallClockDate(new Date(at), deps.timeZone).toISOString().slice(0, 10) : at;
    return { clock, at, days: daysBetween(day, on) };
  };
  const pricingItem = async (
    own: PricingFilters,
    sort: WorkbenchCount['sort'],
    clock: Oldest['clock'],
  ): Promise<WorkbenchCount<'pricing'>> => {
    const filters: PricingFilters = mine === undefined ? own : { ...own, pricedBy: mine };
    const column = clock === 'pricedAt' ? 'pricing.priced_at' : 'pricing.valid_to';
    return {
      list: 'pricing',
      filters,
      sort,
      count: await countTotal(deps, pricingTotal(deps, filters), undefined, token),
      oldest: await oldestOf(filteredPricing(deps, filters, { withParts: false, partsBySubquery: true }).min({ oldest: column }), clock),
    };
  };
  const processItem = async (
    filters: SecondaryProcessFilters,
    sort: WorkbenchCount['sort'],
  ): Promise<WorkbenchCount<'secondaryProcess'>> => ({
    list: 'secondaryProcess',
    filters,
    sort,
    count: await countTotal(deps, secondaryProcessTotal(deps, filters), undefined, token),
    oldest: await oldestOf(
      filteredSecondaryProcesses(deps, filters, { withParts: false, partsBySubquery: true }).min({
        oldest: 'secondary_processes.valid_to',
      }),
      'validTo',
    ),
  });
  // One after another: SQLite has one connection, and a pool is better left to other requests.
  const pending = await pricingItem({ status: ['pending'] }, { pricedAt: 'ascend' }, 'pricedAt');
  const pendingRising = await pricingItem({ status: ['pending'], minChangeRate: RISING_RATE }, { changeRate: 'descend' }, 'pricedAt');
  const expiring = await pricingItem(
    { status: ['approved'], validToFrom: on, validToTo: addDays(on, EXPIRING_DAYS) },
    { validTo: 'ascend' },
    'validTo',
  );
  const staleProcesses = await processItem({ status: ['active'], validToTo: addDays(on, -1) }, { validTo: 'ascend' });
  const recent = await pricingItem({ pricedFrom: addDays(on, 1 - RECENT_DAYS), pricedTo: on }, { pricedAt: 'descend' }, 'pricedAt');
  return { on, mine: mine ?? null, pending, pendingRising, expiring, staleProcesses, recent };
}

/** How old a chart may be: it reads a year of approved pricings, and a minute's changes hardly move a median. */
export const CHART_MAX_AGE_MS = 5 * 60_000;
const MAX_KEPT_DAYS = 8;

type Chart = { months: MonthlyChange[]; asOf: string };

interface KeptChart {
  chart: Promise<Chart>;
  startedAt: number;
  /** A newer chart being computed while this one is still answered. */
  next?: Promise<void>;
}

/** Per knex instance (per server) and per day asked for. */
const keptCharts = new WeakMap<Knex, Map<string, KeptChart>>();

/**
 * The chart of the months up to `on`, computed at most once per CHART_MAX_AGE_MS per day: an older
 * one is answered while a newer one is computed (one at a time), so only the first request waits;
 * requests arriving meanwhile share it. A failed computation is not kept.
 */
function monthlyMedians(deps: QueryDeps, on: string): Promise<Chart> {
  let byDay = keptCharts.get(deps.db);
  if (!byDay) keptCharts.set(deps.db, (byDay = new Map<string, KeptChart>()));
  const days = byDay;
  const start = (): KeptChart => ({ chart: computeChart(deps, on), startedAt: performance.now() });
  const keep = (entry: KeptChart) => {
    days.delete(on);
    days.set(on, entry);
    if (days.size > MAX_KEPT_DAYS) days.delete(days.keys().next().value!);
  };
  const kept = days.get(on);
  if (!kept) {
    const entry = start();
    keep(entry);
    entry.chart.catch(() => days.get(on) === entry && days.delete(on));
    return entry.chart;
  }
  if (!kept.next && performance.now() - kept.startedAt >= CHART_MAX_AGE_MS) {
    const entry = start();
    kept.next = entry.chart.then(
      () => keep(entry),
      () => void (kept.next = undefined),
    );
  }
  return kept.chart;
}

/**
 * The chart in one statement: every approved pricing of the chart's months with its rate (one
 * ordered pass over the approved pricings, not a seek per row), numbered by rate within its month,
 * and only each month's middle one or two rows returned (2 × place within [n, n + 2]), with n; the
 * median is taken from those here. The month is a CASE over the months' first instants in
 * APP_TIMEZONE, bound as the day filters bind theirs.
 */
async function computeChart(deps: QueryDeps, on: string): Promise<{ months: MonthlyChange[]; asOf: string }> {
  const asOf = new Date().toISOString();
  const { db } = deps;
  const months = Array.from({ length: CHART_MONTHS }, (_, i) => monthStart(on, i - CHART_MONTHS + 1));
  const rated = approvedRatesInOnePass(db);
  whereDayRange(rated, 'approved.priced_at', months[0], on, deps.timeZone);
  const client = db.client as Knex.Client;
  const starts = months.map((m) => instantBound(client, startOfDayIn(m, deps.timeZone)));
  const monthCase = `case ${months
    .map((_, i) => i)
    .slice(1)
    .reverse()
    .map((i) => `when ?? >= ? then ${i}`)
    .join(' ')} else 0 end`;
  const monthBindings = starts
    .slice(1)
    .reverse()
    .flatMap((start) => ['rated.priced_at', start]);
  const bucketed = db
    .from(rated.as('rated'))
    .select(db.raw(`${monthCase} as ??`, [...monthBindings, 'month_index']), 'rated.rate_units')
    .whereNotNull('rated.rate_units');
  const placed = db
    .from(bucketed.as('bucketed'))
    .select(
      'bucketed.month_index',
      'bucketed.rate_units',
      db.raw('row_number() over (partition by ?? order by ??) as ??', ['bucketed.month_index', 'bucketed.rate_units', 'place']),
      db.raw('count(*) over (partition by ??) as ??', ['bucketed.month_index', 'rated_count']),
    );
  const middle = db
    .from(placed.as('placed'))
    .select('placed.month_index', 'placed.rate_units', 'placed.rated_count')
    .whereRaw('2 * ?? between ?? and ?? + 2', ['placed.place', 'placed.rated_count', 'placed.rated_count']);
  const rows = await run<{ month_index: number | string; rate_units: number | string; rated_count: number | string }[]>(deps, middle);
  const byMonth = months.map(() => ({ count: 0, middle: [] as number[] }));
  for (const row of rows) {
    const month = byMonth[Number(row.month_index)]!;
    month.count = Number(row.rated_count);
    month.middle.push(Number(row.rate_units));
  }
  return {
    months: months.map((m, i) => ({ month: m.slice(0, 7), count: byMonth[i]!.count, medianChangeRate: medianRate(byMonth[i]!.middle) })),
    asOf,
  };
}

/** The median of whole ten-thousandths as a rate (of all of them, or of the middle one or two): the mean of the middle two rounded half away from zero. */
export function medianRate(units: number[]): number | null {
  if (units.length === 0) return null;
  const sorted = [...units].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length % 2 === 1) return rateFromUnits(sorted[mid]!);
  const sum = sorted[mid - 1]! + sorted[mid]!;
  return rateFromUnits(Math.sign(sum) * Math.round(Math.abs(sum) / 2));
}
