import { Badge, Switch, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRICING_ROW_LABELS as L, PRICING_SORT_FIELDS } from '../api/fields';
import { PRICING_PATH, queryPricing, type PricingRow } from '../api/services';
import { CompareSuppliers } from '../components/CompareSuppliers';
import { HoverTip } from '../components/HoverTip';
import { choiceFilter, dayRangeFilter, numberFilter, numberRangeFilter, textFilter, validToFilter } from '../components/list-filters';
import {
  ListTable,
  sorterBy,
  useListAnswer,
  useListSearch,
  type ListCard,
  type ListColumn,
  type ListFilter,
  type ListView,
} from '../components/ListTable';
import { moneyName } from '../components/UnitPrice';
import { partNosFilter } from '../components/PartNos';
import { previousApprovedText, RateChange } from '../components/Change';
import { businessToday, formatDateTime, formatPercent } from '../format';
import { PRICING_STATUS, pricingStatus, VALIDITY_NOTE } from '../labels';
import { listSearch, rememberRow } from '../list-query';
import { formatMoney, MONEY_CELL } from '../money';
import { PRICING_LIST, PRICING_LIST_PATH, pricingPath } from '../pricing-list';
import { PRICING_ITEM_VIEWS } from '../workbench-links';
// Highest priority first; `sorter.multiple` follows the same order.
const sorter = sorterBy(PRICING_SORT_FIELDS);

/** The unit prices and the six costs that add up to one: all per unit, four decimals. */
type MoneyField =
  'materialCost' | 'processCost' | 'secondaryProcessCost' | 'otherCost' | 'managementFee' | 'profit' | 'unitPrice' | 'unitPriceWithTax';
const moneyColumn = (key: MoneyField): ListColumn<PricingRow> => ({
  key,
  title: L[key],
  align: 'right',
  width: 115,
  cellStyle: MONEY_CELL,
  render: (row) => formatMoney(row[key], 'price'),
});

/**
 * A link to a pricing's review page that carries the list's query (the review page walks the list
 * and goes back to it), and marks the row to come back to.
 */
function ReviewLink({ row, label, children }: { row: PricingRow; label?: string; children: ReactNode }) {
  const search = useListSearch();
  return (
    <Link to={pricingPath(row.id, search)} aria-label={label} onClick={() => rememberRow(PRICING_LIST_PATH, row.id)}>
      {children}
    </Link>
  );
}

/**
 * 计价采用: with 仅当前有效 (inForceOn), the row of its part that 批量核价's default rule (最新核价)
 * takes on that day, as the service names it.
 */
function UsedByBom({ row }: { row: PricingRow }) {
  const used = useListAnswer()?.latestInForceIds?.includes(row.id);
  if (!used) return null;
  return (
    <HoverTip title="批量核价按默认规则（最新核价）在该有效日取这一条：该物料当日有效的价格中核价时间最晚的一条">
      {/* antd's green text on its green ground is below AA contrast: a darker green. */}
      <Tag color="green" className="used-by-bom" style={{ marginInlineStart: 6, marginInlineEnd: 0, color: '#135200' }}>
        计价采用
      </Tag>
    </HoverTip>
  );
}

/**
 * 仅当前有效: on is "in force today", sent as today's date. A list opened from an address of another
 * day keeps that day (the same query, as the address says), and says which day it is.
 */
function InForceSwitch({ id, value, onChange }: { id?: string; value?: string; onChange?: (day: string | undefined) => void }) {
  const today = businessToday();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Switch id={id} checked={Boolean(value)} onChange={(on) => onChange?.(on ? today : undefined)} />
      {value && value !== today && <span data-testid="in-force-day">{value} 当日有效</span>}
    </span>
  );
}

// Every column has a width, so the table is as wide as its shown columns (ListTable adds them up):
// the default ones fit 1280 px; long names end in … (the whole text on hover).
const columns: ListColumn<PricingRow>[] = [
  {
    key: 'pricingNo',
    title: L.pricingNo,
    sorter: sorter('pricingNo'),
    // Pinned: scrolling right to the prices keeps which pricing and which supplier in view.
    fixed: 'left',
    width: 140,
    render: (row) => (
      <>
        <ReviewLink row={row}>{row.pricingNo}</ReviewLink>
        <UsedByBom row={row} />
      </>
    ),
  },
  { key: 'partNo', title: L.partNo, sorter: sorter('partNo'), width: 100 },
  { key: 'partName', title: L.partName, cut: true, width: 104 },
  { key: 'spec', title: L.spec, cut: true, width: 120 },
  { key: 'material', title: L.material, cut: true, width: 90 },
  { key: 'unit', title: L.unit, width: 60 },
  { key: 'supplierCode', title: L.supplierCode, width: 100 },
  { key: 'supplierName', title: L.supplierName, cut: true, fixed: 'left', width: 120 },
  moneyColumn('materialCost'),
  moneyColumn('processCost'),
  moneyColumn('secondaryProcessCost'),
  moneyColumn('otherCost'),
  moneyColumn('managementFee'),
  moneyColumn('profit'),
  { ...moneyColumn('unitPrice'), sorter: sorter('unitPrice') },
  {
    // Short, as the issue names it: the column is narrow; the header's tooltip gives the field's full name.
    key: 'changeRate',
    title: '较上次',
    tooltip: `${L.changeRate}：相对同一物料上次批准核价的未税单价`,
    align: 'right',
    width: 100,
    sorter: sorter('changeRate'),
    cellStyle: MONEY_CELL,
    render: (row) => <ChangeCell row={row} />,
  },
  // What 较上次 compares with, as columns of their own (the cell's tooltip says the same).
  {
    key: 'previousApprovedPrice',
    title: L.previousApprovedPrice,
    align: 'right',
    width: 115,
    cellStyle: MONEY_CELL,
    render: (row) => formatMoney(row.previousApprovedPrice, 'price'),
  },
  {
    key: 'previousApprovedPricingNo',
    title: L.previousApprovedPricingNo,
    width: 150,
    render: (row) => row.previousApprovedPricingNo ?? '-',
  },
  { key: 'taxRate', title: L.taxRate, align: 'right', width: 70, render: (row) => formatPercent(row.taxRate) },
  moneyColumn('unitPriceWithTax'),
  { key: 'currency', title: L.currency, width: 56 },
  {
    key: 'status',
    title: L.status,
    width: 90,
    render: (row) => (
      <>
        <Badge status={pricingStatus(row.status).status} text={pricingStatus(row.status).text} />
        <ValidityNote row={row} />
      </>
    ),
  },
  { key: 'pricedBy', title: L.pricedBy, width: 90 },
  { key: 'pricedAt', title: L.pricedAt, width: 150, sorter: sorter('pricedAt'), render: (row) => formatDateTime(row.pricedAt) },
  { key: 'validFrom', title: L.validFrom, width: 110 },
  { key: 'validTo', title: L.validTo, width: 100 },
  { key: 'remark', title: L.remark, cut: true, width: 160 },
  { key: 'updatedAt', title: L.updatedAt, width: 155, sorter: sorter('updatedAt'), render: (row) => formatDateTime(row.updatedAt) },
  { key: 'id', title: L.id, align: 'right', width: 80 },
  {
    key: 'option',
    title: '操作',
    width: 56,
    render: (row) => (
      <ReviewLink row={row} label={`${row.pricingNo} 明细`}>
        明细
      </ReviewLink>
    ),
  },
];

const filters: ListFilter[] = [
  textFilter('keyword', '关键字', '单号、物料、规格、供应商'),
  textFilter('pricingNo', L.pricingNo),
  textFilter('partNo', L.partNo),
  partNosFilter(),
  textFilter('partName', L.partName),
  textFilter('supplier', '供应商', '编码或名称'),
  // Exact, as 工作台's 我的 sends the signed-in person's name: the whole name, not a part of it.
  textFilter('pricedBy', L.pricedBy, '完整姓名'),
  numberRangeFilter('priceRange', `${L.unitPrice}范围`),
  // A price cannot fall by more than all of it: -100% is the lowest bound that means anything.
  numberFilter('minChangeRate', '较上次涨幅下限', { percent: true, min: -100, placeholder: '如 10' }),
  numberFilter('maxChangeRate', '较上次涨幅上限', { percent: true, min: -100, placeholder: '如 50' }),
  choiceFilter('status', L.status, PRICING_STATUS, '任一状态'),
  { name: 'inForceOn', label: '仅当前有效', tooltip: '已批准，且今天在生效日期与失效日期之间', input: <InForceSwitch /> },
  dayRangeFilter('pricedRange', '核价日期'),
  validToFilter(),
];

/**
 * 较上次: the change against the part's previous approved pricing, and in the tooltip which
 * pricing that is (the row's previousApprovedPricingNo) and its price, from the keyboard too.
 */
function ChangeCell({ row }: { row: PricingRow }) {
  return (
    <HoverTip title={previousApprovedText(row)} tabIndex={0} data-testid="change-rate">
      <RateChange rate={row.changeRate} />
    </HoverTip>
  );
}

/** An approved price whose validity has ended, or not yet begun, is no price in force today. */
function ValidityNote({ row }: { row: PricingRow }) {
  if (row.status !== 'approved') return null;
  const today = businessToday();
  if (row.validTo !== null && row.validTo < today) return <span data-testid="validity"> · {VALIDITY_NOTE.ended}</span>;
  if (row.validFrom > today) return <span data-testid="validity"> · {VALIDITY_NOTE.notYet}</span>;
  return null;
}

/**
 * Columns hidden until switched on in the column settings: the rest fit a 1280 px screen without
 * scrolling sideways (含税单价 and 税率 follow from 未税单价; the spec, who priced it and when the
 * validity starts are on the review page; the previous approved price is 较上次's tooltip). 失效日期
 * stays: whether a price is still in force is what a clerk looks for first. Every field of the row
 * is a column, so the settings (and the exports, which follow them) offer each one.
 */
const HIDDEN_BY_DEFAULT = [
  'id',
  'unit',
  'supplierCode',
  'previousApprovedPrice',
  'previousApprovedPricingNo',
  'taxRate',
  'unitPriceWithTax',
  'pricedBy',
  'validFrom',
  'spec',
  'materialCost',
  'processCost',
  'secondaryProcessCost',
  'otherCost',
  'managementFee',
  'profit',
  'remark',
  'updatedAt',
  'material',
];

/**
 * The views every clerk has: 工作台's items (its links open them pressed), then these; worked out
 * when chosen, so "today" and "this month" are the day's.
 */
const VIEWS: ListView[] = [
  ...PRICING_ITEM_VIEWS,
  { name: '当前有效', search: () => listSearch({ filters: { inForceOn: businessToday() }, sort: {} }, PRICING_LIST) },
  { name: '本月新增', search: () => listSearch({ filters: { pricedFrom: `${businessToday().slice(0, 8)}01` }, sort: {} }, PRICING_LIST) },
];

/** A pricing on a phone: its number opens the review page, as the row's link does; the fields a clerk scans. */
function pricingCard(row: PricingRow): ListCard {
  return {
    title: (
      <>
        <ReviewLink row={row}>{row.pricingNo}</ReviewLink>
        <UsedByBom row={row} />
      </>
    ),
    linked: true,
    fields: [
      { field: 'part', label: '物料', value: `${row.partNo} ${row.partName}` },
      { field: 'supplierName', label: '供应商', value: row.supplierName },
      {
        field: 'unitPrice',
        label: L.unitPrice,
        value: (
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(row.unitPrice, 'price')} {moneyName(row.currency)}
          </span>
        ),
      },
      { field: 'changeRate', label: '较上次', value: <RateChange rate={row.changeRate} /> },
      {
        field: 'status',
        label: L.status,
        value: (
          <>
            {pricingStatus(row.status).text}
            <ValidityNote row={row} />
          </>
        ),
      },
    ],
  };
}

export default function PricingList() {
  return (
    <ListTable
      title="核价查询"
      path={PRICING_PATH}
      list={queryPricing}
      spec={PRICING_LIST}
      columns={columns}
      filters={filters}
      columnsKey="pricing-list-columns"
      hiddenColumns={HIDDEN_BY_DEFAULT}
      views={VIEWS}
      selection={{ label: (row) => row.pricingNo, actions: (rows) => <CompareSuppliers rows={rows} /> }}
      card={pricingCard}
      noun="核价记录"
    />
  );
}
