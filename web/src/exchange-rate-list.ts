/** 汇率's list as the address holds it: what the list page and the entry script's first request read. */
import { EXCHANGE_RATE_FILTER_FIELDS, EXCHANGE_RATE_SORT_FIELDS } from './api/fields';
import type { ListSpec } from './list-query';

export const EXCHANGE_RATE_LIST_PATH = '/exchange-rates';

export const EXCHANGE_RATE_LIST: ListSpec = {
  filters: EXCHANGE_RATE_FILTER_FIELDS,
  sortFields: EXCHANGE_RATE_SORT_FIELDS,
  arrays: ['currency'],
  numbers: [],
  percents: [],
  ranges: { validFromRange: ['validFromFrom', 'validFromTo'] },
};
