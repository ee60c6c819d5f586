import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { todayIn, wallClockDate } from '../../src/time-zone';

dayjs.locale('zh-cn');

/**
 * APP_TIMEZONE, written into index.html by the service (src/routes/web-app.ts). Without a document
 * (the build renders the pages for their styles) the default.
 */
export const BUSINESS_TIME_ZONE =
  (typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[name="app-time-zone"]')?.content) ||
  'Asia/Shanghai';

/** A UTC timestamp from the API, as wall time in the business time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '-';
  // The service's own conversion (one cached Intl formatter), as its exports show the same instant.
  return wallClockDate(instant, BUSINESS_TIME_ZONE).toISOString().slice(0, 19).replace('T', ' ');
}

/** A UTC timestamp from the API, as its calendar day in the business time zone. */
export function formatDate(iso: string | null | undefined): string {
  return formatDateTime(iso).slice(0, 10);
}

/** A price's validity as the page says it: 2026-01-01 至 2026-12-31, or 至 长期 when it has no end. */
export function formatValidity(validFrom: string, validTo: string | null): string {
  return `${validFrom} 至 ${validityEnd(validTo)}`;
}

/** The end of a validity: its last day, or 长期 when it has none. */
export const validityEnd = (validTo: string | null): string => validTo ?? '长期';

const quantity = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 4 });
export function formatQuantity(value: number): string {
  return quantity.format(value);
}

export function formatPercent(rate: number): string {
  return `${(rate * 100).toFixed(rate * 100 === Math.round(rate * 100) ? 0 : 2)}%`;
}

// The API's rates have 4 places, i.e. a per cent with 2; a column of them lines up with 2 always.
const CHANGE_RATE = new Intl.NumberFormat('zh-CN', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** A change rate (0.1234, -0.5146) as a signed per cent: +12.34%, -51.46%; 0 as 0.00%. */
export function formatChangeRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '-' : CHANGE_RATE.format(rate);
}

/** A calendar day (YYYY-MM-DD) `days` later (earlier when negative): calendar arithmetic, no time zone. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today's calendar day (YYYY-MM-DD) in the business time zone. */
export function businessToday(): string {
  return todayIn(BUSINESS_TIME_ZONE);
}

// An exchange rate has up to 8 decimals (the table's precision): shown with the digits it has, so
// 7.05 stays 7.05 and 0.04598135 all eight, never a float's noise (rounded at the 8th place).
const FX_RATE = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 8 });

/** An exchange rate (CNY per unit, or report-currency units per unit) as its digits: 7.1338, 0.04598135. */
export function formatFxRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '-' : FX_RATE.format(rate);
}
