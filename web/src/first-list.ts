/**
 * The first page of the list the address opens (核价查询, 二次加工查询), asked by the entry script
 * while the page's code loads: the list takes that answer when it asks the same (api/client.ts).
 * Only without a sign-in provider: with one, the token comes with the sign-in code.
 */
import { postEarly } from './api/client';
import { PRICING_PATH, SECONDARY_PROCESS_PATH } from './api/services';
import type { AuthConfig } from './auth/config';
import { listBody, parseListSearch, type ListSpec } from './list-query';
import { PRICING_LIST, PRICING_LIST_PATH } from './pricing-list';
import { SECONDARY_PROCESS_LIST, SECONDARY_PROCESS_LIST_PATH } from './secondary-process-list';

/** Each list page: its path on the page, its operation and how its address reads. */
const LISTS: readonly [RegExp, string, ListSpec][] = [
  [new RegExp(`^${PRICING_LIST_PATH}/?$`), PRICING_PATH, PRICING_LIST],
  [new RegExp(`^${SECONDARY_PROCESS_LIST_PATH}/?$`), SECONDARY_PROCESS_PATH, SECONDARY_PROCESS_LIST],
];

export function prefetchFirstList(location: Pick<Location, 'pathname' | 'search'>, auth: Promise<AuthConfig>): void {
  const list = LISTS.find(([path]) => path.test(location.pathname));
  if (!list) return;
  const [, operation, spec] = list;
  auth.then(
    (config) => {
      if (!config.enabled) postEarly(operation, listBody(parseListSearch(location.search, spec), spec));
    },
    () => undefined,
  );
}
