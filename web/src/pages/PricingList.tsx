import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { SERVER_SORT, toListQuery } from '../api/pro-table';
import { PRICING_PATH, queryPricing, type PricingQuery, type PricingRow, type PricingSortField } from '../api/services';
import { noteFilters, restoredFormValues } from '../auth/place';
import { ExportButtons } from '../components/ExportButtons';
import { formatDateTime, formatPercent } from '../format';
import { PRICING_STATUS, titled } from '../labels';
import { formatMoney, MONEY_CELL } from '../money';
import { PRICING_ROW_LABELS as L } from '../../../src/domain';

const FILTERS = [
  'keyword',
  'pricingNo',
  'partNo',
  'partName',
  'supplier',
  'status',
  'pricedFrom',
  'pricedTo',
  'minPrice',
  'maxPrice',
] as const;
const ROUTE = '/pricing';
/** Search-form range fields and the two filters each is sent as. */
const RANGES = { pricedRange: ['pricedFrom', 'pricedTo'], priceRange: ['minPrice', 'maxPrice'] } as const;
/** Highest priority first; `sorter.multiple` below follows the same order. */
const SORT_PRIORITY: PricingSortField[] = ['pricedAt', 'unitPrice', 'pricingNo', 'partNo', 'updatedAt'];
const sorter = (field: PricingSortField) => ({ multiple: SORT_PRIORITY.length - SORT_PRIORITY.indexOf(field) });

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
  // ProTable sorts locally unless some column has `sorter: true`; multi-column sort needs
  // `{ multiple }` objects on the real columns, so this invisible column switches it to the server.
  SERVER_SORT,
  { title: '关键字', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '单号、物料、规格、供应商' } },
  {
    ...titled(L, 'pricingNo'),
    sorter: sorter('pricingNo'),
    render: (_, row) => <Link to={`/pricing/${row.id}`}>{row.pricingNo}</Link>,
  },
  { ...titled(L, 'partNo'), sorter: sorter('partNo') },
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
    title: `${L.unitPrice}范围`,
    dataIndex: 'priceRange',
    valueType: 'digitRange',
    hideInTable: true,
    search: { transform: ([minPrice, maxPrice]: [number?, number?]) => ({ minPrice, maxPrice }) },
  },
  { ...titled(L, 'taxRate'), hideInSearch: true, align: 'right', render: (_, row) => formatPercent(row.taxRate) },
  moneyColumn('unitPriceWithTax'),
  { ...titled(L, 'currency'), hideInSearch: true },
  {
    ...titled(L, 'status'),
    valueType: 'select',
    valueEnum: PRICING_STATUS,
    fieldProps: { mode: 'multiple', allowClear: true, placeholder: '任一状态' },
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

/** Columns hidden until switched on in the column settings (the table is wide). */
const HIDDEN_BY_DEFAULT = [
  'materialCost',
  'processCost',
  'secondaryProcessCost',
  'otherCost',
  'managementFee',
  'profit',
  'validTo',
  'remark',
  'updatedAt',
  'material',
];

export default function PricingList() {
  const { message } = App.useApp();
  const lastQuery = useRef<PricingQuery>({});
  // After a sign-in that interrupted work here, the search form starts with the filters it had.
  const [initialValues] = useState(() => restoredFormValues(ROUTE, RANGES));
  return (
    <ProTable<PricingRow>
      headerTitle="核价查询"
      rowKey="id"
      columns={columns}
      scroll={{ x: 'max-content' }}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      {...(initialValues ? { form: { initialValues } } : {})}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100, 200] }}
      columnsState={{
        persistenceKey: 'pricing-list-columns',
        persistenceType: 'localStorage',
        defaultValue: Object.fromEntries(HIDDEN_BY_DEFAULT.map((k) => [k, { show: false }])),
      }}
      options={{ density: true, reload: true, setting: true, fullScreen: false }}
      toolBarRender={() => [<ExportButtons key="export" path={PRICING_PATH} query={() => lastQuery.current} />]}
      request={async (params, sort) => {
        const { current, pageSize, sort: sortBody, droppedSort, filters } = toListQuery(params, sort, FILTERS, SORT_PRIORITY);
        if (droppedSort.length > 0) message.warning('最多按 3 列排序，其余排序已忽略');
        const query: PricingQuery = { ...filters, ...(sortBody ? { sort: sortBody } : {}) };
        lastQuery.current = query;
        noteFilters(ROUTE, filters);
        try {
          const body = await queryPricing({ ...query, current, pageSize });
          return { data: body.data, total: body.total, success: true };
        } catch (err) {
          message.error(err instanceof ApiError ? err.describe() : '查询失败：网络错误');
          return { data: [], total: 0, success: false };
        }
      }}
    />
  );
}
