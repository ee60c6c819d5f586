import type { Knex } from 'knex';
import type { PricingStatus } from '../../domain.js';
import { dialectOf } from '../../db/dialects/index.js';
import type { QueryDeps } from '../deps.js';
import { wherePredicates, type FiltersOf, type Predicates } from './filters.js';
import { fetchPage, searchPlanBy } from '../paging/fetch-page.js';
import type { ListSource, Page, PageRequest } from '../paging/page-queries.js';
import type { SortKey, SortSpec } from '../paging/sort.js';
import { joinParts, whereDayRange, whereIn, whereMoneyRange } from '../predicates.js';
import {
  joinPreviousApproved,
  joinPreviousApprovedFromPass,
  previousApprovedInOnePass,
  pricingChangeSql,
  whereChangeRate,
} from './pricing-change.js';
import { loneSearchTotal, whereSearches } from '../search/searches.js';
import type { SearchPlan, SearchScope, Searches } from '../search/types.js';
import { rateOf, tenThousandthsBound, type Column } from '../values.js';

/** The pricing row of the contract, in its field order. */
export const PRICING_COLUMNS = [
  { field: 'id', sql: 'pricing.id', kind: 'int' },
  { field: 'pricingNo', sql: 'pricing.pricing_no', kind: 'text' },
  { field: 'partNo', sql: 'parts.part_no', kind: 'text' },
  { field: 'partName', sql: 'parts.part_name', kind: 'text' },
  { field: 'spec', sql: 'parts.spec', kind: 'text' },
  { field: 'material', sql: 'parts.material', kind: 'text' },
  { field: 'unit', sql: 'parts.unit', kind: 'text' },
  { field: 'supplierCode', sql: 'pricing.supplier_code', kind: 'text' },
  { field: 'supplierName', sql: 'pricing.supplier_name', kind: 'text' },
  { field: 'currency', sql: 'pricing.currency', kind: 'text' },
  { field: 'materialCost', sql: 'pricing.material_cost', kind: 'money' },
  { field: 'processCost', sql: 'pricing.process_cost', kind: 'money' },
  { field: 'secondaryProcessCost', sql: 'pricing.secondary_process_cost', kind: 'money' },
  { field: 'otherCost', sql: 'pricing.other_cost', kind: 'money' },
  { field: 'managementFee', sql: 'pricing.management_fee', kind: 'money' },
  { field: 'profit', sql: 'pricing.profit', kind: 'money' },
  { field: 'unitPrice', sql: 'pricing.unit_price', kind: 'money' },
  { field: 'taxRate', sql: 'pricing.tax_rate', kind: 'money' },
  { field: 'unitPriceWithTax', sql: 'pricing.unit_price_with_tax', kind: 'money' },
  // Computed per row: the query must join the previous row where its database joins it (withPrevious).
  { field: 'previousApprovedPricingNo', sql: (client) => pricingChangeSql(client).number, kind: 'text' },
  { field: 'previousApprovedPrice', sql: (client) => pricingChangeSql(client).price, kind: 'money' },
  // The rate of a returned row from its two prices, by the rule the SQL of filters and sorts
  // computes it with (pricing-change.ts), exactly: one seek per row, and less SQL to plan.
  {
    field: 'changeRate',
    derive: (row) => (row.previousApprovedPrice === null ? null : rateOf(row.unitPrice as number, row.previousApprovedPrice as number)),
    kind: 'rate',
  },
  { field: 'status', sql: 'pricing.status', kind: 'text' },
  { field: 'pricedBy', sql: 'pricing.priced_by', kind: 'text' },
  { field: 'pricedAt', sql: 'pricing.priced_at', kind: 'datetime' },
  { field: 'validFrom', sql: 'pricing.valid_from', kind: 'date' },
  { field: 'validTo', sql: 'pricing.valid_to', kind: 'date' },
  { field: 'remark', sql: 'pricing.remark', kind: 'text' },
  { field: 'updatedAt', sql: 'pricing.updated_at', kind: 'datetime' },
] as const satisfies readonly Column[];

export interface PricingRow {
  id: number;
  pricingNo: string;
  partNo: string;
  partName: string;
  spec: string | null;
  material: string;
  unit: string;
  supplierCode: string;
  supplierName: string;
  currency: string;
  materialCost: number;
  processCost: number;
  secondaryProcessCost: number;
  otherCost: number;
  managementFee: number;
  profit: number;
  unitPrice: number;
  taxRate: number;
  unitPriceWithTax: number;
  previousApprovedPricingNo: string | null;
  previousApprovedPrice: number | null;
  changeRate: number | null;
  status: PricingStatus;
  pricedBy: string;
  pricedAt: string;
  validFrom: string;
  validTo: string | null;
  remark: string | null;
  updatedAt: string;
}

export const PRICING_SORT = {
  columns: {
    pricedAt: 'pricing.priced_at',
    unitPrice: 'pricing.unit_price',
    pricingNo: 'pricing.pricing_no',
    partNo: 'parts.part_no',
    updatedAt: 'pricing.updated_at',
    changeRate: { computed: (client) => pricingChangeSql(client).rateUnits, isNull: (client) => pricingChangeSql(client).rateIsNull },
  },
  defaultSort: { field: 'pricedAt', order: 'descend' },
  idColumn: 'pricing.id',
} as const satisfies SortSpec<string>;

export type PricingSortField = keyof typeof PRICING_SORT.columns;

const pricingScope = (...columns: string[]): SearchScope => ({ table: 'pricing', columns, key: 'pricing.id' });
const partsScope = (...columns: string[]): SearchScope => ({ table: 'parts', columns, key: 'pricing.part_id' });

/** Each contains-filter and the columns it looks into. */
const PRICING_SEARCHES = {
  keyword: [pricingScope('pricing_no', 'supplier_name'), partsScope('part_no', 'part_name', 'spec')],
  pricingNo: [pricingScope('pricing_no')],
  partNo: [partsScope('part_no')],
  partName: [partsScope('part_name')],
  supplier: [pricingScope('supplier_code', 'supplier_name')],
} as const satisfies Searches;

/** Each other filter's condition, in the order of the WHERE. */
const PRICING_PREDICATES = {
  status: (qb, statuses: PricingStatus[]) => whereIn(qb, 'pricing.status', statuses),
  pricedFrom: (qb, day: string, deps) => whereDayRange(qb, 'pricing.priced_at', day, undefined, deps.timeZone),
  pricedTo: (qb, day: string, deps) => whereDayRange(qb, 'pricing.priced_at', undefined, day, deps.timeZone),
  minPrice: (qb, min: number) => whereMoneyRange(qb, 'pricing.unit_price', min, undefined),
  maxPrice: (qb, max: number) => whereMoneyRange(qb, 'pricing.unit_price', undefined, max),
  // Inclusive on the 4-place rate: the bound as whole ten-thousandths, compared with the exact rate.
  minChangeRate: (qb, min: number) => whereChangeRate(qb, tenThousandthsBound(min, 'ceil'), undefined),
  maxChangeRate: (qb, max: number) => whereChangeRate(qb, undefined, tenThousandthsBound(max, 'floor')),
} satisfies Predicates;

/** What the pricing list filters by; pricingQuerySchema (src/schemas/requests.ts) accepts exactly these. */
export type PricingFilters = FiltersOf<typeof PRICING_SEARCHES, typeof PRICING_PREDICATES>;

/** Whether a filter reads changeRate (the previous approved pricing must be joined where its database joins it). */
function filtersNeedPrevious(f: PricingFilters): boolean {
  return f.minChangeRate !== undefined || f.maxChangeRate !== undefined;
}

/** Whether the only filters set are the status and the rate's (previousApprovedInOnePass reads no other column). */
function onlyStatusAndRate(f: PricingFilters): boolean {
  return Object.entries(f).every(
    ([name, value]) => value === undefined || value === '' || name === 'status' || name === 'minChangeRate' || name === 'maxChangeRate',
  );
}

/** Whether a statement reading every match computes the previous prices of whole statuses in one pass (SQL Server). */
function inOnePass(deps: QueryDeps, f: PricingFilters): boolean {
  return Boolean(dialectOf(deps.db).priorRowsInOnePass) && onlyStatusAndRate(f);
}

/** Whether a filter looks at parts (otherwise the count and deep pages can skip the join). */
function filtersNeedParts(f: PricingFilters): boolean {
  return Boolean(f.keyword || f.partNo || f.partName);
}

/**
 * FROM pricing JOIN parts WHERE <filters>: shared by the page, its count and the export.
 * `withParts: false` leaves the join out when no filter needs it: every pricing has exactly one part
 * (part_id is a NOT NULL foreign key), so the rows are the same.
 */
export function filteredPricing(
  deps: QueryDeps,
  f: PricingFilters,
  options: { withParts?: boolean; partsBySubquery?: boolean; plan?: SearchPlan; withPrevious?: boolean; everyMatch?: boolean } = {},
): Knex.QueryBuilder {
  // withPrevious: the query reads previousApprovedPrice or changeRate (the row, a sort); the
  // rate filters read it too. Rows without one stay (a left join).
  const previous = options.withPrevious || filtersNeedPrevious(f);
  // everyMatch: the query reads every match (a count, an order by the rate), so where the database
  // computes the previous prices of whole statuses in one pass, it does when nothing else narrows them.
  const onePass = previous && options.everyMatch === true && inOnePass(deps, f);
  const qb = onePass ? deps.db.from(previousApprovedInOnePass(deps.db, f.status)) : deps.db('pricing');
  // partsBySubquery (the count): filters on parts become `part_id in (…)`, never the join.
  const joined = options.withParts !== false || (filtersNeedParts(f) && !options.partsBySubquery);
  if (joined) joinParts(qb, 'pricing.part_id', { filtersOnParts: filtersNeedParts(f) });
  if (onePass) joinPreviousApprovedFromPass(qb);
  else if (previous) joinPreviousApproved(qb);
  whereSearches(deps.db, qb, 'pricing.id', PRICING_SEARCHES, f, { joined, plan: options.plan });
  wherePredicates(qb, PRICING_PREDICATES, f, deps);
  return qb;
}

/**
 * `select … as total` of the matching rows: filters on parts as `part_id in (…)`, never the join; a
 * lone contains-filter as its search indexes count it (loneSearchTotal).
 */
export function pricingTotal(deps: QueryDeps, f: PricingFilters): Knex.QueryBuilder {
  return (
    loneSearchTotal(deps.db, 'pricing.id', PRICING_SEARCHES, f) ??
    filteredPricing(deps, f, { withParts: false, partsBySubquery: true, everyMatch: true }).count({ total: '*' })
  );
}

/** The sort fields previousApprovedInOnePass's columns can order by (the id's tie-break too). */
const ONE_PASS_SORTS: ReadonlySet<PricingSortField> = new Set(['changeRate', 'pricedAt', 'unitPrice', 'partNo']);

/** An order by the rate reads every match; the one-pass FROM has the columns of these orders only. */
function sortReadsEveryMatch(sort: readonly SortKey<PricingSortField>[]): boolean {
  return sort.some((k) => k.field === 'changeRate') && sort.every((k) => ONE_PASS_SORTS.has(k.field));
}

/** The page's sources: the full join for the rows, and joins only where needed for ids and count. */
export function pricingSource(deps: QueryDeps, f: PricingFilters, sort: readonly SortKey<PricingSortField>[]): ListSource {
  const sortNeedsParts = sort.some((k) => k.field === 'partNo');
  const sortNeedsPrevious = sort.some((k) => k.field === 'changeRate');
  const everyMatch = sortReadsEveryMatch(sort);
  return {
    filtered: (plan) => filteredPricing(deps, f, { plan, withPrevious: true }),
    narrow: (plan) => filteredPricing(deps, f, { withParts: sortNeedsParts, plan, withPrevious: sortNeedsPrevious, everyMatch }),
    total: () => pricingTotal(deps, f),
    unfiltered: () => joinPreviousApproved(deps.db('pricing').join('parts', 'parts.id', 'pricing.part_id')),
    planBy: searchPlanBy(deps.db, PRICING_SEARCHES, f, PRICING_SORT, sort),
  };
}

export function queryPricing(deps: QueryDeps, filters: PricingFilters, page: PageRequest<PricingSortField>): Promise<Page<PricingRow>> {
  return fetchPage<PricingRow, PricingSortField>(deps, pricingSource(deps, filters, page.sort), PRICING_COLUMNS, PRICING_SORT, page);
}
