import type { Knex } from 'knex';
import type { QueryDeps } from '../deps.js';
import { wherePredicates, type PredicatesOf, type ReadsEvery, type SearchesOf } from './filters.js';
import { countFirst, firstSortColumn, readPage } from '../paging/fetch-page.js';
import { idsFirstPage, offsetPage, pageShape, type Page, type PageQueries, type PageRequest } from '../paging/page-queries.js';
import type { SortSpec } from '../paging/sort.js';
import { countTotal } from '../freshness/count-cache.js';
import { joinParts, whereDateRange, whereIn, whereMoneyRange, wherePartNos } from '../predicates.js';
import { requestSearches, type NamedCodes, type RequestSearches } from '../search/searches.js';
import type { SearchPlan, SearchScope } from '../search/types.js';
import { columnsOf, sortColumns, type FiltersOf } from '../../resources/field.js';
import { PROCESS_CATEGORY_LABELS } from '../../domain.js';
import {
  SECONDARY_PROCESS_FIELDS,
  SECONDARY_PROCESS_SORT_FIELDS,
  type SECONDARY_PROCESS_FILTERS,
  type SecondaryProcessRow,
} from '../../resources/secondary-process.js';

/** The secondary-process row's SELECT list (src/resources/secondary-process.ts declares its fields). */
export const SECONDARY_PROCESS_COLUMNS = columnsOf(SECONDARY_PROCESS_FIELDS);

export type SecondaryProcessSortField = (typeof SECONDARY_PROCESS_SORT_FIELDS)[number];

export const SECONDARY_PROCESS_SORT = {
  columns: sortColumns(SECONDARY_PROCESS_FIELDS, SECONDARY_PROCESS_SORT_FIELDS),
  defaultSort: { field: 'updatedAt', order: 'descend' },
  idColumn: 'secondary_processes.id',
} as const satisfies SortSpec<SecondaryProcessSortField>;

const processScope = (...columns: string[]): SearchScope => ({ table: 'secondary_processes', columns, key: 'secondary_processes.id' });
const partsScope = (...columns: string[]): SearchScope => ({ table: 'parts', columns, key: 'secondary_processes.part_id' });

/** What the secondary-process list filters by (SECONDARY_PROCESS_FILTERS), as validated. */
export type SecondaryProcessFilters = FiltersOf<typeof SECONDARY_PROCESS_FILTERS>;

/** Each contains-filter and the columns it looks into. */
const PROCESS_SEARCHES = {
  keyword: [processScope('process_no', 'process_name', 'supplier_name'), partsScope('part_no', 'part_name')],
  partNo: [partsScope('part_no')],
  processName: [processScope('process_name')],
  supplier: [processScope('supplier_code', 'supplier_name')],
} as const satisfies SearchesOf<SecondaryProcessFilters>;

/** The keyword also finds a category by its Chinese name (电镀 → plating), whatever its rows' texts say. */
const PROCESS_NAMED_CODES = {
  keyword: { column: 'secondary_processes.category', names: PROCESS_CATEGORY_LABELS },
} as const satisfies Partial<Record<keyof typeof PROCESS_SEARCHES, NamedCodes>>;

/** Each other filter's condition, in the order of the WHERE. */
const PROCESS_PREDICATES = {
  category: (qb, categories) => whereIn(qb, 'secondary_processes.category', categories),
  status: (qb, statuses) => whereIn(qb, 'secondary_processes.status', statuses),
  minPrice: (qb, min) => whereMoneyRange(qb, 'secondary_processes.unit_price', min, undefined),
  maxPrice: (qb, max) => whereMoneyRange(qb, 'secondary_processes.unit_price', undefined, max),
  partNos: (qb, partNos) => wherePartNos(qb, 'secondary_processes.part_id', partNos),
  /** YYYY-MM-DD: only prices valid on that day. */
  validOn: (qb, day) => {
    qb.where('secondary_processes.valid_from', '<=', day).where((inner) => {
      inner.whereNull('secondary_processes.valid_to').orWhere('secondary_processes.valid_to', '>=', day);
    });
  },
  validToFrom: (qb, day) => whereDateRange(qb, 'secondary_processes.valid_to', day, undefined),
  validToTo: (qb, day) => whereDateRange(qb, 'secondary_processes.valid_to', undefined, day),
} satisfies PredicatesOf<SecondaryProcessFilters>;

const everyFilterRead: ReadsEvery<SecondaryProcessFilters, typeof PROCESS_SEARCHES, typeof PROCESS_PREDICATES> = true;
void everyFilterRead;

function filtersNeedParts(f: SecondaryProcessFilters): boolean {
  return Boolean(f.keyword || f.partNo);
}

/** `withParts: false` leaves out the join when no filter needs it (part_id is a NOT NULL foreign key). */
export function filteredSecondaryProcesses(
  deps: QueryDeps,
  f: SecondaryProcessFilters,
  options: { withParts?: boolean; partsBySubquery?: boolean; plan?: SearchPlan } = {},
  searches: RequestSearches = processSearches(deps, f),
): Knex.QueryBuilder {
  const qb = deps.db('secondary_processes');
  // partsBySubquery (the count): filters on parts become `part_id in (…)`, never the join.
  const joined = options.withParts !== false || (filtersNeedParts(f) && !options.partsBySubquery);
  if (joined) joinParts(qb, 'secondary_processes.part_id', { filtersOnParts: filtersNeedParts(f) });
  searches.where(qb, { joined, plan: options.plan });
  wherePredicates(qb, PROCESS_PREDICATES, f, deps);
  return qb;
}

/** The request's contains-filters on its database. */
function processSearches(deps: QueryDeps, f: SecondaryProcessFilters): RequestSearches {
  return requestSearches(deps.db, 'secondary_processes.id', PROCESS_SEARCHES, f, PROCESS_NAMED_CODES);
}

/** `select … as total` of the matching rows, as pricingTotal counts them. */
export function secondaryProcessTotal(deps: QueryDeps, f: SecondaryProcessFilters, searches = processSearches(deps, f)): Knex.QueryBuilder {
  return (
    searches.loneTotal() ?? filteredSecondaryProcesses(deps, f, { withParts: false, partsBySubquery: true }, searches).count({ total: '*' })
  );
}

/** The SQL of one page under `plan`, as pricingPage builds it. */
export function secondaryProcessPage(
  deps: QueryDeps,
  f: SecondaryProcessFilters,
  page: PageRequest<SecondaryProcessSortField>,
  plan: SearchPlan = 'collect',
  searches = processSearches(deps, f),
): PageQueries {
  const shape = pageShape(SECONDARY_PROCESS_SORT, page, plan, deps.deferredJoinMinOffset);
  const filtered = (withParts: boolean) => filteredSecondaryProcesses(deps, f, { withParts, plan }, searches);
  if (shape === 'offset') return offsetPage(filtered(true), SECONDARY_PROCESS_COLUMNS, SECONDARY_PROCESS_SORT, page);
  const narrow = filtered(page.sort.some((k) => k.field === 'partNo'));
  const unfiltered = deps.db('secondary_processes').join('parts', 'parts.id', 'secondary_processes.part_id');
  return idsFirstPage(shape, narrow, unfiltered, SECONDARY_PROCESS_COLUMNS, SECONDARY_PROCESS_SORT, page);
}

export async function querySecondaryProcesses(
  deps: QueryDeps,
  f: SecondaryProcessFilters,
  page: PageRequest<SecondaryProcessSortField>,
): Promise<Page<SecondaryProcessRow>> {
  const searches = processSearches(deps, f);
  const question = searches.planQuestion(firstSortColumn(SECONDARY_PROCESS_SORT, page.sort));
  const total = () => secondaryProcessTotal(deps, f, searches);
  const counted = question && (await countFirst(deps, question, total(), SECONDARY_PROCESS_SORT.idColumn, page));
  const queries = secondaryProcessPage(deps, f, page, counted?.plan, searches);
  const read = await readPage<SecondaryProcessRow>(deps, queries, SECONDARY_PROCESS_COLUMNS, page, counted);
  return { rows: read.rows, total: read.total ?? (await countTotal(deps, total(), undefined, read.token)) };
}
