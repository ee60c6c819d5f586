/**
 * 核价查询's list as the address holds it: what both the list page and the review page (which walks
 * the list it was opened from) need to read its query.
 */
import { PRICING_FILTER_FIELDS, PRICING_SORT_FIELDS } from './api/fields';
import type { ListSpec } from './list-query';

export const PRICING_LIST_PATH = '/pricing';

export const PRICING_LIST: ListSpec = {
  filters: PRICING_FILTER_FIELDS,
  sortFields: PRICING_SORT_FIELDS,
  arrays: ['partNos', 'status'],
  numbers: ['minPrice', 'maxPrice', 'minChangeRate', 'maxChangeRate'],
  // Typed in per cent (10 for a rise of 10% or more), sent as the rate.
  percents: ['minChangeRate', 'maxChangeRate'],
  ranges: {
    pricedRange: ['pricedFrom', 'pricedTo'],
    priceRange: ['minPrice', 'maxPrice'],
    validToRange: ['validToFrom', 'validToTo'],
  },
};

/**
 * A pricing's review page. Opened from the list, it carries the list's query (`list`, the list's
 * address after `?`), so that it can walk the list and go back to it, after a reload too.
 */
export function pricingPath(id: number, listSearch?: string): string {
  return listSearch === undefined ? `/pricing/${id}` : `/pricing/${id}?list=${encodeURIComponent(listSearch.replace(/^\?/, ''))}`;
}
