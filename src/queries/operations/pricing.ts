import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialects/index.js';
import type { QueryDeps } from '../deps.js';
import { wherePredicates, type PredicatesOf, type ReadsEvery, type SearchesOf } from './filters.js';
import { countFirst, firstSortColumn, readPage } from '../paging/fetch-page.js';
import { idsFirstPage, offsetPage, pageShape, type Page, type PageQueries, type PageRequest } from '../paging/page-queries.js';
import { countTotal } from '../freshness/count-cache.js';
import type { SortKey, SortSpec } from '../paging/sort.js';
import { joinParts, whereDateRange, whereDayRange, whereIn, whereInForceOn, whereMoneyRange, wherePartNos } from '../predicates.js';
import { joinPreviousApproved, joinPreviousApprovedFromPass, previousApprovedInOnePass, whereChangeRate } from './pricing-change.js';
import { requestSearches, type RequestSearches } from '../search/searches.js';
import type { SearchPlan, SearchScope } from '../search/types.js';
import { tenThousandthsBound } from '../values.js';
import { columnsOf, sortColumns, type FiltersOf } from '../../resources/field.js';
import { PRICING_FIELDS, PRICING_SORT_FIELDS, type PRICING_FILTERS, type PricingRow } from '../../resources/pricing.js';

/** The pricing row's SELECT list (src/resources/pricing.ts declares its fields). */
export const PRICING_COLUMNS = columnsOf(PRICING_FIELDS);

export type PricingSortField = (typeof PRICING_SORT_FIELDS)[number];

export const PRICING_SORT = {
  columns: sortColumns(PRICING_FIELDS, PRICING_SORT_FIELDS),
  defaultSort: { field: 'pricedAt', order: 'descend' },
  idColumn: 'pricing.id',
} as const satisfies SortSpec<PricingSortField>;

const pricingScope = (...columns: string[]): SearchScope => ({ table: 'pricing', columns, key: 'pricing.id' });
const partsScope = (...columns: string[]): SearchScope => ({ table: 'parts', columns, key: 'pricing.part_id' });

/** What the pricing list filters by (PRICING_FILTERS), as validated. */
export type PricingFilters = FiltersOf<typeof PRICING_FILTERS>;

/** Each contains-filter and the columns it looks into. */
const PRICING_SEARCHES = {
  keyword: [pricingScope('pricing_no', 'supplier_name'), partsScope('part_no', 'part_name', 'spec')],
  pricingNo: [pricingScope('pricing_no')],
  partNo: [partsScope('part_no')],
  partName: [partsScope('part_name')],
  supplier: [pricingScope('supplier_code', 'supplier_name')],
} as const satisfies SearchesOf<PricingFilters>;

/** Each other filter's condition, in the order of the WHERE. */
const PRICING_PREDICATES = {
  status: (qb, statuses) => whereIn(qb, 'pricing.status', statuses),
  pricedBy: (qb, name) => void qb.where('pricing.priced_by', name),
  pricedFrom: (qb, day, deps) => whereDayRange(qb, 'pricing.priced_at', day, undefined, deps.timeZone),
  pricedTo: (qb, day, deps) => whereDayRange(qb, 'pricing.priced_at', undefined, day, deps.timeZone),
  minPrice: (qb, min) => whereMoneyRange(qb, 'pricing.unit_price', min, undefined),
  maxPrice: (qb, max) => whereMoneyRange(qb, 'pricing.unit_price', undefined, max),
  // Inclusive on the 4-place rate: the bound as whole ten-thousandths, compared with the exact rate.
  minChangeRate: (qb, min) => whereChangeRate(qb, tenThousandthsBound(min, 'ceil'), undefined),
  maxChangeRate: (qb, max) => whereChangeRate(qb, undefined, tenThousandthsBound(max, 'floor')),
  partNos: (qb, partNos) => wherePartNos(qb, 'pricing.part_id', partNos),
  inForceOn: (qb, day) => void whereInForceOn(qb, day),
  validToFrom: (qb, day) => whereDateRange(qb, 'pricing.valid_to', day, undefined),
  validToTo: (qb, day) => whereDateRange(qb, 'pricing.valid_to', undefined, day),
} satisfies PredicatesOf<PricingFilters>;

const everyFilterRead: ReadsEvery<PricingFilters, typeof PRICING_SEARCHES, typeof PRICING_PREDICATES> = true;
void everyFilterRead;

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
  searches: RequestSearches = pricingSearches(deps, f),
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
  searches.where(qb, { joined, plan: options.plan });
  wherePredicates(qb, PRICING_PREDICATES, f, deps);
  return qb;
}

/** The request's contains-filters on its database. */
function pricingSearches(deps: QueryDeps, f: PricingFilters): RequestSearches {
  return requestSearches(deps.db, 'pricing.id', PRICING_SEARCHES, f);
}

/**
 * `select … as total` of the matching rows: filters on parts as `part_id in (…)`, never the join; a
 * lone contains-filter as its search indexes count it.
 */
export function pricingTotal(deps: QueryDeps, f: PricingFilters, searches = pricingSearches(deps, f)): Knex.QueryBuilder {
  return (
    searches.loneTotal() ??
    filteredPricing(deps, f, { withParts: false, partsBySubquery: true, everyMatch: true }, searches).count({ total: '*' })
  );
}

/** The sort fields previousApprovedInOnePass's columns can order by (the id's tie-break too). */
const ONE_PASS_SORTS: ReadonlySet<PricingSortField> = new Set(['changeRate', 'pricedAt', 'unitPrice', 'partNo']);

/** An order by the rate reads every match; the one-pass FROM has the columns of these orders only. */
function sortReadsEveryMatch(sort: readonly SortKey<PricingSortField>[]): boolean {
  return sort.some((k) => k.field === 'changeRate') && sort.every((k) => ONE_PASS_SORTS.has(k.field));
}

/**
 * The SQL of one page under `plan`: the full join for an OFFSET page; else the ids from only the
 * joins the filters and the sort need, then the rows of those ids.
 */
export function pricingPage(
  deps: QueryDeps,
  f: PricingFilters,
  page: PageRequest<PricingSortField>,
  plan: SearchPlan = 'collect',
  searches = pricingSearches(deps, f),
): PageQueries {
  const shape = pageShape(PRICING_SORT, page, plan, deps.deferredJoinMinOffset);
  if (shape === 'offset')
    return offsetPage(filteredPricing(deps, f, { plan, withPrevious: true }, searches), PRICING_COLUMNS, PRICING_SORT, page);
  const narrow = filteredPricing(
    deps,
    f,
    {
      withParts: page.sort.some((k) => k.field === 'partNo'),
      plan,
      withPrevious: page.sort.some((k) => k.field === 'changeRate'),
      everyMatch: sortReadsEveryMatch(page.sort),
    },
    searches,
  );
  const unfiltered = joinPreviousApproved(deps.db('pricing').join('parts', 'parts.id', 'pricing.part_id'));
  return idsFirstPage(shape, narrow, unfiltered, PRICING_COLUMNS, PRICING_SORT, page);
}

export async function queryPricing(deps: QueryDeps, f: PricingFilters, page: PageRequest<PricingSortField>): Promise<Page<PricingRow>> {
  const searches = pricingSearches(deps, f);
  const question = searches.planQuestion(firstSortColumn(PRICING_SORT, page.sort));
  const total = () => pricingTotal(deps, f, searches);
  const counted = question && (await countFirst(deps, question, total(), PRICING_SORT.idColumn, page));
  const queries = pricingPage(deps, f, page, counted?.plan, searches);
  const read = await readPage<PricingRow>(deps, queries, PRICING_COLUMNS, page, counted);
  return { rows: read.rows, total: read.total ?? (await countTotal(deps, total(), undefined, read.token)) };
}
