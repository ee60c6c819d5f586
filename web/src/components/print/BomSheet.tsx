import { createPortal } from 'react-dom';
import type { BomLineResult, BomPrice, BomRate } from '../../api/services';
import { PRICING_ROW_LABELS as L } from '../../api/fields';
import { formatDate, formatFxRate, formatQuantity, validityEnd } from '../../format';
import { BOM_RESULT, PRICE_RULE, RATE_SOURCE } from '../../labels';
import { formatMoney } from '../../money';
import { useCompanyName, usePrintFooter } from './print-sheet';
import './print.css';

const money = (v: number | null | undefined) => formatMoney(v ?? null, 'price');

/** How many of the last lines go with the totals and the signatures: the signed page always shows some lines. */
const KEPT_WITH_END = 3;

/**
 * 批量核价单: what printing 批量核价 gives once it has a result, as the review page prints its
 * 核价单 (print.css): headed by the BOM's name when one is typed, every line in request order,
 * whatever page the screen's table shows, and the totals per currency; the table's header repeats
 * on each page. The body breaks between rows, but the last lines, the totals and the signature
 * boxes stay on one page, so no page holds only the title or only the signatures. It states what
 * the figures rest on: the rule (and the preferred suppliers), the report currency and each rate
 * used, with its day or 假设汇率; with a report currency, the converted columns and the converted total.
 */
export function BomSheet({ answer, name }: { answer: BomPrice; name?: string }) {
  const companyName = useCompanyName();
  const footer = usePrintFooter();
  const report = answer.reportCurrency;
  const fallback = answer.lines.some((l) => l.chosenBy === 'fallback-latest');
  // 行号 … 含税金额 before the converted columns, 核价单号 … 结果 after them; with the converted
  // columns the day goes under the pricing's number, or the sixteen columns would not fit across A4.
  const stacked = report !== null;
  const before = 9;
  const after = stacked ? 3 : 4;
  const columns = before + (report ? 3 : 0) + after;
  const body = answer.lines.slice(0, -KEPT_WITH_END);
  const end = answer.lines.slice(-KEPT_WITH_END);
  return createPortal(
    <div className="quote-sheet bom-sheet" data-testid="bom-sheet">
      {footer}
      {/* Its thirteen to fifteen columns want the long side across (only this sheet is on the page while it is shown). */}
      <style>{'@page { size: A4 landscape; }'}</style>
      <header className="qs-title">
        {companyName && <div className="qs-company">{companyName}</div>}
        <h1>批量核价单</h1>
        {name && (
          <div className="qs-bom-name" data-testid="bom-sheet-name">
            {name}
          </div>
        )}
        <div className="qs-number">计价日：{answer.on}</div>
      </header>
      <dl className="bom-basis" data-testid="bom-sheet-basis">
        <div>
          <dt>计价规则</dt>
          <dd>
            {PRICE_RULE[answer.rule]}
            {answer.suppliers && `（优先供应商：${answer.suppliers.join('、')}）`}
          </dd>
        </div>
        <div>
          <dt>折算币种</dt>
          <dd>{report ?? '不折算'}</dd>
        </div>
        {answer.rates.length > 0 && (
          <div>
            <dt>所用汇率</dt>
            <dd>{answer.rates.map(rateText).join('；')}（人民币/单位外币）</dd>
          </div>
        )}
        {answer.missingRates.length > 0 && (
          <div>
            <dt>缺少汇率</dt>
            <dd>{answer.missingRates.join('、')}：相关行未折算，不计入折算合计</dd>
          </div>
        )}
      </dl>
      <table className="qs-lines">
        <thead>
          <tr>
            <th className="nowrap">行号</th>
            <th className="bom-code">{L.partNo}</th>
            <th className="bom-part-name">{L.partName}</th>
            <th className="bom-supplier">供应商</th>
            <th className="num">数量</th>
            <th>{L.currency}</th>
            <th className="num">{L.unitPrice}</th>
            <th className="num">金额</th>
            <th className="num">含税金额</th>
            {report && (
              <>
                <th className="num">折算率</th>
                <th className="num">
                  折算金额
                  <br />（{report}）
                </th>
                <th className="num">
                  折算含税金额
                  <br />（{report}）
                </th>
              </>
            )}
            {stacked ? (
              <th>
                {L.pricingNo}
                <br />
                {L.pricedAt}
              </th>
            ) : (
              <>
                <th>{L.pricingNo}</th>
                <th>{L.pricedAt}</th>
              </>
            )}
            <th>有效期</th>
            <th>结果</th>
          </tr>
        </thead>
        {/* The body breaks between rows; the last lines stay with the totals, and those with the signatures (print.css). */}
        {body.length > 0 && (
          <tbody>
            {body.map((line) => (
              <LineRow key={line.lineNo} line={line} report={report} stacked={stacked} />
            ))}
          </tbody>
        )}
        <tbody className="qs-end">
          {end.map((line) => (
            <LineRow key={line.lineNo} line={line} report={report} stacked={stacked} />
          ))}
          {answer.totals.map((t) => (
            <tr key={t.currency} className="qs-subtotal">
              <td colSpan={5}>{`合计（${t.currency}，${t.lines} 行）`}</td>
              <td>{t.currency}</td>
              <td />
              <td className="num">{money(t.amount)}</td>
              <td className="num">{money(t.amountWithTax)}</td>
              {report && <td colSpan={3} />}
              <td colSpan={after} />
            </tr>
          ))}
          {answer.reportTotal && (
            <tr className="qs-subtotal" data-testid="bom-sheet-report-total">
              <td colSpan={before}>{`折算合计（${answer.reportTotal.currency}，${answer.reportTotal.lines} 行）`}</td>
              <td className="num">{answer.reportTotal.rateSource === 'what-if' ? '含假设' : ''}</td>
              <td className="num">{money(answer.reportTotal.amount)}</td>
              <td className="num">{money(answer.reportTotal.amountWithTax)}</td>
              <td colSpan={after} />
            </tr>
          )}
          {/* In the table, so that they go to the next page with the last lines, under the repeated header. */}
          <tr className="qs-sign-off">
            <td colSpan={columns}>
              <p className="qs-note">
                不同币种分别合计，不相加
                {answer.reportTotal && `；折算合计为各行折算金额之和`}
                {answer.reportTotal &&
                  answer.reportTotal.linesWithoutRate > 0 &&
                  `，${answer.reportTotal.linesWithoutRate} 行没有汇率，未计入`}
                。{fallback && ' ※ 规则无法选择（缺汇率或优先供应商都没有有效价格），按最新核价选取。'}
              </p>
              <div className="qs-signatures">
                {['编制', '审核', '批准'].map((role) => (
                  <div key={role} className="qs-sign">
                    <div className="qs-sign-role">{role}</div>
                    <div className="qs-sign-line">签字：</div>
                    <div className="qs-sign-line">日期：</div>
                  </div>
                ))}
              </div>
            </td>
          </tr>
        </tbody>
      </table>
    </div>,
    document.body,
  );
}

/** A line as printed: 行号 … 含税金额, the converted columns with a report currency, then the pricing's number, day and validity, and 结果. */
function LineRow({ line, report, stacked }: { line: BomLineResult; report: string | null; stacked: boolean }) {
  const p = line.pricing;
  const day = p ? formatDate(p.pricedAt) : '';
  return (
    <tr className="qs-line">
      <td>{line.lineNo}</td>
      <td className="bom-code">{line.partNo}</td>
      <td>{line.pricing?.partName ?? ''}</td>
      <td>{line.pricing?.supplierName ?? ''}</td>
      <td className="num">{formatQuantity(line.quantity)}</td>
      <td>{line.pricing?.currency ?? ''}</td>
      <td className="num">{line.pricing ? money(line.pricing.unitPrice) : ''}</td>
      <td className="num">{line.amount === null ? '' : money(line.amount)}</td>
      <td className="num">{line.amountWithTax === null ? '' : money(line.amountWithTax)}</td>
      {report && (
        <>
          <td className="num">
            {line.pricing === null ? '' : line.rate === null ? '无汇率' : formatFxRate(line.rate)}
            {line.rateSource === 'what-if' && '（假设）'}
          </td>
          <td className="num">{line.amountInReportCurrency === null ? '' : money(line.amountInReportCurrency)}</td>
          <td className="num">{line.amountWithTaxInReportCurrency === null ? '' : money(line.amountWithTaxInReportCurrency)}</td>
        </>
      )}
      {stacked ? (
        <td className="nowrap">
          {p?.pricingNo}
          {p && <br />}
          {day}
        </td>
      ) : (
        <>
          <td className="nowrap">{p?.pricingNo ?? ''}</td>
          <td className="nowrap">{day}</td>
        </>
      )}
      {/* On one line where there is room, else the end under the start, never a date cut in two. */}
      <td>{p && <Validity from={p.validFrom} to={p.validTo} />}</td>
      <td className="nowrap">
        {BOM_RESULT[line.result].text}
        {line.chosenBy === 'fallback-latest' && ' ※'}
        {/* As the page and the file ask it: never priced as the other code without the clerk. */}
        {line.suggestion && <div style={{ whiteSpace: 'normal' }}>是否为 {line.suggestion}？</div>}
      </td>
    </tr>
  );
}

function Validity({ from, to }: { from: string; to: string | null }) {
  return (
    <>
      <span className="nowrap">{from}</span> <span className="nowrap">至 {validityEnd(to)}</span>
    </>
  );
}

/** A rate the answer used, as a clerk quotes it: USD 7.1338（汇率表，2026-11-01 起） or USD 7.05（假设汇率）. */
function rateText(r: BomRate): string {
  const from = r.source === 'what-if' ? RATE_SOURCE['what-if'] : `${RATE_SOURCE.table}，${r.rateDate ?? ''} 起`;
  return `${r.currency} ${formatFxRate(r.rateToCny)}（${from}）`;
}
