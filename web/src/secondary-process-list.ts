/** 二次加工查询's list as the address holds it: what the list page and the entry script's first request read. */
import { SECONDARY_PROCESS_FILTER_FIELDS, SECONDARY_PROCESS_SORT_FIELDS } from './api/fields';
import type { ListSpec } from './list-query';

export const SECONDARY_PROCESS_LIST_PATH = '/secondary-process';

export const SECONDARY_PROCESS_LIST: ListSpec = {
  filters: SECONDARY_PROCESS_FILTER_FIELDS,
  sortFields: SECONDARY_PROCESS_SORT_FIELDS,
  arrays: ['partNos', 'category', 'status'],
  numbers: ['minPrice', 'maxPrice'],
  percents: [],
  ranges: { priceRange: ['minPrice', 'maxPrice'], validToRange: ['validToFrom', 'validToTo'] },
};
