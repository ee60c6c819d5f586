import { Badge } from 'antd';
import { SECONDARY_PROCESS_ROW_LABELS as L, SECONDARY_PROCESS_SORT_FIELDS } from '../api/fields';
import { SECONDARY_PROCESS_PATH, querySecondaryProcess, type SecondaryProcessRow } from '../api/services';
import { choiceFilter, dayFilter, numberRangeFilter, textFilter, validToFilter } from '../components/list-filters';
import { ListTable, sorterBy, type ListCard, type ListColumn, type ListFilter } from '../components/ListTable';
import { partNosFilter } from '../components/PartNos';
import { ProcessStats } from '../components/ProcessStats';
import { UnitPrice } from '../components/UnitPrice';
import { Validity } from '../components/Validity';
import { formatDateTime } from '../format';
import { PRICE_BASIS, PROCESS_CATEGORY, PROCESS_STATUS, processCategory, processStatus } from '../labels';
import { MONEY_CELL } from '../money';
import { SECONDARY_PROCESS_LIST } from '../secondary-process-list';
import { PROCESS_ITEM_VIEWS } from '../workbench-links';

// Highest priority first; `sorter.multiple` follows the same order.
const sorter = sorterBy(SECONDARY_PROCESS_SORT_FIELDS);

const columns: ListColumn<SecondaryProcessRow>[] = [
  // Pinned: scrolling right to the prices keeps which quote, which process and which supplier in view.
  { key: 'processNo', title: L.processNo, fixed: 'left', width: 112 },
  { key: 'partNo', title: L.partNo, sorter: sorter('partNo') },
  { key: 'partName', title: L.partName },
  { key: 'processName', title: L.processName, sorter: sorter('processName'), fixed: 'left', width: 120 },
  { key: 'category', title: L.category, render: (row) => processCategory(row.category).text },
  { key: 'supplierCode', title: L.supplierCode },
  { key: 'supplierName', title: L.supplierName, cut: true, fixed: 'left', width: 200 },
  { key: 'priceBasis', title: L.priceBasis, render: (row) => PRICE_BASIS[row.priceBasis] },
  {
    key: 'unitPrice',
    title: L.unitPrice,
    align: 'right',
    sorter: sorter('unitPrice'),
    cellStyle: MONEY_CELL,
    render: (row) => <UnitPrice value={row.unitPrice} currency={row.currency} basis={row.priceBasis} />,
  },
  { key: 'currency', title: L.currency },
  { key: 'leadTimeDays', title: L.leadTimeDays, align: 'right' },
  { key: 'status', title: L.status, render: (row) => <Badge {...processStatus(row.status)} /> },
  { key: 'validFrom', title: L.validFrom, sorter: sorter('validFrom') },
  { key: 'validTo', title: L.validTo },
  { key: 'remark', title: L.remark, cut: true },
  { key: 'updatedAt', title: L.updatedAt, sorter: sorter('updatedAt'), render: (row) => formatDateTime(row.updatedAt) },
  { key: 'id', title: L.id, align: 'right' },
];

const filters: ListFilter[] = [
  textFilter('keyword', '关键字', '单号、加工名称、类别、物料、供应商'),
  textFilter('partNo', L.partNo),
  partNosFilter(),
  textFilter('processName', L.processName),
  choiceFilter('category', L.category, PROCESS_CATEGORY, '任一类别'),
  textFilter('supplier', '供应商', '编码或名称'),
  numberRangeFilter('priceRange', `${L.unitPrice}范围`),
  choiceFilter('status', L.status, PROCESS_STATUS, '任一状态'),
  dayFilter('validOn', '有效日', '该日有效的报价'),
  validToFilter(),
];

/**
 * Columns hidden until switched on in the column settings: every field of the row is one, these few
 * are rarely read (and without them the rest fit a 1400 px screen, 失效日期 included).
 */
const HIDDEN_BY_DEFAULT = ['remark', 'supplierCode', 'updatedAt', 'id'];

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
      { field: 'validity', label: '有效期', value: <Validity from={row.validFrom} to={row.validTo} /> },
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
      filters={filters}
      columnsKey="secondary-process-list-columns"
      hiddenColumns={HIDDEN_BY_DEFAULT}
      aboveTable={(filters, ask) => <ProcessStats filters={filters} onFilters={ask} />}
      views={PROCESS_ITEM_VIEWS}
      card={processCard}
      noun="二次加工报价"
    />
  );
}
