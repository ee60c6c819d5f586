import type { Knex } from 'knex';
import type { QueryDeps } from '../deps.js';
import { countTotal } from '../freshness/count-cache.js';
import { changeToken, keptFor, statementKey, type KeptUnderToken } from '../freshness/data-token.js';
import { whereDayRange } from '../predicates.js';
import { run } from '../run.js';
import { rateFromUnits, toUtcIso } from '../values.js';
import { startOfDayIn } from '../../time-zone.js';
import { joinPreviousApproved, pricingChangeSql } from './pricing-change.js';
import { pricingTotal, type PricingFilters } from './pricing.js';
import { secondaryProcessTotal, type SecondaryProcessFilters } from './secondary-process.js';

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
  count: number;
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
  pending: WorkbenchCount<'pricing'>;
  pendingRising: WorkbenchCount<'pricing'>;
  expiring: WorkbenchCount<'pricing'>;
  staleProcesses: WorkbenchCount<'secondaryProcess'>;
  recent: WorkbenchCount<'pricing'>;
  monthlyChange: MonthlyChange[];
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

export async function queryWorkbench(deps: QueryDeps, on: string): Promise<Workbench> {
  const token = changeToken(deps);
  const pricingCount = async (filters: PricingFilters): Promise<WorkbenchCount<'pricing'>> => ({
    list: 'pricing',
    filters,
    count: await countTotal(deps, pricingTotal(deps, filters), undefined, token),
  });
  const processCount = async (filters: SecondaryProcessFilters): Promise<WorkbenchCount<'secondaryProcess'>> => ({
    list: 'secondaryProcess',
    filters,
    count: await countTotal(deps, secondaryProcessTotal(deps, filters), undefined, token),
  });
  // One after another: SQLite has one connection, and a pool is better left to other requests.
  const pending = await pricingCount({ status: ['pending'] });
  const pendingRising = await pricingCount({ status: ['pending'], minChangeRate: RISING_RATE });
  const expiring = await pricingCount({ status: ['approved'], validToFrom: on, validToTo: addDays(on, EXPIRING_DAYS) });
  const staleProcesses = await processCount({ status: ['active'], validToTo: addDays(on, -1) });
  const recent = await pricingCount({ pricedFrom: addDays(on, 1 - RECENT_DAYS), pricedTo: on });
  const monthlyChange = await monthlyMedians(deps, on, token);
  return { on, pending, pendingRising, expiring, staleProcesses, recent, monthlyChange };
}

const keptCharts = new WeakMap<Knex, KeptUnderToken<MonthlyChange[]>>();
const MAX_KEPT_CHARTS = 8;

/**
 * Every approved pricing of the chart's months with its rate (in whole ten-thousandths), one
 * statement; bucketed by month and the medians taken here. Kept under the change token as list
 * totals are: it reads every approved pricing of a year.
 */
async function monthlyMedians(deps: QueryDeps, on: string, token: Promise<string | undefined>): Promise<MonthlyChange[]> {
  const months = Array.from({ length: CHART_MONTHS }, (_, i) => monthStart(on, i - CHART_MONTHS + 1));
  const { rateUnits } = pricingChangeSql(deps.db.client);
  const query = joinPreviousApproved(deps.db('pricing'))
    .select({ pricedAt: 'pricing.priced_at' }, deps.db.raw(`${rateUnits} as ??`, ['rate_units']))
    .where('pricing.status', 'approved');
  whereDayRange(query, 'pricing.priced_at', months[0], on, deps.timeZone);

  const current = await token;
  const kept = current === undefined ? undefined : keptFor(keptCharts, deps.db);
  const key = kept && statementKey(query);
  const hit = key && kept.get(key, current!);
  if (hit) return hit;

  const rows = await run<{ pricedAt: unknown; rate_units: number | string | null }[]>(deps, query);
  const starts = months.map((m) => startOfDayIn(m, deps.timeZone).getTime());
  const rates: number[][] = months.map(() => []);
  for (const row of rows) {
    if (row.rate_units === null) continue;
    const at = Date.parse(toUtcIso(row.pricedAt));
    let i = starts.length - 1;
    while (i > 0 && at < starts[i]!) i--;
    rates[i]!.push(Number(row.rate_units));
  }
  const chart = months.map((m, i) => ({ month: m.slice(0, 7), count: rates[i]!.length, medianChangeRate: medianRate(rates[i]!) }));
  if (kept && key) kept.set(key, current!, chart, MAX_KEPT_CHARTS);
  return chart;
}

/** The median of whole ten-thousandths as a rate: the mean of the middle two rounded half away from zero. */
export function medianRate(units: number[]): number | null {
  if (units.length === 0) return null;
  const sorted = [...units].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length % 2 === 1) return rateFromUnits(sorted[mid]!);
  const sum = sorted[mid - 1]! + sorted[mid]!;
  return rateFromUnits(Math.sign(sum) * Math.round(Math.abs(sum) / 2));
}
