/*
 * Rates (0.1 = 10%) as the search forms show them. A module of its own, free of dayjs: the
 * address of a list holds such a filter in per cent too.
 */

/**
 * A per cent typed in a form (2 decimals) as the rate the API takes. Through the decimal text, so
 * 14.3 becomes 0.143 and not 0.14300000000000002, which the service would round up to a bound of 14.31%.
 */
export function percentToRate(percent: number): number {
  return Number((percent / 100).toFixed(4));
}

/** A rate (4 places) as the per cent a form shows (2 decimals). */
export function rateToPercent(rate: number): number {
  return Number((rate * 100).toFixed(2));
}
