import { Alert, Tag } from 'antd';
import { Link } from 'react-router';
import type { PricingReview } from '../../api/services';
import { formatDate, formatFxRate } from '../../format';
import { formatMoney, MONEY_CELL } from '../../money';
import { RateChange } from '../Change';
import { IN_TEXT } from './ReviewCard';

/** pricing-review's `crossCurrencyPrevious`: the latest earlier approved price, in another currency. */
export type CrossCurrencyPrevious = NonNullable<PricingReview['crossCurrencyPrevious']>;

/** 折算, in words: a converted figure never stands without it. */
export function ConvertedTag() {
  return (
    <Tag color="blue" style={{ marginInlineEnd: 4 }}>
      折算
    </Tag>
  );
}

const money = (v: number | null, currency: string) => (
  <span style={MONEY_CELL}>
    {formatMoney(v, 'price')} {currency}
  </span>
);

/**
 * The header's 较上次批准 when the part has no earlier approved price in this pricing's currency but
 * has one in another: the converted change, 折算 said first, against which pricing (details below).
 */
export function CrossCurrencyChange({ x, currency }: { x: CrossCurrencyPrevious; currency: string }) {
  const { pricing: before } = x;
  if (x.changeRate === null) {
    return (
      <>
        {x.missingRates.length > 0
          ? `没有更早的 ${currency} 批准核价；该日没有 ${x.missingRates.join('、')} 的汇率，无法与 ${before.currency} 批准价折算比较`
          : `没有更早的 ${currency} 批准核价；${before.currency} 批准价 ${before.pricingNo} 的未税单价为 0，无变动率`}
      </>
    );
  }
  return (
    <>
      <ConvertedTag />
      <RateChange rate={x.changeRate} /> {`较上次 ${before.currency} 批准 ${before.pricingNo}（按 ${x.day} 汇率折算）`}
    </>
  );
}

/**
 * The converted comparison in full, under the header: the earlier pricing (its number a link to its
 * review, supplier, day, price in its own currency), the rate and its date, the converted price
 * beside this one's, and the change; or why it cannot be converted. pricing-review's own figures.
 */
export function CrossCurrencyPanel({ x, currency, unitPrice }: { x: CrossCurrencyPrevious; currency: string; unitPrice: number }) {
  const { pricing: before } = x;
  const converted = x.rate !== null && x.convertedUnitPrice !== null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginTop: 12 }}
      data-testid="cross-currency-previous"
      message={
        <span data-testid="cross-currency-message">
          {`该物料此前没有 ${currency} 的批准价格；`}
          {converted ? (
            <>
              {`按 ${x.day} 汇率折算，较上次 ${before.currency} 批准价 `}
              <RateChange rate={x.changeRate} />
            </>
          ) : x.missingRates.length > 0 ? (
            `该日（${x.day}）没有 ${x.missingRates.join('、')} 的汇率，无法折算`
          ) : (
            '无法折算'
          )}
        </span>
      }
      description={
        <div style={{ lineHeight: 1.8 }}>
          <div>
            {`上次 ${before.currency} 批准：`}
            <Link to={`/pricing/${before.id}`} style={{ ...IN_TEXT, whiteSpace: 'nowrap' }} data-testid="cross-currency-pricing">
              {before.pricingNo}
            </Link>
            {` · ${before.supplierName} · ${formatDate(before.pricedAt)} · 未税单价 `}
            {money(before.unitPrice, before.currency)}
          </div>
          {converted && (
            <div data-testid="cross-currency-figures">
              <ConvertedTag />
              {'折算未税单价 '}
              <strong data-testid="cross-currency-converted">{money(x.convertedUnitPrice, currency)}</strong>
              {'（汇率 '}
              <span
                data-testid="cross-currency-rate"
                style={MONEY_CELL}
              >{`1 ${before.currency} = ${formatFxRate(x.rate)} ${currency}`}</span>
              {x.rateDate && <span data-testid="cross-currency-rate-date">{`，${x.rateDate} 起`}</span>}
              {'）；本条 '}
              {money(unitPrice, currency)}
            </div>
          )}
        </div>
      }
    />
  );
}
