import type { WorkbenchItem } from './api/services';
import type { ListView } from './components/ListViews';
import { addDays, businessToday } from './format';
import { listSearch, type ListSpec } from './list-query';
import { PRICING_LIST, PRICING_LIST_PATH } from './pricing-list';
import { rateToPercent } from './rate';
import { SECONDARY_PROCESS_LIST, SECONDARY_PROCESS_LIST_PATH } from './secondary-process-list';

const LISTS: Record<WorkbenchItem['list'], [string, ListSpec]> = {
  pricing: [PRICING_LIST_PATH, PRICING_LIST],
  secondaryProcess: [SECONDARY_PROCESS_LIST_PATH, SECONDARY_PROCESS_LIST],
};

/**
 * The list page that shows a 工作台 item's rows, in the order that matters for them: its path, its
 * filters and its sort as the list's address has them (rates in per cent). A sort key the list
 * cannot sort by is left out: the list would refuse it.
 */
export function listAddress(item: Pick<WorkbenchItem, 'list' | 'filters' | 'sort'>): string {
  const [path, spec] = LISTS[item.list];
  const filters = Object.fromEntries(
    Object.entries(item.filters).map(([field, value]) => [
      field,
      spec.percents.includes(field) && typeof value === 'number' ? rateToPercent(value) : value,
    ]),
  );
  const sort = Object.fromEntries(Object.entries(item.sort).filter(([field]) => spec.sortFields.includes(field)));
  return `${path}${listSearch({ filters, sort }, spec)}`;
}

/** What 工作台 calls each item; the list's view of the same rows has the same name. */
export const WORKBENCH_TITLES = {
  pending: '待审核',
  pendingRising: '待审核 · 涨幅≥10%',
  expiring: '30 天内到期',
  staleProcesses: '二次加工报价已过期',
  recent: '近 7 天新增',
} as const;

const pricingView = (name: string, state: () => Parameters<typeof listSearch>[0]): ListView => ({
  name,
  search: () => listSearch(state(), PRICING_LIST),
});

/**
 * 核价查询's views of 工作台's items (everyone's), worked out on the day chosen as the service works
 * them out on its today: an item's link then opens its list with its view pressed.
 */
export const PRICING_ITEM_VIEWS: ListView[] = [
  pricingView(WORKBENCH_TITLES.pending, () => ({ filters: { status: ['pending'] }, sort: { pricedAt: 'ascend' } })),
  pricingView(WORKBENCH_TITLES.pendingRising, () => ({
    filters: { status: ['pending'], minChangeRate: 10 },
    sort: { changeRate: 'descend' },
  })),
  pricingView(WORKBENCH_TITLES.expiring, () => {
    const today = businessToday();
    return { filters: { status: ['approved'], validToFrom: today, validToTo: addDays(today, 30) }, sort: {} };
  }),
  pricingView(WORKBENCH_TITLES.recent, () => {
    const today = businessToday();
    return { filters: { pricedFrom: addDays(today, -6), pricedTo: today }, sort: { pricedAt: 'descend' } };
  }),
];

/** 二次加工查询's view of 工作台's 二次加工报价已过期: still 有效, its 失效日期 before today. */
export const PROCESS_ITEM_VIEWS: ListView[] = [
  {
    name: WORKBENCH_TITLES.staleProcesses,
    search: () =>
      listSearch({ filters: { status: ['active'], validToTo: addDays(businessToday(), -1) }, sort: {} }, SECONDARY_PROCESS_LIST),
  },
];
