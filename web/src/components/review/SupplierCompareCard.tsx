import { Alert, Badge, Table, Tag } from 'antd';
import type { CSSProperties, ReactNode, ThHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { querySupplierCompare, type SupplierColumn, type SupplierCompareRow, type SupplierComparison } from '../../api/services';
import { formatDate } from '../../format';
import { pricingStatus } from '../../labels';
import { formatMoney, MONEY_CELL } from '../../money';
import { PRICING_ROW_LABELS as L } from '../../api/fields';
import { CHANGE_COLORS, RateChange } from '../Change';
import { useAnswer } from './answer';
import { IN_TEXT, ReviewCard } from './ReviewCard';

/** The pricing under review: the light blue of 历史价格's current row (the change colours keep 4.5:1 on it). */
const CURRENT_COLUMN: CSSProperties = { background: '#e6f4ff' };
/** The lowest of a row: bold in the darker green (5.6:1 on white), and said in words by its tag. */
const LOWEST_VALUE: CSSProperties = { color: CHANGE_COLORS.fall, fontWeight: 600 };
const LOWEST_TAG: CSSProperties = { color: CHANGE_COLORS.fall, background: '#f6ffed', borderColor: '#b7eb8f', marginInlineEnd: 6 };

function ColumnHead({ c, current }: { c: SupplierColumn; current: boolean }) {
  const status = pricingStatus(c.status);
  return (
    <div style={{ textAlign: 'left', fontWeight: 'normal', lineHeight: 1.6 }}>
      <div style={{ fontWeight: 600 }} title={c.supplierCode}>
        {c.supplierName}
      </div>
      <div>
        <Link to={`/pricing/${c.id}`} style={IN_TEXT} aria-label={`核价 ${c.pricingNo}（${c.supplierName}）`}>
          {c.pricingNo}
        </Link>
      </div>
      <div style={{ fontSize: 12, color: '#595959' }}>
        <Badge status={status.status} text={status.text} /> · {c.currency} · {formatDate(c.pricedAt)}
      </div>
      <div style={{ marginTop: 2 }}>
        {current && <Tag>本条</Tag>}
        {c.latest && <Tag>最新</Tag>}
        {c.latestApproved && <Tag>最新批准</Tag>}
      </div>
    </div>
  );
}

function Value({ row, index, lowest }: { row: SupplierCompareRow; index: number; lowest: boolean }) {
  const v = row.values[index] ?? null;
  const shown =
    row.kind === 'rate' ? <RateChange rate={v} /> : <span style={lowest ? LOWEST_VALUE : undefined}>{formatMoney(v, 'price')}</span>;
  return lowest ? (
    <span style={{ fontWeight: 600 }}>
      <Tag style={LOWEST_TAG}>最低</Tag>
      {shown}
    </span>
  ) : (
    shown
  );
}

type HeaderCellProps = ThHTMLAttributes<HTMLTableCellElement> & { head?: ReactNode };

/**
 * A header cell that shows a column's `head` where it has one. antd copies each column's title into
 * an aria-hidden row to measure widths, so a title holding a link would put a focusable element
 * there; the links live in `head`, which only the visible header renders.
 */
function HeaderCell({ head, children, ...props }: HeaderCellProps) {
  return <th {...props}>{head ?? children}</th>;
}

function columnsOf(d: SupplierComparison, currentId: number | undefined) {
  return [
    {
      title: '项目',
      key: 'field',
      fixed: 'left' as const,
      width: 132,
      render: (_: unknown, r: SupplierCompareRow) => L[r.field],
    },
    ...d.columns.map((c, i) => {
      const current = c.id === currentId;
      return {
        key: String(c.id),
        // Plain text for the width the table measures in a hidden row; the header cell shows `head`.
        title: c.supplierName,
        align: 'right' as const,
        width: 190,
        onHeaderCell: () =>
          ({
            style: current ? CURRENT_COLUMN : undefined,
            'data-pricing-id': c.id,
            head: <ColumnHead c={c} current={current} />,
          }) as HeaderCellProps,
        onCell: (r: SupplierCompareRow) => ({
          style: { ...MONEY_CELL, ...(current ? CURRENT_COLUMN : {}) },
          'data-pricing-id': c.id,
          'data-lowest': String(r.lowestPricingIds.includes(c.id)),
        }),
        render: (_: unknown, r: SupplierCompareRow) => <Value row={r} index={i} lowest={r.lowestPricingIds.includes(c.id)} />,
      };
    }),
  ];
}

/** What the card says above its table: what the columns are, and where the current pricing is. */
function Notes({ d, currentId }: { d: SupplierComparison; currentId?: number }) {
  const suppliers = new Set(d.columns.map((c) => c.supplierCode)).size;
  const currencies = [...new Set(d.columns.map((c) => c.currency))];
  const which = d.selectedBy === 'pricingIds' ? '按勾选的顺序列出。' : '每家列出最新的一条；最新一条未批准时，另列其最近批准的一条。';
  return (
    <>
      <p style={{ margin: '0 0 8px', color: '#595959' }} data-testid="supplier-compare-summary">
        {`物料 ${d.partNo} ${d.partName}：${suppliers} 家供应商，${d.columns.length} 条核价。${which}`}
        {currencies.length > 1
          ? `每行最低的标为「最低」，只在同一币种之间比较（${currencies.join('、')} 各自标出，不换算汇率）。`
          : '每行最低的标为「最低」；各列相同时不标。'}
      </p>
      {currentId !== undefined && !d.columns.some((c) => c.id === currentId) && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          message="本条不是其供应商最新或最近批准的核价，未列入对比；可在历史价格中查看。"
        />
      )}
      {d.columns.length === 1 && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} message="该物料只有一条可对比的核价，没有其他供应商可比。" />
      )}
    </>
  );
}

/** The comparison itself: the notes, then the table with a column per pricing. */
export function SupplierCompareTable({ d, currentId }: { d: SupplierComparison; currentId?: number }) {
  return (
    <>
      <Notes d={d} currentId={currentId} />
      <Table<SupplierCompareRow>
        rowKey="field"
        size="small"
        bordered
        columns={columnsOf(d, currentId)}
        components={{ header: { cell: HeaderCell } }}
        dataSource={d.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        // The unit price is what is compared in the end: its row stands out, as in 报价对比.
        onRow={(r) => (r.field === 'unitPrice' ? { style: { fontWeight: 600 } } : {})}
        data-testid="supplier-compare"
      />
    </>
  );
}

/**
 * 供应商对比: each supplier's latest pricing of the part (and its latest approved one) side by side
 * (POST /api/query/supplier-compare by partNo), the six costs, the unit prices and the change as
 * rows, the lowest of each row marked as the service marks it. Many suppliers scroll sideways
 * inside the card, the row names staying put.
 */
export function SupplierCompareCard({ partNo, currentId }: { partNo: string; currentId: number }) {
  const answer = useAnswer(querySupplierCompare, { partNo });
  return (
    <ReviewCard id="review-suppliers" title="供应商对比" answer={answer}>
      {(d) => <SupplierCompareTable d={d} currentId={currentId} />}
    </ReviewCard>
  );
}
