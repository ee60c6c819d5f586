import { Alert, Button, Select, Space, Tag } from 'antd';
import { Link } from 'react-router';
import type { ComparedPricing, CostType, HistoryRow, LineComparison, PricingComparison } from '../../api/services';
import { formatDate, formatQuantity } from '../../format';
import { COMPARE_SIDE, COST_TYPE_LABEL, pricingStatus } from '../../labels';
import { formatMoney, MONEY_CELL } from '../../money';
import { DETAIL_LINE_LABELS as D, PRICING_ROW_LABELS as L } from '../../api/fields';
import { MoneyChange, RateChange } from '../Change';
import { FitTable } from '../FitTable';
import { useNarrow } from '../narrow';
import type { Answer } from './answer';
import type { CrossCurrencyPrevious } from './CrossCurrencyPrevious';
import { IN_TEXT, ReviewCard, SubHeading } from './ReviewCard';

const money = (v: number | null | undefined) => formatMoney(v, 'price');
const moneyColumn = { align: 'right' as const, onCell: () => ({ style: MONEY_CELL }) };

interface Figure {
  key: string;
  name: string;
  amount: number;
  baseAmount: number | null;
  difference: number | null;
  differenceRate: number | null;
}

const figureColumns = [
  { title: '项目', dataIndex: 'name' },
  { title: '本条', dataIndex: 'amount', ...moneyColumn, render: money },
  { title: '基准', dataIndex: 'baseAmount', ...moneyColumn, render: money },
  { title: '差额', dataIndex: 'difference', ...moneyColumn, render: (v: number | null) => <MoneyChange value={v} /> },
  { title: '差异率', dataIndex: 'differenceRate', ...moneyColumn, render: (v: number | null) => <RateChange rate={v} /> },
];

const lineColumns = [
  { title: D.costType, dataIndex: 'costType', render: (v: CostType) => COST_TYPE_LABEL[v] },
  { title: D.itemName, dataIndex: 'itemName' },
  {
    title: '本条',
    children: [
      { title: D.quantity, key: 'quantity', ...moneyColumn, render: (_: unknown, l: LineComparison) => quantityOf(l.line) },
      { title: D.unitPrice, key: 'unitPrice', ...moneyColumn, render: (_: unknown, l: LineComparison) => money(l.line?.unitPrice) },
      { title: D.amount, dataIndex: 'amount', ...moneyColumn, render: money },
    ],
  },
  {
    title: '基准',
    children: [
      { title: D.quantity, key: 'baseQuantity', ...moneyColumn, render: (_: unknown, l: LineComparison) => quantityOf(l.baseLine) },
      { title: D.unitPrice, key: 'baseUnitPrice', ...moneyColumn, render: (_: unknown, l: LineComparison) => money(l.baseLine?.unitPrice) },
      { title: D.amount, dataIndex: 'baseAmount', ...moneyColumn, render: money },
    ],
  },
  { title: '差额', dataIndex: 'difference', ...moneyColumn, render: (v: number) => <MoneyChange value={v} /> },
  { title: '差异率', dataIndex: 'differenceRate', ...moneyColumn, render: (v: number | null) => <RateChange rate={v} /> },
  { title: '对应', dataIndex: 'side', render: (v: LineComparison['side']) => <SideTag side={v} /> },
];

/** A line on one side only, in words. */
function SideTag({ side }: { side: LineComparison['side'] }) {
  const mark = COMPARE_SIDE[side];
  return mark ? (
    <Tag color={mark.color} data-side={side}>
      {mark.text}
    </Tag>
  ) : null;
}

function quantityOf(line: LineComparison['line']): string {
  return line ? `${formatQuantity(line.quantity)} ${line.unit}` : '-';
}

/** The comparison's figures by cost type, then the line total and the unit price, as table rows. */
function figures(c: PricingComparison): Figure[] {
  return [
    ...c.byCostType.map((t) => ({ key: t.costType, name: COST_TYPE_LABEL[t.costType], ...t })),
    { key: 'lineTotal', name: '明细合计', ...c.lineTotal },
    { key: 'unitPrice', name: L.unitPrice, ...c.unitPrice },
  ];
}

function PricingName({ p, link }: { p: ComparedPricing; link: boolean }) {
  return (
    <span>
      {link ? (
        <Link to={`/pricing/${p.id}`} style={IN_TEXT}>
          {p.pricingNo}
        </Link>
      ) : (
        <strong>{p.pricingNo}</strong>
      )}
      {`（${p.supplierName}，${pricingStatus(p.status).text}，${formatDate(p.pricedAt)}，${L.unitPrice} ${money(p.unitPrice)}）`}
    </span>
  );
}

/** The base chooser: any other pricing of the part, the previous approved one marked as the default. */
function BaseChooser({
  rows,
  base,
  previousNo,
  chosen,
  onBase,
}: {
  rows: HistoryRow[];
  base: ComparedPricing | null | undefined;
  previousNo: string | null;
  /** The base asked for (none: the previous approved one, the service's default). */
  chosen: number | undefined;
  onBase: (id: number | undefined) => void;
}) {
  const options = rows
    .filter((r) => !r.current)
    .map((r) => ({
      value: r.id,
      label: `${r.pricingNo}${r.pricingNo === previousNo ? '（上次批准）' : ''} · ${r.supplierName} · ${pricingStatus(r.status).text} · ${money(r.unitPrice)} · ${formatDate(r.pricedAt)}`,
    }));
  // The base is always named, even before the history has come (or when it failed).
  if (base && !options.some((o) => o.value === base.id)) options.unshift({ value: base.id, label: base.pricingNo });
  return (
    <Space wrap>
      <label htmlFor="compare-base">对比基准</label>
      <Select
        id="compare-base"
        style={{ width: 420, maxWidth: '70vw' }}
        // While a newly chosen base loads, the choice stays shown.
        value={base?.id ?? chosen}
        placeholder="选择历史价格中的一条"
        options={options}
        onChange={(id: number) => onBase(id)}
        showSearch
        optionFilterProp="label"
        disabled={options.length === 0}
      />
      {chosen !== undefined && <Button onClick={() => onBase(undefined)}>恢复为上次批准</Button>}
    </Space>
  );
}

/**
 * 报价对比: this pricing beside another of the part (POST /api/query/pricing-compare): by default
 * the previous approved one, or the one chosen here or in 历史价格; by cost type and line by line.
 */
export function CompareCard({
  compare,
  history,
  cross,
  previousNo,
  chosen,
  onBase,
}: {
  compare: Answer<PricingComparison>;
  /** The part's pricings from 历史价格's answer; undefined until it comes (or when it failed). */
  history: HistoryRow[] | undefined;
  /** The earlier approved pricing in another currency (pricing-review), when there is no earlier one in this. */
  cross: CrossCurrencyPrevious | null | undefined;
  previousNo: string | null;
  chosen: number | undefined;
  onBase: (id: number | undefined) => void;
}) {
  const base = !compare.loading && 'data' in compare ? compare.data.base : undefined;
  const chooser = <BaseChooser rows={history ?? []} base={base} previousNo={previousNo} chosen={chosen} onBase={onBase} />;
  // Beside the title on a wide screen; on a phone the chooser took the whole header and hid the title.
  const narrow = useNarrow();
  return (
    <ReviewCard id="review-compare" title="报价对比" answer={compare} extra={!narrow && chooser}>
      {(c) => (
        <>
          {narrow && <div style={{ marginBottom: 12 }}>{chooser}</div>}
          <CompareBody c={c} cross={cross} history={history} />
        </>
      )}
    </ReviewCard>
  );
}

/** The comparison itself: the two pricings named, by cost type, line by line; or why there is none. */
function CompareBody({
  c,
  cross,
  history,
}: {
  c: PricingComparison;
  cross: CrossCurrencyPrevious | null | undefined;
  history: HistoryRow[] | undefined;
}) {
  return c.base === null ? (
    cross ? (
      <Alert
        type="info"
        showIcon
        message={`没有比本条更早的 ${c.pricing.currency} 批准核价`}
        description={`此前最近的批准核价 ${cross.pricing.pricingNo} 是 ${cross.pricing.currency} 的，折算后的比较见页首「较上次批准」。也可在右上角选一条核价作为对比基准（按原币金额比较）。`}
      />
    ) : (
      <Alert
        type="info"
        showIcon
        message="没有比本条更早的批准核价"
        description={
          history !== undefined && !history.some((r) => !r.current)
            ? '该物料只有本条一条核价。'
            : '可在右上角或历史价格中选一条核价作为对比基准。'
        }
      />
    )
  ) : (
    <>
      {c.base.currency !== c.pricing.currency && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="compare-currencies"
          message={`基准是 ${c.base.currency} 核价，本条是 ${c.pricing.currency}：下表为各自原币金额，未折算，差额与差异率不表示涨跌。`}
        />
      )}
      <p style={{ margin: '0 0 8px' }} data-testid="compare-sides">
        本条 <PricingName p={c.pricing} link={false} />
        <br />
        {c.baseChosen === 'previous-approved' ? '基准（上次批准）' : '基准'} <PricingName p={c.base} link />
      </p>
      <SubHeading>按费用类型</SubHeading>
      <FitTable<Figure>
        rowTitle={(f) => f.name}
        inTitle={['name']}
        rowKey="key"
        size="small"
        columns={figureColumns}
        dataSource={figures(c)}
        // The unit price is what is under review: its row stands out.
        onRow={(f) => (f.key === 'unitPrice' ? { style: { fontWeight: 600 } } : {})}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="compare-by-type"
      />
      <SubHeading>逐行对比（按费用类型与项目名称配对）</SubHeading>
      <FitTable<LineComparison>
        rowTitle={(l) => (
          <>
            {COST_TYPE_LABEL[l.costType]} · {l.itemName} <SideTag side={l.side} />
          </>
        )}
        inTitle={['costType', 'itemName', 'side']}
        rowKey={(l) => `${l.side}-${l.line?.lineNo ?? ''}-${l.baseLine?.lineNo ?? ''}`}
        size="small"
        bordered
        columns={lineColumns}
        dataSource={c.lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="compare-lines"
      />
    </>
  );
}
