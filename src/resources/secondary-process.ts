import type { z } from 'zod';
import {
  PRICE_BASES,
  PRICE_BASIS_LABELS,
  PROCESS_CATEGORIES,
  PROCESS_CATEGORY_LABELS,
  PROCESS_STATUS_LABELS,
  PROCESS_STATUSES,
} from '../domain.js';
import { dateString, enumList, partNoList, price, textFilter } from '../schemas/common.js';
import { codes, date, dateTime, int, labelsOf, money, nullableDate, nullableText, rowSchema, text, type Fields } from './field.js';

/** The secondary-process row (二次加工报价) of the contract, in its field order. */
export const SECONDARY_PROCESS_FIELDS = {
  id: { label: 'ID', type: int, sql: 'secondary_processes.id' },
  processNo: { label: '加工单号', type: text, sql: 'secondary_processes.process_no' },
  partNo: { label: '物料编码', type: text, sql: 'parts.part_no' },
  partName: { label: '物料名称', type: text, sql: 'parts.part_name' },
  processName: { label: '加工名称', note: '，如 镀锌、淬火', type: text, sql: 'secondary_processes.process_name' },
  category: {
    label: '加工类别',
    type: codes(PROCESS_CATEGORIES),
    sql: 'secondary_processes.category',
    display: { labels: PROCESS_CATEGORY_LABELS },
  },
  supplierCode: { label: '供应商编码', type: text, sql: 'secondary_processes.supplier_code' },
  supplierName: { label: '供应商名称', type: text, sql: 'secondary_processes.supplier_name' },
  priceBasis: {
    label: '计价方式',
    type: codes(PRICE_BASES),
    sql: 'secondary_processes.price_basis',
    display: { labels: PRICE_BASIS_LABELS },
  },
  unitPrice: { label: '单价', type: money, sql: 'secondary_processes.unit_price' },
  currency: { label: '币种', note: '（ISO 4217）', type: text, sql: 'secondary_processes.currency' },
  leadTimeDays: { label: '交期（天）', type: int, sql: 'secondary_processes.lead_time_days' },
  status: { label: '状态', type: codes(PROCESS_STATUSES), sql: 'secondary_processes.status', display: { labels: PROCESS_STATUS_LABELS } },
  validFrom: { label: '生效日期', type: date, sql: 'secondary_processes.valid_from' },
  validTo: { label: '失效日期', type: nullableDate, sql: 'secondary_processes.valid_to' },
  remark: { label: '备注', type: nullableText, sql: 'secondary_processes.remark' },
  updatedAt: { label: '更新时间', type: dateTime, sql: 'secondary_processes.updated_at' },
} as const satisfies Fields;

/** The fields the list sorts by, in the contract's order (also the page's priority). */
export const SECONDARY_PROCESS_SORT_FIELDS = [
  'updatedAt',
  'unitPrice',
  'processName',
  'partNo',
  'validFrom',
] as const satisfies readonly (keyof typeof SECONDARY_PROCESS_FIELDS)[];

export const SECONDARY_PROCESS_ROW_LABELS = labelsOf(SECONDARY_PROCESS_FIELDS);
const L = SECONDARY_PROCESS_ROW_LABELS;

/**
 * The list's filters, in the request body's order. Each is read by a search or a predicate of
 * queries/operations/secondary-process.ts, which does not compile while one is missing.
 */
export const SECONDARY_PROCESS_FILTERS = {
  keyword: textFilter(
    '关键字：加工单号、加工名称、物料编码、物料名称、供应商名称中包含；加工类别的中文名（电镀、热处理 …）包含它时，该类别的报价也算匹配',
  ).meta({ title: '关键字' }),
  partNo: textFilter(`${L.partNo}包含`).meta({ title: L.partNo }),
  partNos: partNoList(`${L.partNo}为其中之一（如从 Excel 粘贴的一列）`).meta({ title: `批量${L.partNo}` }),
  processName: textFilter(`${L.processName}包含`).meta({ title: L.processName }),
  category: enumList(PROCESS_CATEGORIES, `${L.category}（任一）`).meta({ title: L.category }),
  supplier: textFilter('供应商编码或名称包含').meta({ title: '供应商' }),
  status: enumList(PROCESS_STATUSES, `${L.status}（任一）`).meta({ title: L.status }),
  minPrice: price(`${L.unitPrice}下限（含）`).meta({ title: '单价下限' }),
  maxPrice: price(`${L.unitPrice}上限（含），不能小于 minPrice`).meta({ title: '单价上限' }),
  validOn: dateString('仅返回该日有效的报价：valid_from ≤ 日期 且 (valid_to 为空 或 ≥ 日期)').meta({ title: '有效日' }),
  validToFrom: dateString(`${L.validTo}起（含）；没有${L.validTo}的行不符合`).meta({ title: `${L.validTo}起` }),
  validToTo: dateString(`${L.validTo}止（含），不能早于 validToFrom；没有${L.validTo}的行不符合`).meta({ title: `${L.validTo}止` }),
};

export const secondaryProcessRowSchema = rowSchema(SECONDARY_PROCESS_FIELDS).describe('二次加工报价');

export type SecondaryProcessRow = z.infer<typeof secondaryProcessRowSchema>;
