import { Alert, App, Badge, Button, Radio, Space, Table, Tag } from 'antd';
import { useEffect, useState, type CSSProperties, type ReactNode, type ThHTMLAttributes } from 'react';
import { Link } from 'react-router';
import {
  getSettings,
  querySupplierCompare,
  SUPPLIER_COMPARE_PATH,
  type SupplierColumn,
  type SupplierCompareQuery,
  type SupplierCompareRow,
  type SupplierComparison,
} from '../../api/services';
import { ExportButtons } from '../ExportButtons';
import type { SupplierCompareSheet } from '../print/SupplierCompareSheet';
import { formatDate, formatFxRate } from '../../format';
import { pricingStatus } from '../../labels';
import { formatMoney, MONEY_CELL } from '../../money';
import { PRICING_ROW_LABELS as L } from '../../api/fields';
import { CHANGE_COLORS, RateChange } from '../Change';
import { useAnswer } from './answer';
import { ConvertedTag } from './CrossCurrencyPrevious';
import { compareSummary, convertedSummary, type Converted } from './supplier-compare-text';
import { IN_TEXT, ReviewCard } from './ReviewCard';

type ColumnRate = Converted['rates'][number];

/** The pricing under review: the light blue of 历史价格's current row (the change colours keep 4.5:1 on it). */
const CURRENT_COLUMN: CSSProperties = { background: '#e6f4ff' };
/** The lowest of a row: bold in the darker green (5.6:1 on white), and said in words by its tag. */
const LOWEST_VALUE: CSSProperties = { color: CHANGE_COLORS.fall, fontWeight: 600 };
const LOWEST_TAG: CSSProperties = { color: CHANGE_COLORS.fall, background: '#f6ffed', borderColor: '#b7eb8f', marginInlineEnd: 6 };

/** A column's rate in the converted view: 1 USD = 7.1338 CNY and its date, or that it has none. */
function RateLine({ rate, to }: { rate: ColumnRate; to: string }) {
  if (rate.currency === to) return null;
  return (
    <div style={{ fontSize: 12 }} data-testid="column-rate">
      {rate.rate === null ? (
        <span style={{ color: CHANGE_COLORS.rise }}>{`该日没有 ${rate.currency} 汇率，无法折算`}</span>
      ) : (
        <>
          <span style={{ whiteSpace: 'nowrap' }}>{`1 ${rate.currency} = ${formatFxRate(rate.rate)} ${to}`}</span>
          {rate.rateDate && <span style={{ color: '#595959', whiteSpace: 'nowrap' }}>{`（${rate.rateDate} 起）`}</span>}
        </>
      )}
    </div>
  );
}

function ColumnHead({ c, current, rate, to }: { c: SupplierColumn; current: boolean; rate?: ColumnRate; to?: string }) {
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
      {rate && to && <RateLine rate={rate} to={to} />}
    </div>
  );
}

function Value({ row, index, lowest, original }: { row: SupplierCompareRow; index: number; lowest: boolean; original?: ReactNode }) {
  const v = row.values[index] ?? null;
  const shown =
    row.kind === 'rate' ? (
      <RateChange rate={v} />
    ) : (
      <span style={lowest ? LOWEST_VALUE : undefined} data-value="">
        {formatMoney(v, 'price')}
      </span>
    );
  const marked = lowest ? (
    <span style={{ fontWeight: 600 }}>
      <Tag style={LOWEST_TAG}>最低</Tag>
      {shown}
    </span>
  ) : (
    shown
  );
  return original ? (
    <>
      {marked}
      {original}
    </>
  ) : (
    marked
  );
}

/** Under a converted value of another currency: the value the pricing has, in its own currency. */
function Original({ value, currency }: { value: number | null | undefined; currency: string }) {
  return (
    <div style={{ fontSize: 12, color: '#595959', fontWeight: 'normal' }} data-original="">
      {`原币 ${formatMoney(value, 'price')} ${currency}`}
    </div>
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

function columnsOf(d: SupplierComparison, currentId: number | undefined, converted?: Converted) {
  return [
    {
      title: converted ? `项目（折算 ${converted.currency}）` : '项目',
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
            head: <ColumnHead c={c} current={current} rate={converted?.rates[i]} to={converted?.currency} />,
          }) as HeaderCellProps,
        onCell: (r: SupplierCompareRow) => ({
          style: { ...MONEY_CELL, ...(current ? CURRENT_COLUMN : {}) },
          'data-pricing-id': c.id,
          'data-lowest': String(r.lowestPricingIds.includes(c.id)),
        }),
        render: (_: unknown, r: SupplierCompareRow) => (
          <Value
            row={r}
            index={i}
            lowest={r.lowestPricingIds.includes(c.id)}
            // A converted value of another currency keeps the pricing's own beside it.
            original={
              converted && c.currency !== converted.currency ? (
                <Original value={d.rows.find((o) => o.field === r.field)?.values[i]} currency={c.currency} />
              ) : undefined
            }
          />
        ),
      };
    }),
  ];
}

/** What the card says above its table: what the columns are, and where the current pricing is. */
function Notes({ d, currentId }: { d: SupplierComparison; currentId?: number }) {
  return (
    <>
      <p style={{ margin: '0 0 8px', color: '#595959' }} data-testid="supplier-compare-summary">
        {compareSummary(d)}
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

/** What the converted view is, above its table: 折算, the day, each currency's rate, what has none. */
function ConvertedNote({ converted: x }: { converted: Converted }) {
  return (
    <p style={{ margin: '0 0 8px' }} data-testid="supplier-compare-converted-note">
      <ConvertedTag />
      {convertedSummary(x)}
    </p>
  );
}

/** Which figures the table shows when the columns' currencies differ. */
type View = 'original' | 'converted';

/**
 * The comparison itself: the notes, then the table with a column per pricing. When the columns'
 * currencies differ, 原币 / 折算人民币 switches it between each pricing's own money (the lowest within
 * a currency) and the service's converted rows (the lowest across all, each column's rate in its head).
 */
export function SupplierCompareTable({ d, query, currentId }: { d: SupplierComparison; query: SupplierCompareQuery; currentId?: number }) {
  const [view, setView] = useState<View>('original');
  const converted = view === 'converted' && d.converted ? d.converted : undefined;
  const rows: SupplierCompareRow[] = converted ? converted.rows.map((r) => ({ ...r, kind: 'money' as const })) : d.rows;
  const printing = usePrinting();
  return (
    <>
      <Notes d={d} currentId={currentId} />
      <div className="supplier-compare-actions">
        <style>{ACTIONS_STYLE}</style>
        {d.converted && (
          <Radio.Group
            aria-label="金额显示"
            optionType="button"
            size="small"
            value={view}
            onChange={(e) => setView(e.target.value as View)}
            options={[
              { value: 'original', label: '原币' },
              { value: 'converted', label: `折算人民币` },
            ]}
          />
        )}
        <Space wrap className="supplier-compare-buttons">
          <Button onClick={printing.start}>打印</Button>
          {/* The same request as the table's, answered as a file (the service's sheet of the comparison). */}
          <ExportButtons path={SUPPLIER_COMPARE_PATH} query={() => query} />
        </Space>
      </div>
      {printing.Sheet && <printing.Sheet d={d} currentId={currentId} converted={converted} />}
      {converted && <ConvertedNote converted={converted} />}
      <Table<SupplierCompareRow>
        // A new key for each view: antd measures the header again for the rates' lines.
        key={view}
        rowKey="field"
        size="small"
        bordered
        columns={columnsOf(d, currentId, converted)}
        components={{ header: { cell: HeaderCell } }}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        // The unit price is what is compared in the end: its row stands out, as in 报价对比.
        onRow={(r) => (r.field === 'unitPrice' ? { style: { fontWeight: 600 } } : {})}
        data-testid={converted ? 'supplier-compare-converted' : 'supplier-compare'}
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
      {(d) => <SupplierCompareTable d={d} query={{ partNo }} currentId={currentId} />}
    </ReviewCard>
  );
}

// The view switch on the left, 打印 and the exports on the right; on a phone they wrap under it.
const ACTIONS_STYLE = `.supplier-compare-actions { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 8px; margin: 0 0 8px; }
.supplier-compare-buttons { margin-inline-start: auto; }`;

/**
 * 打印: the sheet is made, the browser's print asked for once it is drawn, and the sheet taken away
 * when printing ends, so that Ctrl+P on the review page prints the 核价单 again. The sheet's code (and
 * its print CSS, which sets the paper) loads on the first 打印, with the company's name, so the sheet
 * has both when the print dialog opens; in the pages' shared file the CSS would reach every page.
 */
function usePrinting() {
  const { message } = App.useApp();
  const [sheet, setSheet] = useState<{ Sheet: typeof SupplierCompareSheet }>();
  useEffect(() => {
    if (!sheet) return;
    const done = () => setSheet(undefined);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [sheet]);
  const start = () =>
    void Promise.all([getSettings().catch(() => undefined), import('../print/SupplierCompareSheet')]).then(
      ([, code]) => setSheet({ Sheet: code.SupplierCompareSheet }),
      () => message.error('打印失败：页面文件未能加载，请刷新页面后重试'),
    );
  return { Sheet: sheet?.Sheet, start };
}
