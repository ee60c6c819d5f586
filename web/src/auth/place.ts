import { rateToPercent } from '../rate';
import { CALLBACK_PATH, SIGNED_OUT_PATH, SILENT_CALLBACK_PATH } from './settings';

/**
 * The person's place: the page's route and the filters of the list they were on. Sent along in
 * the sign-in request's `state` (oidc-client-ts keeps it in sessionStorage and hands it back with
 * the user), so a sign-in, the first or one after the session ran out, returns them to it.
 */
export interface Place {
  path: string;
  filters?: Record<string, unknown>;
}

/** The filters each list last sent, by route (only for the page's own lists). */
const lastFilters = new Map<string, Record<string, unknown>>();
/** Filters to put back once, after a sign-in brought the person back to their list. */
const pending = new Map<string, Record<string, unknown>>();

/** Called with each list request's filters; the restored ones have then been used. */
export function noteFilters(route: string, filters: Record<string, unknown>): void {
  lastFilters.set(route, filters);
  pending.delete(route);
}

export function currentPlace(): Place {
  const { pathname, search, hash } = window.location;
  const filters = lastFilters.get(pathname);
  return { path: pathname + search + hash, ...(filters && Object.keys(filters).length > 0 ? { filters } : {}) };
}

function isPlace(value: unknown): value is Place {
  const path = (value as Place | null)?.path;
  if (typeof path !== 'string' || !path.startsWith('/')) return false;
  // Only a path of this page: never another origin that a crafted state could name (`//host`,
  // `/\host`), nor the sign-in's own callback pages.
  const url = new URL(path, window.location.origin);
  return url.origin === window.location.origin && ![CALLBACK_PATH, SILENT_CALLBACK_PATH, SIGNED_OUT_PATH].includes(url.pathname);
}

/** The path to go back to after a sign-in; its list gets its filters back on its first request. */
export function restorePlace(state: unknown, fallback: string): string {
  if (!isPlace(state)) return fallback;
  if (state.filters) pending.set(new URL(state.path, window.location.origin).pathname, state.filters);
  return state.path;
}

/** The filters to start the list at `route` with (until its first request), or undefined. */
export function restoredFilters(route: string): Record<string, unknown> | undefined {
  return pending.get(route);
}

/**
 * The restored filters as the search form's values: each range field (e.g. `pricedRange`) gets its
 * two ends (`pricedFrom`, `pricedTo`) back, which the column's search transform split apart, and a
 * rate typed in per cent (`percentFilters`, e.g. minChangeRate) its per cent.
 */
export function restoredFormValues(
  route: string,
  ranges: Record<string, readonly [string, string]>,
  percentFilters: readonly string[] = [],
): Record<string, unknown> | undefined {
  const filters = restoredFilters(route);
  if (!filters) return undefined;
  const values: Record<string, unknown> = { ...filters };
  for (const field of percentFilters) if (typeof values[field] === 'number') values[field] = rateToPercent(values[field]);
  for (const [field, [from, to]] of Object.entries(ranges)) {
    if (values[from] === undefined && values[to] === undefined) continue;
    values[field] = [values[from], values[to]];
    delete values[from];
    delete values[to];
  }
  return values;
}
