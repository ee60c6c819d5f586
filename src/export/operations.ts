import type { Knex } from 'knex';
import type { z } from 'zod';
import { pricingTotal, filteredPricing, PRICING_COLUMNS, PRICING_SORT, type PricingFilters } from '../queries/operations/pricing.js';
import type { SortSpec } from '../queries/paging/sort.js';
import type { QueryDeps } from '../queries/deps.js';
import {
  secondaryProcessTotal,
  filteredSecondaryProcesses,
  SECONDARY_PROCESS_COLUMNS,
  SECONDARY_PROCESS_SORT,
  type SecondaryProcessFilters,
} from '../queries/operations/secondary-process.js';
import type { Column } from '../queries/values.js';
import type { Fields } from '../resources/field.js';
import { PRICING_FIELDS, PRICING_FILTERS } from '../resources/pricing.js';
import {
  EXCHANGE_RATE_COLUMNS,
  EXCHANGE_RATE_SORT,
  exchangeRateTotal,
  filteredExchangeRates,
  type ExchangeRateFilters,
} from '../queries/operations/exchange-rates.js';
import { EXCHANGE_RATE_FIELDS, EXCHANGE_RATE_FILTERS } from '../resources/exchange-rate.js';
import { SECONDARY_PROCESS_FIELDS, SECONDARY_PROCESS_FILTERS } from '../resources/secondary-process.js';

/** An exportable list operation: the same columns, sort and filters as its JSON page. */
export interface ExportOperation<Filters> {
  /** Sheet name and the start of the file name, e.g. 核价查询. */
  title: string;
  /** The ASCII fallback for clients that do not read RFC 5987 file names. */
  asciiTitle: string;
  /** The row's fields (headers, how values show) and its SELECT list. */
  fields: Fields;
  /** The filters' declarations: their titles name them on the xlsx's 查询条件 sheet. */
  filters: Readonly<Record<string, z.ZodType>>;
  columns: readonly Column[];
  sort: SortSpec<string>;
  /** FROM/JOIN/WHERE; with no filters it is also where a keyset cursor row is looked up. */
  filtered: (deps: QueryDeps, filters: Filters) => Knex.QueryBuilder;
  /** `select … as total` that decides EXPORT_TOO_LARGE (the JSON page's cheaper count). */
  total: (deps: QueryDeps, filters: Filters) => Knex.QueryBuilder;
}

export const PRICING_EXPORT: ExportOperation<PricingFilters> = {
  title: '核价查询',
  asciiTitle: 'pricing-query',
  fields: PRICING_FIELDS,
  filters: PRICING_FILTERS,
  columns: PRICING_COLUMNS,
  sort: PRICING_SORT,
  // Every exported row carries previousApprovedPrice and changeRate.
  filtered: (deps, filters) => filteredPricing(deps, filters, { withPrevious: true }),
  total: pricingTotal,
};

export const SECONDARY_PROCESS_EXPORT: ExportOperation<SecondaryProcessFilters> = {
  title: '二次加工查询',
  asciiTitle: 'secondary-process-query',
  fields: SECONDARY_PROCESS_FIELDS,
  filters: SECONDARY_PROCESS_FILTERS,
  columns: SECONDARY_PROCESS_COLUMNS,
  sort: SECONDARY_PROCESS_SORT,
  filtered: filteredSecondaryProcesses,
  total: secondaryProcessTotal,
};

export const EXCHANGE_RATE_EXPORT: ExportOperation<ExchangeRateFilters> = {
  title: '汇率查询',
  asciiTitle: 'exchange-rates',
  fields: EXCHANGE_RATE_FIELDS,
  filters: EXCHANGE_RATE_FILTERS,
  columns: EXCHANGE_RATE_COLUMNS,
  sort: EXCHANGE_RATE_SORT,
  filtered: filteredExchangeRates,
  total: exchangeRateTotal,
};
