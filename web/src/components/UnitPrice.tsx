import type { SecondaryProcessRow } from '../api/services';
import { formatMoney } from '../money';

type PriceBasis = SecondaryProcessRow['priceBasis'];

/** What one unit of each price basis is, as a price per it reads: 元/件, 元/kg, 元/dm², 元/批. */
const PER: Record<PriceBasis, string> = { piece: '件', kg: 'kg', dm2: 'dm²', batch: '批' };

/** The money of a price: 元 and 美元 by name, any other currency by its code (EUR/件). */
const MONEY_NAMES: Record<string, string> = { CNY: '元', USD: '美元' };

/** 元, 美元, or the currency's code. */
export function moneyName(currency: string): string {
  return MONEY_NAMES[currency] ?? currency;
}

/** `元/件`, `美元/kg`, `EUR/dm²`: what a price is per, and in which money. */
export function priceUnit(currency: string, basis: PriceBasis): string {
  return `${moneyName(currency)}/${PER[basis]}`;
}

/** Wide enough for the longest unit (美元/dm²), so that the figures of a column end at one edge. */
const UNIT_WIDTH = '4.2em';

/**
 * A unit price with what it is per: `0.8500 元/件`. The figures are the page's four decimals
 * (money.ts); the unit sits in a box of one width after them, so in a right-aligned column the
 * decimal points still line up whatever the basis.
 */
export function UnitPrice({ value, currency, basis }: { value: number | null | undefined; currency: string; basis: PriceBasis }) {
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      <span data-money="">{formatMoney(value, 'price')}</span>
      <span style={{ display: 'inline-block', width: UNIT_WIDTH, marginInlineStart: 4, textAlign: 'left', color: '#595959' }}>
        {priceUnit(currency, basis)}
      </span>
    </span>
  );
}
