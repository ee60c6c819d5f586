/**
 * What the opened page asks first (工作台's items, or the first page of 核价查询, 二次加工查询 or 汇率),
 * asked by the entry script while the page's code loads: the page takes that answer when it asks
 * the same (api/client.ts). Only without a sign-in provider: with one, the token comes with the
 * sign-in code.
 */
import { postEarly } from './api/client';
import { EXCHANGE_RATES_PATH, PRICING_PATH, SECONDARY_PROCESS_PATH, WORKBENCH_PATH } from './api/services';
import type { AuthConfig } from './auth/config';
import { EXCHANGE_RATE_LIST, EXCHANGE_RATE_LIST_PATH } from './exchange-rate-list';
import { listBody, parseListSearch, type ListSpec } from './list-query';
import { PRICING_LIST, PRICING_LIST_PATH } from './pricing-list';
import { SECONDARY_PROCESS_LIST, SECONDARY_PROCESS_LIST_PATH } from './secondary-process-list';

/** A list's first page: its body as the list reads the address. */
const listFrom = (spec: ListSpec) => (search: string) => listBody(parseListSearch(search, spec), spec);

/** Each such page: its path on the page, its operation, and the body it sends for an address's query. */
const FIRST: readonly [RegExp, string, (search: string) => unknown][] = [
  // Home asks for today's items with no day given (the service's today).
  [/^\/$/, WORKBENCH_PATH, () => ({})],
  [new RegExp(`^${PRICING_LIST_PATH}/?$`), PRICING_PATH, listFrom(PRICING_LIST)],
  [new RegExp(`^${SECONDARY_PROCESS_LIST_PATH}/?$`), SECONDARY_PROCESS_PATH, listFrom(SECONDARY_PROCESS_LIST)],
  [new RegExp(`^${EXCHANGE_RATE_LIST_PATH}/?$`), EXCHANGE_RATES_PATH, listFrom(EXCHANGE_RATE_LIST)],
];

export function prefetchFirstRequest(location: Pick<Location, 'pathname' | 'search'>, auth: Promise<AuthConfig>): void {
  const first = FIRST.find(([path]) => path.test(location.pathname));
  if (!first) return;
  const [, operation, body] = first;
  auth.then(
    (config) => {
      if (!config.enabled) postEarly(operation, body(location.search));
    },
    () => undefined,
  );
}
