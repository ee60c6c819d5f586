import type { z } from 'zod';
import { PRICING_STATUS_LABELS, PRICING_STATUSES } from '../domain.js';
import { pricingChangeSql } from '../queries/operations/pricing-change.js';
import { rateOf } from '../queries/values.js';
import { dateString, enumList, partNoList, price, rateBound, textFilter } from '../schemas/common.js';
import {
  codes,
  date,
  dateTime,
  int,
  labelsOf,
  money,
  nullableDate,
  nullableMoney,
  nullableRate,
  nullableText,
  rowSchema,
  text,
  type Fields,
} from './field.js';

/** The pricing row (核价记录) of the contract, in its field order. */
export const PRICING_FIELDS = {
  id: { label: 'ID', type: int, sql: 'pricing.id' },
  pricingNo: { label: '核价单号', type: text, sql: 'pricing.pricing_no' },
  partNo: { label: '物料编码', type: text, sql: 'parts.part_no' },
  partName: { label: '物料名称', type: text, sql: 'parts.part_name' },
  spec: { label: '规格型号', type: nullableText, sql: 'parts.spec' },
  material: { label: '材质', type: text, sql: 'parts.material' },
  unit: { label: '单位', type: text, sql: 'parts.unit' },
  supplierCode: { label: '供应商编码', type: text, sql: 'pricing.supplier_code' },
  supplierName: { label: '供应商名称', type: text, sql: 'pricing.supplier_name' },
  currency: { label: '币种', note: '（ISO 4217）', type: text, sql: 'pricing.currency' },
  materialCost: { label: '材料费', type: money, sql: 'pricing.material_cost' },
  processCost: { label: '加工费', type: money, sql: 'pricing.process_cost' },
  secondaryProcessCost: { label: '二次加工费', type: money, sql: 'pricing.secondary_process_cost' },
  otherCost: { label: '其他费用', note: '（包装运输等）', type: money, sql: 'pricing.other_cost' },
  managementFee: { label: '管理费', type: money, sql: 'pricing.management_fee' },
  profit: { label: '利润', type: money, sql: 'pricing.profit' },
  unitPrice: { label: '未税单价', note: '（六项费用之和）', type: money, sql: 'pricing.unit_price' },
  taxRate: { label: '税率', note: '，如 0.13', type: money, sql: 'pricing.tax_rate', display: 'percent' },
  unitPriceWithTax: { label: '含税单价', type: money, sql: 'pricing.unit_price_with_tax' },
  // Computed per row: the query must join the previous row where its database joins it (withPrevious).
  previousApprovedPricingNo: {
    label: '上次批准核价单号',
    note: '：previousApprovedPrice 所取的那条核价（同一物料、同一币种在本记录之前最近一次 approved 的核价）的单号；没有时为 null（其单价为 0 时仍给出）',
    type: nullableText,
    sql: (client) => pricingChangeSql(client).number,
  },
  previousApprovedPrice: {
    label: '上次批准单价',
    note: '：同一物料、同一币种在本记录之前（按核价时间，同一时间按 id）最近一次 approved 核价的未税单价，不限供应商，不同币种不比较；没有或其单价为 0 时为 null',
    type: nullableMoney,
    sql: (client) => pricingChangeSql(client).price,
  },
  // The rate of a returned row from its two prices, by the rule the SQL of filters and sorts
  // computes it with (pricing-change.ts), exactly: one seek per row, and less SQL to plan.
  changeRate: {
    label: '较上次批准变动率',
    note: '：(unitPrice - previousApprovedPrice) / previousApprovedPrice，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；previousApprovedPrice 为 null 时为 null',
    type: nullableRate,
    derive: (row) => (row.previousApprovedPrice === null ? null : rateOf(row.unitPrice as number, row.previousApprovedPrice as number)),
    sortBy: { computed: (client) => pricingChangeSql(client).rateUnits, isNull: (client) => pricingChangeSql(client).rateIsNull },
    display: 'percent',
  },
  status: { label: '状态', type: codes(PRICING_STATUSES), sql: 'pricing.status', display: { labels: PRICING_STATUS_LABELS } },
  pricedBy: { label: '核价员', type: text, sql: 'pricing.priced_by' },
  pricedAt: { label: '核价时间', type: dateTime, sql: 'pricing.priced_at' },
  validFrom: { label: '生效日期', type: date, sql: 'pricing.valid_from' },
  validTo: { label: '失效日期', type: nullableDate, sql: 'pricing.valid_to' },
  remark: { label: '备注', type: nullableText, sql: 'pricing.remark' },
  updatedAt: { label: '更新时间', type: dateTime, sql: 'pricing.updated_at' },
} as const satisfies Fields;

/** The fields the list sorts by, in the contract's order (also the page's priority). */
export const PRICING_SORT_FIELDS = [
  'pricedAt',
  'unitPrice',
  'pricingNo',
  'partNo',
  'updatedAt',
  'changeRate',
] as const satisfies readonly (keyof typeof PRICING_FIELDS)[];

export const PRICING_ROW_LABELS = labelsOf(PRICING_FIELDS);
const L = PRICING_ROW_LABELS;

/**
 * The list's filters, in the request body's order. Each is read by a search or a predicate of
 * queries/operations/pricing.ts, which does not compile while one is missing.
 */
export const PRICING_FILTERS = {
  keyword: textFilter('关键字：核价单号、物料编码、名称、规格型号、供应商名称中包含').meta({ title: '关键字' }),
  pricingNo: textFilter(`${L.pricingNo}包含`).meta({ title: L.pricingNo }),
  partNo: textFilter(`${L.partNo}包含`).meta({ title: L.partNo }),
  partNos: partNoList(`${L.partNo}为其中之一（如从 Excel 粘贴的一列）`).meta({ title: `批量${L.partNo}` }),
  partName: textFilter(`${L.partName}包含`).meta({ title: L.partName }),
  supplier: textFilter('供应商编码或名称包含').meta({ title: '供应商' }),
  pricedBy: textFilter(`${L.pricedBy}（精确，去掉首尾空白）：工作台的“我的”以登录者的姓名筛选`).meta({ title: L.pricedBy }),
  status: enumList(PRICING_STATUSES, '核价状态（任一）').meta({ title: '核价状态' }),
  pricedFrom: dateString(`核价日期起（含），YYYY-MM-DD，按 APP_TIMEZONE 的自然日`).meta({ title: '核价日期起' }),
  pricedTo: dateString('核价日期止（含），YYYY-MM-DD，不能早于 pricedFrom').meta({ title: '核价日期止' }),
  minPrice: price(`${L.unitPrice}下限（含）`).meta({ title: '未税单价下限' }),
  maxPrice: price(`${L.unitPrice}上限（含），不能小于 minPrice`).meta({ title: '未税单价上限' }),
  minChangeRate: rateBound('变动率（changeRate）下限（含），如 0.1 即较上次批准价上涨 10% 及以上；变动率为空的行不符合').meta({
    title: '较上次变动率下限',
  }),
  maxChangeRate: rateBound('变动率（changeRate）上限（含），不能小于 minChangeRate；变动率为空的行不符合').meta({
    title: '较上次变动率上限',
  }),
  inForceOn: dateString(
    '仅返回该日有效的价格（APP_TIMEZONE 的自然日）：status 为 approved、validFrom ≤ 日期 且 (validTo 为空 或 ≥ 日期)',
  ).meta({ title: '有效日' }),
  validToFrom: dateString(`${L.validTo}起（含）；没有${L.validTo}的行不符合`).meta({ title: `${L.validTo}起` }),
  validToTo: dateString(`${L.validTo}止（含），不能早于 validToFrom；没有${L.validTo}的行不符合`).meta({ title: `${L.validTo}止` }),
};

export const pricingRowSchema = rowSchema(PRICING_FIELDS).describe('核价记录');

export type PricingRow = z.infer<typeof pricingRowSchema>;
