import type { Knex } from 'knex';
import type { PriceBasis, ProcessCategory, ProcessStatus } from '../../domain.js';
import type { QueryDeps } from '../deps.js';
import { wherePredicates, type FiltersOf, type Predicates } from './filters.js';
import { fetchPage, searchPlanBy } from '../paging/fetch-page.js';
import type { ListSource, Page, PageRequest } from '../paging/page-queries.js';
import type { SortKey, SortSpec } from '../paging/sort.js';
import { joinParts, whereIn, whereMoneyRange } from '../predicates.js';
import { loneSearchTotal, whereSearches } from '../search/searches.js';
import type { SearchPlan, SearchScope, Searches } from '../search/types.js';
import type { Column } from '../values.js';

export const SECONDARY_PROCESS_COLUMNS = [
  { field: 'id', sql: 'secondary_processes.id', kind: 'int' },
  { field: 'processNo', sql: 'secondary_processes.process_no', kind: 'text' },
  { field: 'partNo', sql: 'parts.part_no', kind: 'text' },
  { field: 'partName', sql: 'parts.part_name', kind: 'text' },
  { field: 'processName', sql: 'secondary_processes.process_name', kind: 'text' },
  { field: 'category', sql: 'secondary_processes.category', kind: 'text' },
  { field: 'supplierCode', sql: 'secondary_processes.supplier_code', kind: 'text' },
  { field: 'supplierName', sql: 'secondary_processes.supplier_name', kind: 'text' },
  { field: 'priceBasis', sql: 'secondary_processes.price_basis', kind: 'text' },
  { field: 'unitPrice', sql: 'secondary_processes.unit_price', kind: 'money' },
  { field: 'currency', sql: 'secondary_processes.currency', kind: 'text' },
  { field: 'leadTimeDays', sql: 'secondary_processes.lead_time_days', kind: 'int' },
  { field: 'status', sql: 'secondary_processes.status', kind: 'text' },
  { field: 'validFrom', sql: 'secondary_processes.valid_from', kind: 'date' },
  { field: 'validTo', sql: 'secondary_processes.valid_to', kind: 'date' },
  { field: 'remark', sql: 'secondary_processes.remark', kind: 'text' },
  { field: 'updatedAt', sql: 'secondary_processes.updated_at', kind: 'datetime' },
] as const satisfies readonly Column[];

export interface SecondaryProcessRow {
  id: number;
  processNo: string;
  partNo: string;
  partName: string;
  processName: string;
  category: ProcessCategory;
  supplierCode: string;
  supplierName: string;
  priceBasis: PriceBasis;
  unitPrice: number;
  currency: string;
  leadTimeDays: number;
  status: ProcessStatus;
  validFrom: string;
  validTo: string | null;
  remark: string | null;
  updatedAt: string;
}

export const SECONDARY_PROCESS_SORT = {
  columns: {
    updatedAt: 'secondary_processes.updated_at',
    unitPrice: 'secondary_processes.unit_price',
    processName: 'secondary_processes.process_name',
    partNo: 'parts.part_no',
    validFrom: 'secondary_processes.valid_from',
  },
  defaultSort: { field: 'updatedAt', order: 'descend' },
  idColumn: 'secondary_processes.id',
} as const satisfies SortSpec<string>;

export type SecondaryProcessSortField = keyof typeof SECONDARY_PROCESS_SORT.columns;

const processScope = (...columns: string[]): SearchScope => ({ table: 'secondary_processes', columns, key: 'secondary_processes.id' });
const partsScope = (...columns: string[]): SearchScope => ({ table: 'parts', columns, key: 'secondary_processes.part_id' });

/** Each contains-filter and the columns it looks into. */
const PROCESS_SEARCHES = {
  keyword: [processScope('process_no', 'process_name', 'supplier_name'), partsScope('part_no', 'part_name')],
  partNo: [partsScope('part_no')],
  processName: [processScope('process_name')],
  supplier: [processScope('supplier_code', 'supplier_name')],
} as const satisfies Searches;

/** Each other filter's condition, in the order of the WHERE. */
const PROCESS_PREDICATES = {
  category: (qb, categories: ProcessCategory[]) => whereIn(qb, 'secondary_processes.category', categories),
  status: (qb, statuses: ProcessStatus[]) => whereIn(qb, 'secondary_processes.status', statuses),
  minPrice: (qb, min: number) => whereMoneyRange(qb, 'secondary_processes.unit_price', min, undefined),
  maxPrice: (qb, max: number) => whereMoneyRange(qb, 'secondary_processes.unit_price', undefined, max),
  /** YYYY-MM-DD: only prices valid on that day. */
  validOn: (qb, day: string) => {
    qb.where('secondary_processes.valid_from', '<=', day).where((inner) => {
      inner.whereNull('secondary_processes.valid_to').orWhere('secondary_processes.valid_to', '>=', day);
    });
  },
} satisfies Predicates;

/** What the secondary-process list filters by; secondaryProcessQuerySchema accepts exactly these. */
export type SecondaryProcessFilters = FiltersOf<typeof PROCESS_SEARCHES, typeof PROCESS_PREDICATES>;

function filtersNeedParts(f: SecondaryProcessFilters): boolean {
  return Boolean(f.keyword || f.partNo);
}

/** `withParts: false` leaves out the join when no filter needs it (part_id is a NOT NULL foreign key). */
export function filteredSecondaryProcesses(
  deps: QueryDeps,
  f: SecondaryProcessFilters,
  options: { withParts?: boolean; partsBySubquery?: boolean; plan?: SearchPlan } = {},
): Knex.QueryBuilder {
  const qb = deps.db('secondary_processes');
  // partsBySubquery (the count): filters on parts become `part_id in (…)`, never the join.
  const joined = options.withParts !== false || (filtersNeedParts(f) && !options.partsBySubquery);
  if (joined) joinParts(qb, 'secondary_processes.part_id', { filtersOnParts: filtersNeedParts(f) });
  whereSearches(deps.db, qb, 'secondary_processes.id', PROCESS_SEARCHES, f, { joined, plan: options.plan });
  wherePredicates(qb, PROCESS_PREDICATES, f, deps);
  return qb;
}

/** `select … as total` of the matching rows, as pricingTotal counts them. */
export function secondaryProcessTotal(deps: QueryDeps, f: SecondaryProcessFilters): Knex.QueryBuilder {
  return (
    loneSearchTotal(deps.db, 'secondary_processes.id', PROCESS_SEARCHES, f) ??
    filteredSecondaryProcesses(deps, f, { withParts: false, partsBySubquery: true }).count({ total: '*' })
  );
}

export function secondaryProcessSource(
  deps: QueryDeps,
  f: SecondaryProcessFilters,
  sort: readonly SortKey<SecondaryProcessSortField>[],
): ListSource {
  const sortNeedsParts = sort.some((k) => k.field === 'partNo');
  return {
    filtered: (plan) => filteredSecondaryProcesses(deps, f, { plan }),
    narrow: (plan) => filteredSecondaryProcesses(deps, f, { withParts: sortNeedsParts, plan }),
    total: () => secondaryProcessTotal(deps, f),
    unfiltered: () => deps.db('secondary_processes').join('parts', 'parts.id', 'secondary_processes.part_id'),
    planBy: searchPlanBy(deps.db, PROCESS_SEARCHES, f, SECONDARY_PROCESS_SORT, sort),
  };
}

export function querySecondaryProcesses(
  deps: QueryDeps,
  filters: SecondaryProcessFilters,
  page: PageRequest<SecondaryProcessSortField>,
): Promise<Page<SecondaryProcessRow>> {
  return fetchPage<SecondaryProcessRow, SecondaryProcessSortField>(
    deps,
    secondaryProcessSource(deps, filters, page.sort),
    SECONDARY_PROCESS_COLUMNS,
    SECONDARY_PROCESS_SORT,
    page,
  );
}
