import { createPortal } from 'react-dom';
import type { BomPrice } from '../../api/services';
import { PRICING_ROW_LABELS as L } from '../../api/fields';
import { formatQuantity } from '../../format';
import { BOM_RESULT } from '../../labels';
import { formatMoney } from '../../money';
import { useCompanyName, usePrintFooter } from './print-sheet';
import './print.css';

/**
 * 批量核价单: what printing 批量核价 gives once it has a result, as the review page prints its
 * 核价单 (print.css): every line in request order, whatever page the screen's table shows, and the
 * totals per currency; the table's header repeats on each page.
 */
export function BomSheet({ answer }: { answer: BomPrice }) {
  const companyName = useCompanyName();
  const footer = usePrintFooter();
  const money = (v: number | null | undefined) => formatMoney(v ?? null, 'price');
  return createPortal(
    <div className="quote-sheet bom-sheet" data-testid="bom-sheet">
      {footer}
      {/* Its eleven columns want the long side across (only this sheet is on the page while it is shown). */}
      <style>{'@page { size: A4 landscape; }'}</style>
      <header className="qs-title">
        {companyName && <div className="qs-company">{companyName}</div>}
        <h1>批量核价单</h1>
        <div className="qs-number">计价日：{answer.on}</div>
      </header>
      <table className="qs-lines">
        <thead>
          <tr>
            <th className="nowrap">行号</th>
            <th>{L.partNo}</th>
            <th>{L.partName}</th>
            <th>供应商</th>
            <th className="num">数量</th>
            <th>{L.currency}</th>
            <th className="num">{L.unitPrice}</th>
            <th className="num">金额</th>
            <th className="num">含税金额</th>
            <th>{L.pricingNo}</th>
            <th>结果</th>
          </tr>
        </thead>
        <tbody>
          {answer.lines.map((line) => (
            <tr key={line.lineNo}>
              <td>{line.lineNo}</td>
              <td className="nowrap">{line.partNo}</td>
              <td>{line.pricing?.partName ?? ''}</td>
              <td>{line.pricing?.supplierName ?? ''}</td>
              <td className="num">{formatQuantity(line.quantity)}</td>
              <td>{line.pricing?.currency ?? ''}</td>
              <td className="num">{line.pricing ? money(line.pricing.unitPrice) : ''}</td>
              <td className="num">{line.amount === null ? '' : money(line.amount)}</td>
              <td className="num">{line.amountWithTax === null ? '' : money(line.amountWithTax)}</td>
              <td className="nowrap">{line.pricing?.pricingNo ?? ''}</td>
              <td className="nowrap">{BOM_RESULT[line.result].text}</td>
            </tr>
          ))}
        </tbody>
        <tbody className="qs-totals">
          {answer.totals.map((t) => (
            <tr key={t.currency} className="qs-subtotal">
              <td colSpan={5}>{`合计（${t.currency}，${t.lines} 行）`}</td>
              <td>{t.currency}</td>
              <td />
              <td className="num">{money(t.amount)}</td>
              <td className="num">{money(t.amountWithTax)}</td>
              <td colSpan={2} />
            </tr>
          ))}
        </tbody>
      </table>
      <p className="qs-note">不同币种分别合计，不相加。</p>
      <div className="qs-signatures">
        {['编制', '审核', '批准'].map((role) => (
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
