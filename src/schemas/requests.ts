import { z } from 'zod';
import type { DetailsSelector } from '../queries/operations/pricing-details.js';
import type { SupplierSelector } from '../queries/operations/supplier-compare.js';
import { PRICING_FIELDS, PRICING_FILTERS, PRICING_ROW_LABELS, PRICING_SORT_FIELDS } from '../resources/pricing.js';
import { SECONDARY_PROCESS_FIELDS, SECONDARY_PROCESS_FILTERS, SECONDARY_PROCESS_SORT_FIELDS } from '../resources/secondary-process.js';
import { fieldNames } from '../resources/field.js';
import { currencyCode, dateString, exportColumnList, orderedPair, paging, requestText, sortSchema, textFilter } from './common.js';
import { PRICE_RULES } from '../domain.js';
import { EXCHANGE_RATE_FIELDS, EXCHANGE_RATE_FILTERS, EXCHANGE_RATE_SORT_FIELDS } from '../resources/exchange-rate.js';

/**
 * Request bodies of the POST operations: these both validate and describe (OpenAPI). A list's
 * filters and sortable fields are declared with its fields (src/resources).
 */

export const pricingQuerySchema = z
  .strictObject({
    ...paging,
    sort: sortSchema(PRICING_SORT_FIELDS),
    columns: exportColumnList(fieldNames(PRICING_FIELDS)),
    ...PRICING_FILTERS,
  })
  .superRefine((v, ctx) => {
    orderedPair(ctx, v.pricedFrom, v.pricedTo, 'pricedTo', 'pricedTo 不能早于 pricedFrom');
    orderedPair(ctx, v.minPrice, v.maxPrice, 'maxPrice', 'maxPrice 不能小于 minPrice');
    orderedPair(ctx, v.minChangeRate, v.maxChangeRate, 'maxChangeRate', 'maxChangeRate 不能小于 minChangeRate');
    orderedPair(ctx, v.validToFrom, v.validToTo, 'validToTo', 'validToTo 不能早于 validToFrom');
  });

export type PricingQuery = z.infer<typeof pricingQuerySchema>;

/** The secondary-process filters' rules across fields: the list and its statistics answer alike. */
function checkProcessFilters(
  v: { minPrice?: number; maxPrice?: number; validToFrom?: string; validToTo?: string },
  ctx: z.RefinementCtx,
): void {
  orderedPair(ctx, v.minPrice, v.maxPrice, 'maxPrice', 'maxPrice 不能小于 minPrice');
  orderedPair(ctx, v.validToFrom, v.validToTo, 'validToTo', 'validToTo 不能早于 validToFrom');
}

export const secondaryProcessQuerySchema = z
  .strictObject({
    ...paging,
    sort: sortSchema(SECONDARY_PROCESS_SORT_FIELDS),
    columns: exportColumnList(fieldNames(SECONDARY_PROCESS_FIELDS)),
    ...SECONDARY_PROCESS_FILTERS,
  })
  .superRefine(checkProcessFilters);

export type SecondaryProcessQuery = z.infer<typeof secondaryProcessQuerySchema>;

/** What a process costs: the list's filters (no paging, sort or columns) and the day of the latest prices. */
export const processStatsQuerySchema = z
  .strictObject({
    ...SECONDARY_PROCESS_FILTERS,
    on: dateString(
      '最新报价的日期：取该日有效（status 为 active、valid_from ≤ 日期、valid_to 为空或 ≥ 日期）的报价；不提供时为今天（APP_TIMEZONE）',
    ).meta({
      title: '统计日',
      example: '2026-11-20',
    }),
  })
  .superRefine(checkProcessFilters);

export type ProcessStatsQuery = z.infer<typeof processStatsQuerySchema>;

/** Each way DetailsSelector picks a pricing, and its value's type: one field of the body each. */
type SelectorFields = { [S in DetailsSelector as keyof S]: z.ZodType<S[keyof S] | undefined> };

const selectorFields = {
  pricingId: z.number().int().min(1).max(2_147_483_647).optional().describe('核价记录 id（与 pricingNo、partNo 三者恰好提供一个）'),
  pricingNo: textFilter(`${PRICING_ROW_LABELS.pricingNo}（精确）`, '空字符串或 null 视为未提供'),
  partNo: textFilter(`${PRICING_ROW_LABELS.partNo}（精确）：取该物料最近一次 approved 的核价`, '空字符串或 null 视为未提供'),
} satisfies SelectorFields;

const SELECTORS = ['pricingId', 'pricingNo', 'partNo'] as const satisfies readonly (keyof SelectorFields)[];

export const pricingDetailsQuerySchema = z.strictObject(selectorFields).superRefine((v, ctx) => {
  const given = SELECTORS.filter((k) => v[k] !== undefined);
  if (given.length === 0) {
    ctx.addIssue({ code: 'custom', path: [], message: '必须提供 pricingId、pricingNo、partNo 其中之一' });
  } else if (given.length > 1) {
    for (const k of given) ctx.addIssue({ code: 'custom', path: [k], message: '只能提供 pricingId、pricingNo、partNo 其中之一' });
  }
});

export type PricingDetailsQuery = z.infer<typeof pricingDetailsQuerySchema>;

/** The one selector a validated body gives, as the details query takes it. */
export function detailsSelector(q: PricingDetailsQuery): DetailsSelector {
  const field = SELECTORS.find((k) => q[k] !== undefined)!;
  return { [field]: q[field] } as DetailsSelector;
}

const pricingId = (description: string) => z.number().int().min(1).max(2_147_483_647).describe(description);

export const pricingReviewQuerySchema = z.strictObject({
  pricingId: pricingId('核价记录 id：审核页显示的那一条'),
});

export type PricingReviewQuery = z.infer<typeof pricingReviewQuerySchema>;

export const pricingCompareQuerySchema = z
  .strictObject({
    pricingId: pricingId('核价记录 id：被比较的一条'),
    basePricingId: pricingId(
      '比较基准的核价记录 id，须为同一物料的另一条；不提供时为上次批准的核价（同 previousApprovedPrice 的规则）',
    ).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.basePricingId !== undefined && v.basePricingId === v.pricingId) {
      ctx.addIssue({ code: 'custom', path: ['basePricingId'], message: 'basePricingId 不能与 pricingId 相同' });
    }
  });

export type PricingCompareQuery = z.infer<typeof pricingCompareQuerySchema>;

/** How many pricings a comparison by id takes: a few rows picked from the list. */
export const MIN_COMPARED_PRICINGS = 2;
export const MAX_COMPARED_PRICINGS = 5;

export const supplierCompareQuerySchema = z
  .strictObject({
    partNo: textFilter(
      `${PRICING_ROW_LABELS.partNo}（精确）：该物料每个供应商最新的一条核价，及其最新批准的一条（与最新的一条不同时）`,
      '空字符串或 null 视为未提供',
    ),
    pricingIds: z
      .array(pricingId('核价记录 id'))
      .min(MIN_COMPARED_PRICINGS, `至少 ${MIN_COMPARED_PRICINGS} 条`)
      .max(MAX_COMPARED_PRICINGS, `最多 ${MAX_COMPARED_PRICINGS} 条`)
      .optional()
      .describe(
        `${MIN_COMPARED_PRICINGS}–${MAX_COMPARED_PRICINGS} 条核价记录的 id，须属于同一物料、互不重复；按给出的顺序成列（与 partNo 二者恰好提供一个）`,
      ),
    on: dateString('列的币种不同时折算为人民币所用汇率的日期（APP_TIMEZONE 的自然日）；不提供时为今天').meta({ example: '2026-11-20' }),
  })
  .superRefine((v, ctx) => {
    if ((v.partNo === undefined) === (v.pricingIds === undefined)) {
      const message = 'partNo、pricingIds 二者恰好提供一个';
      if (v.partNo === undefined) ctx.addIssue({ code: 'custom', path: [], message });
      else for (const k of ['partNo', 'pricingIds']) ctx.addIssue({ code: 'custom', path: [k], message });
    }
    v.pricingIds?.forEach((id, i) => {
      if (v.pricingIds!.indexOf(id) < i) ctx.addIssue({ code: 'custom', path: ['pricingIds', i], message: `重复的 id ${id}` });
    });
  });

export type SupplierCompareQuery = z.infer<typeof supplierCompareQuerySchema>;

/** The one selector a validated body gives, as the comparison takes it. */
export function supplierSelector(q: SupplierCompareQuery): SupplierSelector {
  return q.partNo !== undefined ? { partNo: q.partNo } : { pricingIds: q.pricingIds! };
}

/** The priced BOM: a parts list priced on a day. */
export const MAX_BOM_LINES = 2000;
/** Room for MAX_BOM_LINES lines with long part numbers, whatever BODY_LIMIT says. */
export const MAX_BOM_BODY_BYTES = 1024 * 1024;
/** A quantity's largest value: far beyond any BOM, and within what decimal(18, 4) money multiplies exactly. */
export const MAX_QUANTITY = 1e9;

/** At most 4 decimals, read as the decimal it is written as (1.2345 yes, 1.23456 no). */
const hasFourPlaces = (v: number) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6;

export const bomLineSchema = z.strictObject({
  partNo: requestText().min(1, '物料编码不能为空').describe('物料编码（精确，去掉首尾空白）'),
  quantity: z
    .number()
    .positive('数量须大于 0')
    .max(MAX_QUANTITY)
    .refine(hasFourPlaces, { message: '数量最多 4 位小数' })
    .describe('数量：正数，最多 4 位小数'),
});

/** A BOM name's longest: a product and its variant, as a heading. */
export const MAX_BOM_NAME = 100;

/** The most supplier codes `preferred` takes, and the most assumed rates. */
export const MAX_PREFERRED_SUPPLIERS = 50;
export const MAX_WHAT_IF_RATES = 20;
/** An assumed rate's largest value (CNY for one unit). */
export const MAX_WHAT_IF_RATE = 1e6;

/** At most 8 decimals, read as the decimal it is written as. */
const hasEightPlaces = (v: number) => {
  const m = /^\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(v));
  return m !== null && (m[1]?.length ?? 0) - Number(m[2] ?? 0) <= 8;
};

export const bomPriceQuerySchema = z
  .strictObject({
    lines: z
      .array(bomLineSchema)
      .min(1, '至少一行')
      .max(MAX_BOM_LINES, `最多 ${MAX_BOM_LINES} 行`)
      .describe(`BOM 行，1–${MAX_BOM_LINES} 行，按请求顺序返回；同一物料出现多次则分别计价`),
    on: dateString('计价日：取该日有效的价格与汇率（APP_TIMEZONE 的自然日）；不提供时为今天').meta({ example: '2026-11-20' }),
    name: requestText()
      .max(MAX_BOM_NAME, `BOM 名称最多 ${MAX_BOM_NAME} 个字符`)
      .optional()
      .describe(`BOM 名称或产品（可选，最多 ${MAX_BOM_NAME} 个字符）：导出文件的标题；不影响计价`),
    rule: z
      .enum(PRICE_RULES)
      .default('latest')
      .describe(
        '计价规则：同一物料在计价日有多条有效价格时取哪一条。latest（默认）：核价时间最晚（同时取 id 较大者）；lowest / highest：未税单价最低 / 最高（币种不同时按计价日汇率折算为人民币比较，同价取最晚）；preferred：按 suppliers 的顺序取第一个有有效价格的供应商（其中最晚的一条），都没有时按 latest',
      ),
    suppliers: z
      .array(requestText().min(1, '供应商编码不能为空'))
      .min(1, '至少一个供应商编码')
      .max(MAX_PREFERRED_SUPPLIERS, `最多 ${MAX_PREFERRED_SUPPLIERS} 个供应商编码`)
      .optional()
      .describe(
        `优先供应商编码（精确，去掉首尾空白），最优先的在前，1–${MAX_PREFERRED_SUPPLIERS} 个；仅 rule 为 preferred 时提供且必须提供`,
      ),
    reportCurrency: currencyCode('折算币种：每行金额另按计价日汇率折算为该币种，并给出该币种的合计；须为 CNY 或汇率表中有汇率的币种')
      .optional()
      .meta({ example: 'CNY' }),
    rates: z
      .record(
        currencyCode('币种'),
        z
          .number()
          .positive('汇率须大于 0')
          .max(MAX_WHAT_IF_RATE, `汇率最大为 ${MAX_WHAT_IF_RATE}`)
          .refine(hasEightPlaces, { message: '汇率最多 8 位小数' })
          .describe('1 单位该币种折合人民币'),
      )
      .refine((r) => !Object.hasOwn(r, 'CNY'), { message: '人民币对人民币恒为 1，不能假设' })
      .refine((r) => Object.keys(r).length <= MAX_WHAT_IF_RATES, { message: `最多 ${MAX_WHAT_IF_RATES} 个币种` })
      .optional()
      .describe(
        `假设汇率（what-if），如 {"USD": 7.05}：仅在本次计价中代替汇率表在计价日的汇率（比较与折算都用它），用到它的行与合计标明 rateSource 为 what-if；正数，最大 ${MAX_WHAT_IF_RATE}，最多 8 位小数，最多 ${MAX_WHAT_IF_RATES} 个币种，不含 CNY`,
      ),
  })
  .superRefine((v, ctx) => {
    if (v.rule === 'preferred' && v.suppliers === undefined) {
      ctx.addIssue({ code: 'custom', path: ['suppliers'], message: 'rule 为 preferred 时必须提供 suppliers（优先供应商编码）' });
    }
    if (v.rule !== 'preferred' && v.suppliers !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['suppliers'], message: 'suppliers 仅用于 rule 为 preferred' });
    }
  });

export type BomPriceQuery = z.infer<typeof bomPriceQuerySchema>;

/**
 * The home page's figures, as of a day: they reach a year back (the chart) and 30 days ahead, and
 * each list they link to takes only days of the calendar.
 */
export const workbenchQuerySchema = z.strictObject({
  on: dateString('以该日为今天（APP_TIMEZONE 的自然日）；不提供时为今天', {
    first: '0002-01-01',
    last: '9999-12-01',
    why: '（工作台统计向前 12 个月、向后 30 天）',
  }).meta({ example: '2026-11-20' }),
  mine: z
    .boolean()
    .default(false)
    .describe(
      '我的：为 true 时核价类事项只计核价员为登录者的核价（姓名取自公司登录令牌的 AUTH_NAME_CLAIM 声明，默认 name）；需要公司登录，令牌中没有该声明时 400',
    ),
});

export type WorkbenchQuery = z.infer<typeof workbenchQuerySchema>;

export const exchangeRateQuerySchema = z
  .strictObject({
    ...paging,
    sort: sortSchema(EXCHANGE_RATE_SORT_FIELDS),
    columns: exportColumnList(fieldNames(EXCHANGE_RATE_FIELDS)),
    ...EXCHANGE_RATE_FILTERS,
  })
  .superRefine((v, ctx) => {
    orderedPair(ctx, v.validFromFrom, v.validFromTo, 'validFromTo', 'validFromTo 不能早于 validFromFrom');
  });

export type ExchangeRateQuery = z.infer<typeof exchangeRateQuerySchema>;
