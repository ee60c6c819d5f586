import type { Knex } from 'knex';
import type { QueryDeps } from '../deps.js';
import { countTotal } from '../freshness/count-cache.js';
import { offsetPage, type Page, type PageRequest } from '../paging/page-queries.js';
import type { SortSpec } from '../paging/sort.js';
import { whereDateRange, whereIn } from '../predicates.js';
import { run } from '../run.js';
import { decimalUnits, mapRow, toDateOnly } from '../values.js';
import { wherePredicates, type PredicatesOf } from './filters.js';
import { columnsOf, sortColumns, type FiltersOf } from '../../resources/field.js';
import {
  EXCHANGE_RATE_FIELDS,
  EXCHANGE_RATE_SORT_FIELDS,
  type EXCHANGE_RATE_FILTERS,
  type ExchangeRateRow,
} from '../../resources/exchange-rate.js';

/** The currency every rate is quoted against: one unit of it is always 1. */
export const BASE_CURRENCY = 'CNY';

export const EXCHANGE_RATE_COLUMNS = columnsOf(EXCHANGE_RATE_FIELDS);

export type ExchangeRateSortField = (typeof EXCHANGE_RATE_SORT_FIELDS)[number];

export const EXCHANGE_RATE_SORT = {
  columns: sortColumns(EXCHANGE_RATE_FIELDS, EXCHANGE_RATE_SORT_FIELDS),
  defaultSort: { field: 'validFrom', order: 'descend' },
  idColumn: 'exchange_rates.id',
} as const satisfies SortSpec<ExchangeRateSortField>;

export type ExchangeRateFilters = FiltersOf<typeof EXCHANGE_RATE_FILTERS>;

/**
 * The rows of `table` that are their currency's rate on `day`: valid_from ≤ day, and no row of the
 * same currency with a later valid_from ≤ day (nor the same one and a higher id).
 */
function whereRateInForce(qb: Knex.QueryBuilder, day: string, table: string): Knex.QueryBuilder {
  const db = qb.client;
  const newer = db
    .queryBuilder()
    .select(db.raw('1'))
    .from({ n: 'exchange_rates' })
    .whereRaw('?? = ??', ['n.currency', `${table}.currency`])
    .where('n.valid_from', '<=', day)
    .where((w: Knex.QueryBuilder) => {
      w.whereRaw('?? > ??', ['n.valid_from', `${table}.valid_from`]).orWhere((same: Knex.QueryBuilder) => {
        same.whereRaw('?? = ??', ['n.valid_from', `${table}.valid_from`]).whereRaw('?? > ??', ['n.id', `${table}.id`]);
      });
    });
  return qb.where(`${table}.valid_from`, '<=', day).whereNotExists(newer);
}

const EXCHANGE_RATE_PREDICATES = {
  currency: (qb, currencies) => whereIn(qb, 'exchange_rates.currency', currencies),
  validFromFrom: (qb, day) => whereDateRange(qb, 'exchange_rates.valid_from', day, undefined),
  validFromTo: (qb, day) => whereDateRange(qb, 'exchange_rates.valid_from', undefined, day),
  on: (qb, day) => void whereRateInForce(qb, day, 'exchange_rates'),
} satisfies Required<PredicatesOf<ExchangeRateFilters>>;

export function filteredExchangeRates(deps: QueryDeps, f: ExchangeRateFilters): Knex.QueryBuilder {
  const qb = deps.db('exchange_rates');
  wherePredicates(qb, EXCHANGE_RATE_PREDICATES, f, deps);
  return qb;
}

export function exchangeRateTotal(deps: QueryDeps, f: ExchangeRateFilters): Knex.QueryBuilder {
  return filteredExchangeRates(deps, f).count({ total: '*' });
}

/** The list: a small table written monthly, so one OFFSET page and one count. */
export async function queryExchangeRates(
  deps: QueryDeps,
  f: ExchangeRateFilters,
  page: PageRequest<ExchangeRateSortField>,
): Promise<Page<ExchangeRateRow>> {
  const { page: pageQuery } = offsetPage(filteredExchangeRates(deps, f), EXCHANGE_RATE_COLUMNS, EXCHANGE_RATE_SORT, page);
  const raw = await run<Record<string, unknown>[]>(deps, pageQuery);
  const rows = raw.map((r) => mapRow<ExchangeRateRow>(EXCHANGE_RATE_COLUMNS, r));
  return { rows, total: await countTotal(deps, exchangeRateTotal(deps, f)) };
}

/** A currency's rate in force on a day: CNY for one unit, in whole hundred-millionths (decimal(18,8)). */
export interface RateInForce {
  currency: string;
  units: bigint;
  validFrom: string;
}

/** Every currency's rate in force on `day`, in one statement (a seek per currency on its index). */
export async function ratesInForce(deps: QueryDeps, day: string): Promise<Map<string, RateInForce>> {
  const qb = whereRateInForce(
    deps.db('exchange_rates').select('exchange_rates.currency', 'exchange_rates.rate_to_cny', 'exchange_rates.valid_from'),
    day,
    'exchange_rates',
  );
  const rows = await run<{ currency: string; rate_to_cny: unknown; valid_from: unknown }[]>(deps, qb);
  return new Map(
    rows.map((r) => [r.currency, { currency: r.currency, units: decimalUnits(r.rate_to_cny, 8), validFrom: toDateOnly(r.valid_from) }]),
  );
}

/** Whether the table holds any rate of `currency`, on whatever day. */
export async function hasAnyRate(deps: QueryDeps, currency: string): Promise<boolean> {
  const rows = await run<unknown[]>(
    deps,
    deps.db('exchange_rates').select('exchange_rates.id').where('exchange_rates.currency', currency).limit(1),
  );
  return rows.length > 0;
}
