import { Empty } from 'antd';
import type { ProcessLine, ProcessReference, PricingReview } from '../../api/services';
import { BUSINESS_TIME_ZONE, formatQuantity } from '../../format';
import { Validity } from '../Validity';
import { PRICE_BASIS, processCategory, processStatus, titled } from '../../labels';
import { formatMoney, MONEY_CELL } from '../../money';
import { DETAIL_LINE_LABELS as D, SECONDARY_PROCESS_ROW_LABELS as S } from '../../api/fields';
import { MoneyChange, RateChange } from '../Change';
import { FitTable } from '../FitTable';
import type { Answer } from './answer';
import { ReviewCard, SubHeading } from './ReviewCard';

const moneyColumn = { align: 'right' as const };

/** One row per (line, reference): a line with several matching prices spans their rows. */
interface Pair {
  key: string;
  line: ProcessLine;
  /** The line's first row carries its cells, spanning `span` rows; the others none. */
  span: number;
  ref: ProcessLine['references'][number] | null;
}

function pairs(lines: ProcessLine[]): Pair[] {
  return lines.flatMap((line): Pair[] =>
    line.references.length === 0
      ? [{ key: `${line.lineNo}`, line, span: 1, ref: null }]
      : line.references.map((ref, i) => ({
          key: `${line.lineNo}-${ref.processId}`,
          line,
          span: i === 0 ? line.references.length : 0,
          ref,
        })),
  );
}

const lineCell = (p: Pair) => ({ rowSpan: p.span });
// A line without a matching price: one cell over the reference's columns (加工单号 to 差异率) says so.
const REFERENCE_COLUMNS = 6;
const refCell = (first: boolean) => (p: Pair) => (p.ref ? {} : { colSpan: first ? REFERENCE_COLUMNS : 0 });
// A price of another basis (per kg beside a line per piece): one cell over the two difference columns.
const differenceCell = (first: boolean) => (p: Pair) =>
  !p.ref ? { colSpan: 0 } : p.ref.comparable ? { style: MONEY_CELL } : { colSpan: first ? 2 : 0 };

const pairColumns = [
  { title: D.lineNo, key: 'lineNo', onCell: lineCell, render: (_: unknown, p: Pair) => p.line.lineNo },
  { title: D.itemName, key: 'itemName', onCell: lineCell, render: (_: unknown, p: Pair) => p.line.itemName },
  {
    title: D.quantity,
    key: 'quantity',
    ...moneyColumn,
    onCell: (p: Pair) => ({ rowSpan: p.span, style: MONEY_CELL }),
    render: (_: unknown, p: Pair) => `${formatQuantity(p.line.quantity)} ${p.line.unit}`,
  },
  {
    title: `明细${D.unitPrice}`,
    key: 'lineUnitPrice',
    ...moneyColumn,
    onCell: (p: Pair) => ({ rowSpan: p.span, style: MONEY_CELL }),
    render: (_: unknown, p: Pair) => formatMoney(p.line.unitPrice, 'price'),
  },
  {
    title: S.processNo,
    key: 'processNo',
    onCell: refCell(true),
    render: (_: unknown, p: Pair) => p.ref?.processNo ?? '无同名的当日有效报价',
  },
  { title: S.supplierName, key: 'supplierName', onCell: refCell(false), render: (_: unknown, p: Pair) => p.ref?.supplierName },
  {
    title: S.priceBasis,
    key: 'priceBasis',
    onCell: refCell(false),
    render: (_: unknown, p: Pair) => (p.ref ? PRICE_BASIS[p.ref.priceBasis] : null),
  },
  {
    title: `参考${S.unitPrice}`,
    key: 'refUnitPrice',
    ...moneyColumn,
    onCell: (p: Pair) => (p.ref ? { style: MONEY_CELL } : { colSpan: 0 }),
    render: (_: unknown, p: Pair) => formatMoney(p.ref?.unitPrice, 'price'),
  },
  {
    title: '较参考价',
    key: 'difference',
    ...moneyColumn,
    onCell: differenceCell(true),
    render: (_: unknown, p: Pair) => (p.ref?.comparable ? <MoneyChange value={p.ref.difference} /> : '计价单位不同，不比较'),
  },
  {
    title: '差异率',
    key: 'differenceRate',
    ...moneyColumn,
    onCell: differenceCell(false),
    render: (_: unknown, p: Pair) => <RateChange rate={p.ref?.differenceRate} />,
  },
];

const referenceColumns = [
  titled(S, 'processNo'),
  titled(S, 'processName'),
  { ...titled(S, 'category'), render: (v: ProcessReference['category']) => processCategory(v).text },
  titled(S, 'supplierName'),
  { ...titled(S, 'priceBasis'), render: (v: ProcessReference['priceBasis']) => PRICE_BASIS[v] },
  {
    ...titled(S, 'unitPrice'),
    ...moneyColumn,
    onCell: () => ({ style: MONEY_CELL }),
    render: (v: number) => formatMoney(v, 'price'),
  },
  { title: '有效期', key: 'valid', render: (_: unknown, r: ProcessReference) => <Validity from={r.validFrom} to={r.validTo} /> },
  { ...titled(S, 'status'), render: (v: ProcessReference['status']) => processStatus(v).text },
];

/**
 * 二次加工参考价: the part's secondary-process prices valid on the pricing's day, beside this
 * pricing's secondary_process lines of the same name (POST /api/query/pricing-review: processReferences).
 */
export function ProcessReferenceCard({ review }: { review: Answer<PricingReview> }) {
  return (
    <ReviewCard id="review-process" title="二次加工参考价" answer={review}>
      {({ processReferences: refs }) => (
        <>
          <p style={{ margin: 0, color: '#595959' }}>
            {`核价日 ${refs.day}（${BUSINESS_TIME_ZONE}）有效的二次加工报价 ${refs.total} 条` +
              (refs.total > refs.rows.length ? `，列出前 ${refs.rows.length} 条` : '') +
              '。明细与报价按名称对应；较参考价 = 明细单价 − 参考单价。'}
          </p>
          <SubHeading>本条的二次加工明细</SubHeading>
          {refs.lines.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本条没有二次加工明细" />
          ) : (
            <FitTable<Pair>
              rowTitle={(p) => `${D.lineNo} ${p.line.lineNo} ${p.line.itemName}`}
              inTitle={['lineNo', 'itemName']}
              rowKey="key"
              size="small"
              bordered
              columns={pairColumns}
              dataSource={pairs(refs.lines)}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="process-lines"
            />
          )}
          <SubHeading>当日有效的二次加工报价</SubHeading>
          {refs.rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该物料当日没有有效的二次加工报价" />
          ) : (
            <FitTable<ProcessReference>
              rowTitle={(r) => `${r.processNo} ${r.processName}`}
              inTitle={['processNo', 'processName']}
              rowKey="id"
              size="small"
              columns={referenceColumns}
              dataSource={refs.rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="process-references"
            />
          )}
        </>
      )}
    </ReviewCard>
  );
}
