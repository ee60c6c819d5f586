import { createPortal } from 'react-dom';
import type { PricingDetails } from '../../api/services';
import { useCompanyName, usePrintFooter } from './print-sheet';
import { DETAIL_LINE_LABELS as D, PRICING_ROW_LABELS as L } from '../../api/fields';
import { formatDateTime, formatPercent, formatQuantity, formatValidity } from '../../format';
import { COST_TYPES, pricingStatus } from '../../labels';
import { formatMoney } from '../../money';
import { formatChangeRate } from '../../format';
import './print.css';

/** Money of 4 places added exactly, as whole ten-thousandths. */
const addMoney = (values: number[]): number => values.reduce((sum, v) => sum + Math.round(v * 10_000), 0) / 10_000;

/**
 * 核价单: what printing the review page gives (Ctrl+P or 打印核价单). Rendered outside the app's
 * root, which print hides, so the menu, the buttons and the charts never reach the paper; shown only
 * in print. The page number, count and print time are the A4 page's footer (print.css). A pricing
 * that is not approved carries its status (草稿, 待审核 …) large and diagonal across each page.
 */
export function QuoteSheet({ data }: { data: PricingDetails }) {
  const companyName = useCompanyName();
  const footer = usePrintFooter();

  const { pricing: p, details } = data;
  const groups = COST_TYPES.map((t) => ({ ...t, lines: details.filter((d) => d.costType === t.key) })).filter((g) => g.lines.length > 0);
  const money = (v: number | null) => formatMoney(v, 'price');
  const status = pricingStatus(p.status);
  return createPortal(
    <div className="quote-sheet" data-testid="quote-sheet">
      {footer}
      {/* A price not approved is no price to sign: its status across every page (the table says it too). */}
      {p.status !== 'approved' && (
        <div className="qs-watermark" aria-hidden="true" data-testid="quote-sheet-watermark">
          {status.text}
        </div>
      )}
      <header className="qs-title">
        {companyName && <div className="qs-company">{companyName}</div>}
        <h1>核价单</h1>
        <div className="qs-number">
          {L.pricingNo}：{p.pricingNo}
        </div>
      </header>
      <table className="qs-info">
        <tbody>
          <tr>
            <th>{L.partNo}</th>
            <td>{p.partNo}</td>
            <th>{L.partName}</th>
            <td>{p.partName}</td>
          </tr>
          <tr>
            <th>{L.spec}</th>
            <td>{p.spec ?? '-'}</td>
            <th>{L.material}</th>
            <td>
              {p.material}（{L.unit}：{p.unit}）
            </td>
          </tr>
          <tr>
            <th>供应商</th>
            <td colSpan={3}>{`${p.supplierCode} ${p.supplierName}`}</td>
          </tr>
          <tr>
            <th>{L.currency}</th>
            <td>{p.currency}</td>
            <th>{L.status}</th>
            <td>{status.text}</td>
          </tr>
          <tr>
            <th>{L.pricedBy}</th>
            <td>{p.pricedBy}</td>
            <th>{L.pricedAt}</th>
            <td>{formatDateTime(p.pricedAt)}</td>
          </tr>
          <tr>
            <th>有效期</th>
            <td colSpan={3}>{formatValidity(p.validFrom, p.validTo)}</td>
          </tr>
        </tbody>
      </table>

      {/* qs-groups: a cost type's lines and subtotal never split across pages (print.css). */}
      <table className="qs-lines qs-groups">
        <thead>
          <tr>
            <th>费用类型</th>
            <th>{D.lineNo}</th>
            <th>{D.itemName}</th>
            <th>{D.spec}</th>
            <th className="num">{D.quantity}</th>
            <th>{D.unit}</th>
            <th className="num">{D.unitPrice}</th>
            <th className="num">{D.amount}</th>
          </tr>
        </thead>
        {groups.map((g) => (
          <tbody key={g.key}>
            {g.lines.map((d, i) => (
              <tr key={d.lineNo}>
                {i === 0 && (
                  <th rowSpan={g.lines.length + 1} className="qs-type">
                    {g.label}
                  </th>
                )}
                <td>{d.lineNo}</td>
                <td>{d.itemName}</td>
                <td>{d.spec ?? ''}</td>
                <td className="num">{formatQuantity(d.quantity)}</td>
                <td>{d.unit}</td>
                <td className="num">{money(d.unitPrice)}</td>
                <td className="num">{money(d.amount)}</td>
              </tr>
            ))}
            <tr className="qs-subtotal">
              <td colSpan={6}>小计</td>
              <td className="num">{money(addMoney(g.lines.map((d) => d.amount)))}</td>
            </tr>
          </tbody>
        ))}
      </table>

      <table className="qs-prices">
        <tbody>
          <tr>
            <th>{L.unitPrice}</th>
            <td className="num">
              {p.currency} {money(p.unitPrice)}
            </td>
            <th>{L.unitPriceWithTax}</th>
            <td className="num">
              {p.currency} {money(p.unitPriceWithTax)}（{L.taxRate} {formatPercent(p.taxRate)}）
            </td>
          </tr>
          <tr>
            <th>较上次批准</th>
            <td colSpan={3}>
              {p.previousApprovedPricingNo === null
                ? `该物料此前没有 ${p.currency} 的批准价格`
                : `上次批准 ${p.previousApprovedPricingNo}，单价 ${money(p.previousApprovedPrice)}，变动 ${formatChangeRate(p.changeRate)}`}
            </td>
          </tr>
          {p.remark && (
            <tr>
              <th>{L.remark}</th>
              <td colSpan={3}>{p.remark}</td>
            </tr>
          )}
        </tbody>
      </table>

      <div className="qs-signatures">
        {['核价', '审核', '批准'].map((role) => (
          <div key={role} className="qs-sign">
            <div className="qs-sign-role">{role}</div>
            <div className="qs-sign-line">签字：</div>
            <div className="qs-sign-line">日期：</div>
          </div>
        ))}
      </div>
    </div>,
    document.body,
  );
}
