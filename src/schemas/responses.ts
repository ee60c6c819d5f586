import { z } from 'zod';
import {
  COST_TYPES,
  DETAIL_LINE_LABELS,
  PRICE_BASES,
  PRICING_ROW_LABELS,
  PRICING_STATUSES,
  PROCESS_CATEGORIES,
  PROCESS_STATUSES,
  SECONDARY_PROCESS_ROW_LABELS,
} from '../domain.js';
import { ERROR_CODES } from '../http/errors.js';
import type { DetailLine, DetailSummary, PricingDetails } from '../queries/operations/pricing-details.js';
import type { PricingRow } from '../queries/operations/pricing.js';
import type { SecondaryProcessRow } from '../queries/operations/secondary-process.js';
import type { TableStat } from '../queries/operations/table-stats.js';

/**
 * Response bodies, for the OpenAPI document and for the tests that check real responses against
 * them. The row schemas mirror the row types of src/queries/*.ts; the type assertions at the end
 * of this file stop compilation when the two drift apart, and test/openapi.test.ts checks that
 * real responses from the seeded database validate.
 *
 * The Chinese label of each row field (src/domain.ts) is its description here, its column header in
 * exports (src/export) and its column title on the page, so the three say the same thing.
 */

const id = (d: string) => z.number().int().describe(d);
const text = (d: string) => z.string().describe(d);
const nullableText = (d: string) => z.string().nullable().describe(d);
const money = (d: string) => z.number().describe(`${d}（最多 4 位小数）`);
const dateTime = (d: string) => z.iso.datetime().describe(`${d}（ISO 8601 UTC）`);
const date = (d: string) => z.iso.date().describe(`${d}（YYYY-MM-DD）`);

const P = PRICING_ROW_LABELS;
export const pricingRowSchema = z
  .strictObject({
    id: id(P.id),
    pricingNo: text(P.pricingNo),
    partNo: text(P.partNo),
    partName: text(P.partName),
    spec: nullableText(P.spec),
    material: text(P.material),
    unit: text(P.unit),
    supplierCode: text(P.supplierCode),
    supplierName: text(P.supplierName),
    currency: text(`${P.currency}（ISO 4217）`),
    materialCost: money(P.materialCost),
    processCost: money(P.processCost),
    secondaryProcessCost: money(P.secondaryProcessCost),
    otherCost: money(`${P.otherCost}（包装运输等）`),
    managementFee: money(P.managementFee),
    profit: money(P.profit),
    unitPrice: money(`${P.unitPrice}（六项费用之和）`),
    taxRate: money(`${P.taxRate}，如 0.13`),
    unitPriceWithTax: money(P.unitPriceWithTax),
    status: z.enum(PRICING_STATUSES).describe(P.status),
    pricedBy: text(P.pricedBy),
    pricedAt: dateTime(P.pricedAt),
    validFrom: date(P.validFrom),
    validTo: date(P.validTo).nullable(),
    remark: nullableText(P.remark),
    updatedAt: dateTime(P.updatedAt),
  })
  .describe('核价记录');

const S = SECONDARY_PROCESS_ROW_LABELS;
export const secondaryProcessRowSchema = z
  .strictObject({
    id: id(S.id),
    processNo: text(S.processNo),
    partNo: text(S.partNo),
    partName: text(S.partName),
    processName: text(`${S.processName}，如 镀锌、淬火`),
    category: z.enum(PROCESS_CATEGORIES).describe(S.category),
    supplierCode: text(S.supplierCode),
    supplierName: text(S.supplierName),
    priceBasis: z.enum(PRICE_BASES).describe(S.priceBasis),
    unitPrice: money(S.unitPrice),
    currency: text(`${S.currency}（ISO 4217）`),
    leadTimeDays: z.number().int().describe(S.leadTimeDays),
    status: z.enum(PROCESS_STATUSES).describe(S.status),
    validFrom: date(S.validFrom),
    validTo: date(S.validTo).nullable(),
    remark: nullableText(S.remark),
    updatedAt: dateTime(S.updatedAt),
  })
  .describe('二次加工报价');

const D = DETAIL_LINE_LABELS;
export const detailLineSchema = z
  .strictObject({
    lineNo: id(D.lineNo),
    costType: z.enum(COST_TYPES).describe(D.costType),
    itemName: text(`${D.itemName}，如 SPCC 冷轧板 t=1.5、冲压、镀锌`),
    spec: nullableText(D.spec),
    quantity: money(D.quantity),
    unit: text(`${D.unit}，如 kg、PCS、h、dm2`),
    unitPrice: money(D.unitPrice),
    amount: money(`${D.amount} = ${D.quantity} × ${D.unitPrice}`),
    remark: nullableText(D.remark),
  })
  .describe('核价明细行');

const byCostTypeSchema = z.strictObject(
  Object.fromEntries(COST_TYPES.map((t) => [t, z.number()])) as Record<(typeof COST_TYPES)[number], z.ZodNumber>,
);

export const detailSummarySchema = z.strictObject({
  byCostType: byCostTypeSchema.describe('按费用类型汇总的金额，六个键都在'),
  detailTotal: money('明细合计'),
  unitPrice: money('核价单的未税单价'),
  difference: money('unitPrice - detailTotal'),
  consistent: z.boolean().describe('|difference| < 0.0001'),
});

export const pricingDetailsSchema = z.strictObject({
  pricing: pricingRowSchema,
  details: z.array(detailLineSchema).describe('按 lineNo 排序'),
  summary: detailSummarySchema,
});

const listResponse = <R extends z.ZodType>(row: R) =>
  z.strictObject({
    success: z.literal(true),
    data: z.array(row),
    total: z.number().int().min(0).describe('符合条件的总行数'),
    current: z.number().int().min(1).describe('页码'),
    pageSize: z.number().int().min(1).describe('每页条数'),
  });

export const pricingListResponseSchema = listResponse(pricingRowSchema);
export const secondaryProcessListResponseSchema = listResponse(secondaryProcessRowSchema);

export const pricingDetailsResponseSchema = z.strictObject({
  success: z.literal(true),
  data: pricingDetailsSchema,
});

export const tableStatSchema = z.strictObject({
  table: z.enum(['parts', 'pricing', 'pricing_details', 'secondary_processes']).describe('表名'),
  label: text('中文名'),
  rowCount: z.number().int().min(0).describe('行数'),
  lastUpdatedAt: dateTime('最新的 updated_at').nullable(),
});

export const tableStatsResponseSchema = z.strictObject({
  success: z.literal(true),
  data: z.array(tableStatSchema),
  total: z.number().int(),
  generatedAt: dateTime('生成时间'),
});

export const testDbResponseSchema = z.union([
  z.strictObject({ success: z.literal(true), message: z.literal('数据库连接正常') }),
  z.strictObject({ success: z.literal(false), message: z.literal('数据库连接失败') }),
]);

export const infoResponseSchema = z.strictObject({
  success: z.literal(true),
  message: z.literal('React Template Backend API'),
  version: z.string(),
  endpoints: z.record(z.string(), z.string()).describe('六个操作："<METHOD> <path>" → 说明'),
});

const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]];

/** The contract's error body; `codes` narrows `code` to those one response can carry. */
export function errorBodySchema(codes: readonly (keyof typeof ERROR_CODES)[] = ERROR_CODE_NAMES) {
  return z.strictObject({
    success: z.literal(false),
    code: z.enum(codes as [string, ...string[]]).describe('错误码'),
    message: z.string().describe('中文说明'),
    requestId: z.string().describe('与响应头 X-Request-Id 相同'),
    errors: z
      .array(z.strictObject({ path: z.string().describe('出错的字段，如 pageSize'), message: z.string() }))
      .optional()
      .describe('仅 VALIDATION_ERROR：每个出错字段一项'),
  });
}

export const errorResponseSchema = errorBodySchema();

// Compile-time guards: a row type changed in src/queries without its schema here or its labels in
// src/domain.ts (or the other way round) fails `tsc`.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const rowTypesMatch: [
  Same<z.infer<typeof pricingRowSchema>, PricingRow>,
  Same<z.infer<typeof secondaryProcessRowSchema>, SecondaryProcessRow>,
  Same<z.infer<typeof detailLineSchema>, DetailLine>,
  Same<z.infer<typeof detailSummarySchema>, DetailSummary>,
  Same<z.infer<typeof pricingDetailsSchema>, PricingDetails>,
  z.infer<typeof tableStatSchema> extends TableStat ? true : false,
  Same<keyof typeof PRICING_ROW_LABELS, keyof PricingRow>,
  Same<keyof typeof SECONDARY_PROCESS_ROW_LABELS, keyof SecondaryProcessRow>,
  Same<keyof typeof DETAIL_LINE_LABELS, keyof DetailLine>,
] = [true, true, true, true, true, true, true, true, true];
void rowTypesMatch;
