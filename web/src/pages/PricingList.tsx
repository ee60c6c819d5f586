import type { ProColumns } from '@ant-design/pro-components';
import { Tooltip } from 'antd';
import { Link } from 'react-router';
import { PRICING_FILTER_FIELDS, PRICING_ROW_LABELS as L, PRICING_SORT_FIELDS } from '../api/fields';
import { PRICING_PATH, queryPricing, type PricingRow } from '../api/services';
import { ListTable, sorterBy } from '../components/ListTable';
import { partNosColumn } from '../components/PartNos';
import { previousApprovedText, RateChange } from '../components/Change';
import { businessToday, formatDateTime, formatPercent } from '../format';
import { PRICING_STATUS, titled, VALIDITY_NOTE } from '../labels';
import { formatMoney, MONEY_CELL } from '../money';

/** Search-form range fields and the two filters each is sent as. */
const RANGES = { pricedRange: ['pricedFrom', 'pricedTo'], priceRange: ['minPrice', 'maxPrice'] } as const;
/** Typed in per cent (10 for a rise of 10 % or more), sent as the rate. */
const PERCENT_FILTERS = ['minChangeRate', 'maxChangeRate'] as const;
// Highest priority first; `sorter.multiple` follows the same order.
const sorter = sorterBy(PRICING_SORT_FIELDS);

/** The unit prices and the six costs that add up to one: all per unit, four decimals. */
type MoneyField =
  'materialCost' | 'processCost' | 'secondaryProcessCost' | 'otherCost' | 'managementFee' | 'profit' | 'unitPrice' | 'unitPriceWithTax';
const moneyColumn = (dataIndex: MoneyField): ProColumns<PricingRow> => ({
  ...titled(L, dataIndex),
  hideInSearch: true,
  align: 'right',
  onCell: () => ({ style: MONEY_CELL }),
  render: (_, row) => formatMoney(row[dataIndex], 'price'),
});

const columns: ProColumns<PricingRow>[] = [
  { title: '关键字', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '单号、物料、规格、供应商' } },
  {
    ...titled(L, 'pricingNo'),
    sorter: sorter('pricingNo'),
    render: (_, row) => <Link to={`/pricing/${row.id}`}>{row.pricingNo}</Link>,
  },
  { ...titled(L, 'partNo'), sorter: sorter('partNo') },
  partNosColumn<PricingRow>(),
  titled(L, 'partName'),
  { ...titled(L, 'spec'), hideInSearch: true, ellipsis: true },
  { ...titled(L, 'material'), hideInSearch: true },
  { title: '供应商', dataIndex: 'supplier', hideInTable: true, fieldProps: { placeholder: '编码或名称' } },
  { ...titled(L, 'supplierName'), hideInSearch: true, ellipsis: true },
  moneyColumn('materialCost'),
  moneyColumn('processCost'),
  moneyColumn('secondaryProcessCost'),
  moneyColumn('otherCost'),
  moneyColumn('managementFee'),
  moneyColumn('profit'),
  { ...moneyColumn('unitPrice'), sorter: sorter('unitPrice') },
  {
    // Short, as the issue names it: the column is narrow; the header's tooltip gives the field's full name.
    title: '较上次',
    dataIndex: 'changeRate',
    tooltip: `${L.changeRate}：相对同一物料上次批准核价的未税单价`,
    hideInSearch: true,
    align: 'right',
    sorter: sorter('changeRate'),
    onCell: () => ({ style: MONEY_CELL }),
    render: (_, row) => <ChangeCell row={row} />,
  },
  {
    title: `${L.unitPrice}范围`,
    dataIndex: 'priceRange',
    valueType: 'digitRange',
    hideInTable: true,
    search: { transform: ([minPrice, maxPrice]: [number?, number?]) => ({ minPrice, maxPrice }) },
  },
  {
    title: '较上次涨幅下限',
    dataIndex: 'minChangeRate',
    valueType: 'digit',
    hideInTable: true,
    // A price cannot fall by more than all of it: -100 % is the lowest bound that means anything.
    fieldProps: { suffix: '%', precision: 2, min: -100, placeholder: '如 10' },
  },
  {
    title: '较上次涨幅上限',
    dataIndex: 'maxChangeRate',
    valueType: 'digit',
    hideInTable: true,
    fieldProps: { suffix: '%', precision: 2, min: -100, placeholder: '如 50' },
  },
  { ...titled(L, 'taxRate'), hideInSearch: true, align: 'right', render: (_, row) => formatPercent(row.taxRate) },
  moneyColumn('unitPriceWithTax'),
  { ...titled(L, 'currency'), hideInSearch: true },
  {
    ...titled(L, 'status'),
    valueType: 'select',
    valueEnum: PRICING_STATUS,
    fieldProps: { mode: 'multiple', allowClear: true, placeholder: '任一状态' },
    render: (dom, row) => (
      <>
        {dom}
        <ValidityNote row={row} />
      </>
    ),
  },
  {
    title: '仅当前有效',
    dataIndex: 'inForceOn',
    valueType: 'switch',
    hideInTable: true,
    tooltip: '已批准，且今天在生效日期与失效日期之间',
    search: { transform: (on: boolean) => (on ? { inForceOn: businessToday() } : {}) },
  },
  { ...titled(L, 'pricedBy'), hideInSearch: true },
  {
    ...titled(L, 'pricedAt'),
    hideInSearch: true,
    sorter: sorter('pricedAt'),
    render: (_, row) => formatDateTime(row.pricedAt),
  },
  {
    title: '核价日期',
    dataIndex: 'pricedRange',
    valueType: 'dateRange',
    hideInTable: true,
    search: { transform: ([pricedFrom, pricedTo]: [string, string]) => ({ pricedFrom, pricedTo }) },
  },
  { ...titled(L, 'validFrom'), hideInSearch: true },
  { ...titled(L, 'validTo'), hideInSearch: true },
  { ...titled(L, 'remark'), hideInSearch: true, ellipsis: true },
  {
    ...titled(L, 'updatedAt'),
    hideInSearch: true,
    sorter: sorter('updatedAt'),
    render: (_, row) => formatDateTime(row.updatedAt),
  },
  {
    title: '操作',
    valueType: 'option',
    key: 'option',
    render: (_, row) => [
      <Link key="details" to={`/pricing/${row.id}`} aria-label={`${row.pricingNo} 明细`}>
        明细
      </Link>,
    ],
  },
];

/**
 * 较上次: the change against the part's previous approved pricing, and in the tooltip which
 * pricing that is (the row's previousApprovedPricingNo) and its price. Focusable, so the tooltip
 * also opens from the keyboard.
 */
function ChangeCell({ row }: { row: PricingRow }) {
  return (
    <Tooltip title={previousApprovedText(row)}>
      <span tabIndex={0} data-testid="change-rate">
        <RateChange rate={row.changeRate} />
      </span>
    </Tooltip>
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

/** Columns hidden until switched on in the column settings (the table is wide). */
const HIDDEN_BY_DEFAULT = [
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

export default function PricingList() {
  return (
    <ListTable
      title="核价查询"
      path={PRICING_PATH}
      list={queryPricing}
      filters={PRICING_FILTER_FIELDS}
      ranges={RANGES}
      percentFilters={PERCENT_FILTERS}
      sortPriority={PRICING_SORT_FIELDS}
      columns={columns}
      columnsKey="pricing-list-columns"
      hiddenColumns={HIDDEN_BY_DEFAULT}
    />
  );
}
