import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { SERVER_SORT, toListQuery } from '../api/pro-table';
import {
  SECONDARY_PROCESS_PATH,
  querySecondaryProcess,
  type SecondaryProcessQuery,
  type SecondaryProcessRow,
  type SecondaryProcessSortField,
} from '../api/services';
import { noteFilters, restoredFormValues } from '../auth/place';
import { ExportButtons } from '../components/ExportButtons';
import { formatDateTime } from '../format';
import { PRICE_BASIS, PROCESS_CATEGORY, PROCESS_STATUS, titled } from '../labels';
import { formatMoney, MONEY_CELL } from '../money';
import { SECONDARY_PROCESS_ROW_LABELS as L } from '../../../src/domain';

const FILTERS = ['keyword', 'partNo', 'processName', 'category', 'supplier', 'status', 'minPrice', 'maxPrice', 'validOn'] as const;
const ROUTE = '/secondary-process';
/** Search-form range fields and the two filters each is sent as. */
const RANGES = { priceRange: ['minPrice', 'maxPrice'] } as const;
/** Highest priority first; `sorter.multiple` below follows the same order. */
const SORT_PRIORITY: SecondaryProcessSortField[] = ['updatedAt', 'unitPrice', 'processName', 'partNo', 'validFrom'];
const sorter = (field: SecondaryProcessSortField) => ({ multiple: SORT_PRIORITY.length - SORT_PRIORITY.indexOf(field) });

const columns: ProColumns<SecondaryProcessRow>[] = [
  // ProTable sorts locally unless some column has `sorter: true`; multi-column sort needs
  // `{ multiple }` objects on the real columns, so this invisible column switches it to the server.
  SERVER_SORT,
  { title: '关键字', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '单号、加工名称、物料、供应商' } },
  { ...titled(L, 'processNo'), hideInSearch: true },
  { ...titled(L, 'partNo'), sorter: sorter('partNo') },
  { ...titled(L, 'partName'), hideInSearch: true },
  { ...titled(L, 'processName'), sorter: sorter('processName') },
  {
    ...titled(L, 'category'),
    valueType: 'select',
    valueEnum: PROCESS_CATEGORY,
    fieldProps: { mode: 'multiple', allowClear: true, placeholder: '任一类别' },
  },
  { title: '供应商', dataIndex: 'supplier', hideInTable: true, fieldProps: { placeholder: '编码或名称' } },
  { ...titled(L, 'supplierName'), hideInSearch: true, ellipsis: true },
  { ...titled(L, 'priceBasis'), hideInSearch: true, render: (_, row) => PRICE_BASIS[row.priceBasis] },
  {
    ...titled(L, 'unitPrice'),
    hideInSearch: true,
    align: 'right',
    sorter: sorter('unitPrice'),
    onCell: () => ({ style: MONEY_CELL }),
    render: (_, row) => formatMoney(row.unitPrice, 'price'),
  },
  {
    title: `${L.unitPrice}范围`,
    dataIndex: 'priceRange',
    valueType: 'digitRange',
    hideInTable: true,
    search: { transform: ([minPrice, maxPrice]: [number?, number?]) => ({ minPrice, maxPrice }) },
  },
  { ...titled(L, 'currency'), hideInSearch: true },
  { ...titled(L, 'leadTimeDays'), hideInSearch: true, align: 'right' },
  {
    ...titled(L, 'status'),
    valueType: 'select',
    valueEnum: PROCESS_STATUS,
    fieldProps: { mode: 'multiple', allowClear: true, placeholder: '任一状态' },
  },
  { title: '有效日', dataIndex: 'validOn', valueType: 'date', hideInTable: true, fieldProps: { placeholder: '该日有效的报价' } },
  { ...titled(L, 'validFrom'), hideInSearch: true, sorter: sorter('validFrom') },
  { ...titled(L, 'validTo'), hideInSearch: true },
  { ...titled(L, 'remark'), hideInSearch: true, ellipsis: true },
  {
    ...titled(L, 'updatedAt'),
    hideInSearch: true,
    sorter: sorter('updatedAt'),
    render: (_, row) => formatDateTime(row.updatedAt),
  },
];

export default function SecondaryProcessList() {
  const { message } = App.useApp();
  const lastQuery = useRef<SecondaryProcessQuery>({});
  // After a sign-in that interrupted work here, the search form starts with the filters it had.
  const [initialValues] = useState(() => restoredFormValues(ROUTE, RANGES));
  return (
    <ProTable<SecondaryProcessRow>
      headerTitle="二次加工查询"
      rowKey="id"
      columns={columns}
      scroll={{ x: 'max-content' }}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      {...(initialValues ? { form: { initialValues } } : {})}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100, 200] }}
      columnsState={{
        persistenceKey: 'secondary-process-list-columns',
        persistenceType: 'localStorage',
        defaultValue: { remark: { show: false } },
      }}
      options={{ density: true, reload: true, setting: true, fullScreen: false }}
      toolBarRender={() => [<ExportButtons key="export" path={SECONDARY_PROCESS_PATH} query={() => lastQuery.current} />]}
      request={async (params, sort) => {
        const { current, pageSize, sort: sortBody, droppedSort, filters } = toListQuery(params, sort, FILTERS, SORT_PRIORITY);
        if (droppedSort.length > 0) message.warning('最多按 3 列排序，其余排序已忽略');
        const query: SecondaryProcessQuery = { ...filters, ...(sortBody ? { sort: sortBody } : {}) };
        lastQuery.current = query;
        noteFilters(ROUTE, filters);
        try {
          const body = await querySecondaryProcess({ ...query, current, pageSize });
          return { data: body.data, total: body.total, success: true };
        } catch (err) {
          message.error(err instanceof ApiError ? err.describe() : '查询失败：网络错误');
          return { data: [], total: 0, success: false };
        }
      }}
    />
  );
}
