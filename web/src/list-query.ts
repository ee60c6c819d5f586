/**
 * A list's place in the address bar: its filters, sort, page and page size as readable query
 * parameters (`?status=pending&minChangeRate=10&sort=changeRate.descend&page=3&pageSize=50`), and
 * back into the search form's values and the request body the form would send. Free of React and
 * dayjs: the review page reads its list's query with it too.
 */
import { percentToRate } from './rate';

export type SortOrder = 'ascend' | 'descend';

/** What the address needs to know of a list's filters to read them back. */
export interface ListSpec {
  /** The operation's filters (the contract's names). */
  filters: readonly string[];
  /** Sortable fields, highest priority first. */
  sortFields: readonly string[];
  /** Filters that are lists: a comma list in the address (`status=approved,expired`). */
  arrays: readonly string[];
  /** Filters that are numbers. */
  numbers: readonly string[];
  /** Rates the form shows in per cent: per cent in the address too (10 for a rise of 10%). */
  percents: readonly string[];
  /** Search-form range fields and the two filters each is sent as. */
  ranges: Record<string, readonly [string, string]>;
}

/** A list's query: the filters as the address and the form hold them (rates in per cent), the sort in priority order, the page. */
export interface ListState {
  filters: Record<string, unknown>;
  sort: Record<string, SortOrder>;
  current: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 20;
/** The largest page the lists answer. */
const MAX_PAGE_SIZE = 200;
const MAX_SORT_KEYS = 3;

/** The list's parameters, each in a form a clerk can read; page 1 and 20 a page, the defaults, are left out. */
export function listSearch(state: Omit<ListState, 'current' | 'pageSize'> & Partial<ListState>, spec: ListSpec): string {
  const parts: string[] = [];
  // Commas stay readable: no code, status or category holds one (批量物料编码 splits at commas).
  const put = (name: string, value: string) => parts.push(`${name}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`);
  for (const field of spec.filters) {
    const value = state.filters[field];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) put(field, value.join(','));
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') put(field, String(value));
  }
  const sort = spec.sortFields.filter((f) => state.sort[f]).map((f) => `${f}.${state.sort[f]}`);
  if (sort.length > 0) put('sort', sort.join(','));
  if (state.current && state.current > 1) put('page', String(state.current));
  if (state.pageSize && state.pageSize !== DEFAULT_PAGE_SIZE) put('pageSize', String(state.pageSize));
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

const positiveInt = (text: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined => {
  const n = Number(text);
  return text && Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

/** The address's parameters as a list's query; what is not the list's (or not readable) is left out. */
export function parseListSearch(search: string, spec: ListSpec): ListState {
  const params = new URLSearchParams(search);
  const filters: Record<string, unknown> = {};
  for (const field of spec.filters) {
    // Repeated parameters and comma lists both read as a list.
    const values = params.getAll(field);
    if (values.length === 0) continue;
    if (spec.arrays.includes(field)) {
      const items = values.flatMap((v) => v.split(',')).map((v) => v.trim());
      const kept = [...new Set(items.filter((v) => v !== ''))];
      if (kept.length > 0) filters[field] = kept;
    } else if (spec.numbers.includes(field)) {
      const n = Number(values[0]);
      if (values[0]!.trim() !== '' && Number.isFinite(n)) filters[field] = n;
    } else if (values[0]!.trim() !== '') filters[field] = values[0]!.trim();
  }
  const sort: Record<string, SortOrder> = {};
  for (const key of (params.get('sort') ?? '').split(',')) {
    const [field, order] = key.trim().split('.');
    if (field && spec.sortFields.includes(field) && (order === 'ascend' || order === 'descend')) sort[field] = order;
  }
  const kept = spec.sortFields.filter((f) => sort[f]).slice(0, MAX_SORT_KEYS);
  return {
    filters,
    sort: Object.fromEntries(kept.map((f) => [f, sort[f]!])),
    current: positiveInt(params.get('page')) ?? 1,
    pageSize: positiveInt(params.get('pageSize'), MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The request body of a list's query: what the search form sends for it (rates as rates). */
export function listBody(state: ListState, spec: ListSpec): Record<string, unknown> {
  const filters = Object.fromEntries(
    Object.entries(state.filters).map(([k, v]) => [k, spec.percents.includes(k) && typeof v === 'number' ? percentToRate(v) : v]),
  );
  const sort = Object.keys(state.sort).length > 0 ? { sort: state.sort } : {};
  return { current: state.current, pageSize: state.pageSize, ...filters, ...sort };
}

/**
 * A query's filters as the search form's values: each range field (e.g. `pricedRange`) gets its two
 * ends back, which the column's search transform splits apart; 批量物料编码 its codes as text.
 */
export function formValues(filters: Record<string, unknown>, spec: ListSpec): Record<string, unknown> {
  const values: Record<string, unknown> = { ...filters };
  for (const [field, [from, to]] of Object.entries(spec.ranges)) {
    if (values[from] === undefined && values[to] === undefined) continue;
    values[field] = [values[from], values[to]];
    delete values[from];
    delete values[to];
  }
  // The field is a one-line input: spaces separate the codes there as line breaks do.
  if (Array.isArray(values.partNos)) values.partNos = (values.partNos as string[]).join(' ');
  return values;
}

/** The filters and sort of a search, without its page: what a saved view keeps and is compared by. */
export function viewSearch(search: string, spec: ListSpec): string {
  const { filters, sort } = parseListSearch(search, spec);
  return listSearch({ filters, sort }, spec);
}

/** The filters of a search alone (no sort nor page): what a search form's values answer to. */
export function filtersOf(search: string, spec: ListSpec): string {
  return listSearch({ filters: parseListSearch(search, spec).filters, sort: {} }, spec);
}

/** The row a person last opened from a list (by the list's path), marked when they come back to it. */
export function rememberRow(listPath: string, id: number): void {
  try {
    sessionStorage.setItem(`list-row:${listPath}`, String(id));
  } catch {
    // storage refused: the list is shown without the mark
  }
}

export function rememberedRow(listPath: string): number | undefined {
  try {
    return positiveInt(sessionStorage.getItem(`list-row:${listPath}`));
  } catch {
    return undefined;
  }
}
