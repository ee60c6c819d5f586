import { createPortal } from 'react-dom';
import { PRICING_ROW_LABELS as L } from '../../api/fields';
import type { SupplierComparison, SupplierCompareRow } from '../../api/services';
import { formatChangeRate, formatDate, formatFxRate } from '../../format';
import { pricingStatus } from '../../labels';
import { formatMoney } from '../../money';
import { compareSummary, convertedSummary, type Converted } from '../review/supplier-compare-text';
import { useCompanyName, usePrintFooter } from './print-sheet';
import './print.css';

interface Props {
  d: SupplierComparison;
  /** The pricing under review, marked 本条 (none in the list's drawer). */
  currentId?: number;
  /** The converted view when it is the one on screen: the sheet prints what the clerk is looking at. */
  converted?: Converted;
}

/**
 * 供应商对比 on paper: what 打印 on the card (or the list's drawer) gives, on one A4 landscape page
 * for five suppliers (up to ten columns: each supplier's latest pricing and its latest approved one).
 * Made only while printing, and then the only sheet on the paper (print.css): the review page's
 * 核价单 stays for Ctrl+P. Each column names its supplier, pricing, status, currency and day; each
 * row's lowest is bold with 最低 beside it, in words as on the screen.
 */
export function SupplierCompareSheet({ d, currentId, converted }: Props) {
  const companyName = useCompanyName();
  const footer = usePrintFooter();
  const rows: SupplierCompareRow[] = converted ? converted.rows.map((r) => ({ ...r, kind: 'money' as const })) : d.rows;
  return createPortal(
    <div className="quote-sheet supplier-sheet" data-testid="supplier-compare-sheet">
      {footer}
      <style>{'@page { size: A4 landscape; }'}</style>
      <header className="qs-title">
        {companyName && <div className="qs-company">{companyName}</div>}
        <h1>供应商对比</h1>
        <div className="qs-number">
          {`${L.partNo} ${d.partNo} · ${d.partName}`}
          {converted && ` · 折算人民币（按 ${converted.day} 汇率）`}
        </div>
      </header>
      <p className="qs-note">{compareSummary(d, false)}</p>
      {converted && <p className="qs-note">折算：{convertedSummary(converted)}</p>}
      <table className="qs-lines sc-table">
        <thead>
          <tr>
            <th className="sc-field">{converted ? `项目（折算 ${converted.currency}）` : '项目'}</th>
            {d.columns.map((c, i) => {
              const tags = [c.id === currentId && '本条', c.latest && '最新', c.latestApproved && '最新批准'].filter(Boolean);
              const rate = converted?.rates[i];
              return (
                <th key={c.id}>
                  <div className="sc-supplier">{c.supplierName}</div>
                  <div className="nowrap">{c.pricingNo}</div>
                  <div>{`${pricingStatus(c.status).text} · ${c.currency}`}</div>
                  <div>{formatDate(c.pricedAt)}</div>
                  {tags.length > 0 && <div>{tags.join(' · ')}</div>}
                  {rate && converted && rate.currency !== converted.currency && (
                    <div>
                      {rate.rate === null
                        ? `该日没有 ${rate.currency} 汇率`
                        : `1 ${rate.currency} = ${formatFxRate(rate.rate)} ${converted.currency}`}
                    </div>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.field} className={r.field === 'unitPrice' ? 'qs-subtotal' : undefined}>
              <th className="sc-field">{L[r.field]}</th>
              {d.columns.map((c, i) => {
                const v = r.values[i] ?? null;
                const lowest = r.lowestPricingIds.includes(c.id);
                // A converted value of another currency keeps the pricing's own under it, as on the screen.
                const original =
                  converted && c.currency !== converted.currency ? d.rows.find((o) => o.field === r.field)?.values[i] : undefined;
                return (
                  <td key={c.id} className={lowest ? 'num sc-lowest' : 'num'}>
                    {lowest && <span className="sc-lowest-tag">最低</span>}
                    <span className="nowrap">{r.kind === 'rate' ? formatChangeRate(v) : formatMoney(v, 'price')}</span>
                    {original !== undefined && <div className="sc-original">{`原币 ${formatMoney(original, 'price')} ${c.currency}`}</div>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
