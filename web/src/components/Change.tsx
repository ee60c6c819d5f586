import type { CSSProperties, ReactNode } from 'react';
import type { PricingRow } from '../api/services';
import { formatChangeRate } from '../format';
import { formatMoney, formatMoneyChange, type MoneyKind } from '../money';

/**
 * How the page shows a change of a price or cost (docs/frontend.md "Rise and fall"): for cost
 * review a rise is the warning, so a rise is red and a fall green (also the 红涨绿跌 the staff
 * know from price boards). Colour is never alone: a rise has ▲ and +, a fall ▼ and -, no change
 * neither. Both colours are antd's darker shades, at least 4.5:1 on white and on the tables'
 * grey and blue row backgrounds.
 */
export const CHANGE_COLORS = { rise: '#cf1322', fall: '#237804', flat: '#595959' } as const;

export type Direction = keyof typeof CHANGE_COLORS;

export function directionOf(value: number): Direction {
  return value > 0 ? 'rise' : value < 0 ? 'fall' : 'flat';
}

const ARROW: Record<Direction, string> = { rise: '▲', fall: '▼', flat: '' };

/** A signed value in its direction's colour, with its arrow (hidden from screen readers: the sign says it). */
export function ChangeText({ direction, children, style }: { direction: Direction; children: ReactNode; style?: CSSProperties }) {
  return (
    <span data-change={direction} style={{ color: CHANGE_COLORS[direction], whiteSpace: 'nowrap', ...style }}>
      {ARROW[direction] && (
        <span aria-hidden="true" style={{ marginInlineEnd: 2, fontSize: '0.8em' }}>
          {ARROW[direction]}
        </span>
      )}
      {children}
    </span>
  );
}

/** A change rate as a signed per cent (+12.34%); `-` where the API has none. */
export function RateChange({ rate }: { rate: number | null | undefined }) {
  if (rate === null || rate === undefined) return <span>-</span>;
  return <ChangeText direction={directionOf(rate)}>{formatChangeRate(rate)}</ChangeText>;
}

/** A difference of money with a sign and the decimals of its kind (+0.7550); `-` where the API has none. */
export function MoneyChange({ value, kind = 'price' }: { value: number | null | undefined; kind?: MoneyKind }) {
  if (value === null || value === undefined) return <span>-</span>;
  return <ChangeText direction={directionOf(value)}>{formatMoneyChange(value, kind)}</ChangeText>;
}

/**
 * What a pricing's change is against, in words, from its row: the previous approved pricing's
 * number and price (then the rate, unless it is shown beside), or why there is no rate.
 */
export function previousApprovedText(
  row: Pick<PricingRow, 'previousApprovedPricingNo' | 'previousApprovedPrice' | 'changeRate'>,
  { withRate = true } = {},
): string {
  const { previousApprovedPricingNo: no, previousApprovedPrice: price, changeRate } = row;
  if (no === null) return '没有更早的批准核价';
  if (price === null) return `上次批准 ${no} 的未税单价为 0，无变动率`;
  return `较上次批准 ${no}（未税单价 ${formatMoney(price, 'price')}）${withRate ? formatChangeRate(changeRate) : ''}`;
}
