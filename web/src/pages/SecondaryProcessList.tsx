import { validToRange } from '../components/valid-to-range';
import type { ProColumns } from '@ant-design/pro-components';
import { SECONDARY_PROCESS_ROW_LABELS as L, SECONDARY_PROCESS_SORT_FIELDS } from '../api/fields';
import { SECONDARY_PROCESS_PATH, querySecondaryProcess, type SecondaryProcessRow } from '../api/services';
import { cutColumn } from '../components/CutText';
import { ListTable, sorterBy, type ListCard } from '../components/ListTable';
import { partNosColumn } from '../components/PartNos';
import { ProcessStats } from '../components/ProcessStats';
import { UnitPrice } from '../components/UnitPrice';
import { formatDateTime } from '../format';
import { PRICE_BASIS, PROCESS_CATEGORY, PROCESS_STATUS, processStatus, titled } from '../labels';
import { MONEY_CELL } from '../money';
import { SECONDARY_PROCESS_LIST } from '../secondary-process-list';

// Highest priority first; `sorter.multiple` follows the same order.
const sorter = sorterBy(SECONDARY_PROCESS_SORT_FIELDS);

const columns: ProColumns<SecondaryProcessRow>[] = [
  { title: '关键字', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '单号、加工名称、类别、物料、供应商' } },
  // Pinned: scrolling right to the prices keeps which quote, which process and which supplier in view.
  { ...titled(L, 'processNo'), hideInSearch: true, fixed: 'left', width: 150 },
  { ...titled(L, 'partNo'), sorter: sorter('partNo') },
  partNosColumn<SecondaryProcessRow>(),
  { ...titled(L, 'partName'), hideInSearch: true },
  { ...titled(L, 'processName'), sorter: sorter('processName'), fixed: 'left', width: 130 },
  {
    ...titled(L, 'category'),
    valueType: 'select',
    valueEnum: PROCESS_CATEGORY,
    fieldProps: { mode: 'multiple', allowClear: true, placeholder: '任一类别' },
  },
  { title: '供应商', dataIndex: 'supplier', hideInTable: true, fieldProps: { placeholder: '编码或名称' } },
  { ...titled(L, 'supplierName'), hideInSearch: true, ...cutColumn<SecondaryProcessRow>('supplierName'), fixed: 'left', width: 200 },
  { ...titled(L, 'priceBasis'), hideInSearch: true, render: (_, row) => PRICE_BASIS[row.priceBasis] },
  {
    ...titled(L, 'unitPrice'),
    hideInSearch: true,
    align: 'right',
    sorter: sorter('unitPrice'),
    onCell: () => ({ style: MONEY_CELL }),
    render: (_, row) => <UnitPrice value={row.unitPrice} currency={row.currency} basis={row.priceBasis} />,
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
  validToRange(),
  { ...titled(L, 'remark'), hideInSearch: true, ...cutColumn<SecondaryProcessRow>('remark') },
  {
    ...titled(L, 'updatedAt'),
    hideInSearch: true,
    sorter: sorter('updatedAt'),
    render: (_, row) => formatDateTime(row.updatedAt),
  },
];

/** Columns hidden until switched on in the column settings. */
const HIDDEN_BY_DEFAULT = ['remark'];

/** A process price on a phone: the fields a clerk scans (the rows link nowhere, so neither do the cards). */
function processCard(row: SecondaryProcessRow): ListCard {
  return {
    title: row.processNo,
    fields: [
      { field: 'processName', label: L.processName, value: row.processName },
      { field: 'part', label: '物料', value: `${row.partNo} ${row.partName}` },
      { field: 'supplierName', label: '供应商', value: row.supplierName },
      { field: 'unitPrice', label: L.unitPrice, value: <UnitPrice value={row.unitPrice} currency={row.currency} basis={row.priceBasis} /> },
      { field: 'status', label: L.status, value: processStatus(row.status).text },
    ],
  };
}

export default function SecondaryProcessList() {
  return (
    <ListTable
      title="二次加工查询"
      path={SECONDARY_PROCESS_PATH}
      list={querySecondaryProcess}
      spec={SECONDARY_PROCESS_LIST}
      columns={columns}
      columnsKey="secondary-process-list-columns"
      hiddenColumns={HIDDEN_BY_DEFAULT}
      aboveTable={(filters) => <ProcessStats filters={filters} />}
      card={processCard}
      noun="二次加工报价"
    />
  );
}
