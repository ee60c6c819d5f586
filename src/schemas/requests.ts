import { z } from 'zod';
import { PRICING_STATUSES, PROCESS_CATEGORIES, PROCESS_STATUSES } from '../domain.js';
import type { DetailsSelector } from '../queries/operations/pricing-details.js';
import type { PricingFilters } from '../queries/operations/pricing.js';
import type { SecondaryProcessFilters } from '../queries/operations/secondary-process.js';
import { dateString, enumList, orderedPair, paging, price, rateBound, sortSchema, textFilter } from './common.js';

/** Request bodies of the three POST operations: these both validate and describe (OpenAPI). */

/**
 * A schema for each filter a list query reads (its `…Filters` type, derived from the query's
 * searches and predicates): a field the query would ignore, or one it reads and the body cannot
 * carry, stops compilation.
 */
type FilterFields<F> = { [K in keyof F]-?: z.ZodType<F[K] | undefined> };

const pricingFilters = {
  keyword: textFilter('关键字：核价单号、物料编码、名称、规格型号、供应商名称中包含'),
  pricingNo: textFilter('核价单号包含'),
  partNo: textFilter('物料编码包含'),
  partName: textFilter('物料名称包含'),
  supplier: textFilter('供应商编码或名称包含'),
  status: enumList(PRICING_STATUSES, '核价状态（任一）'),
  pricedFrom: dateString(`核价日期起（含），YYYY-MM-DD，按 APP_TIMEZONE 的自然日`),
  pricedTo: dateString('核价日期止（含），YYYY-MM-DD，不能早于 pricedFrom'),
  minPrice: price('未税单价下限（含）'),
  maxPrice: price('未税单价上限（含），不能小于 minPrice'),
  minChangeRate: rateBound('变动率（changeRate）下限（含），如 0.1 即较上次批准价上涨 10% 及以上；变动率为空的行不符合'),
  maxChangeRate: rateBound('变动率（changeRate）上限（含），不能小于 minChangeRate；变动率为空的行不符合'),
} satisfies FilterFields<PricingFilters>;

export const pricingQuerySchema = z
  .strictObject({
    ...paging,
    sort: sortSchema(['pricedAt', 'unitPrice', 'pricingNo', 'partNo', 'updatedAt', 'changeRate']),
    ...pricingFilters,
  })
  .superRefine((v, ctx) => {
    orderedPair(ctx, v.pricedFrom, v.pricedTo, 'pricedTo', 'pricedTo 不能早于 pricedFrom');
    orderedPair(ctx, v.minPrice, v.maxPrice, 'maxPrice', 'maxPrice 不能小于 minPrice');
    orderedPair(ctx, v.minChangeRate, v.maxChangeRate, 'maxChangeRate', 'maxChangeRate 不能小于 minChangeRate');
  });

export type PricingQuery = z.infer<typeof pricingQuerySchema>;

const secondaryProcessFilters = {
  keyword: textFilter('关键字：加工单号、加工名称、物料编码、物料名称、供应商名称中包含'),
  partNo: textFilter('物料编码包含'),
  processName: textFilter('加工名称包含'),
  category: enumList(PROCESS_CATEGORIES, '加工类别（任一）'),
  supplier: textFilter('供应商编码或名称包含'),
  status: enumList(PROCESS_STATUSES, '状态（任一）'),
  minPrice: price('单价下限（含）'),
  maxPrice: price('单价上限（含），不能小于 minPrice'),
  validOn: dateString('仅返回该日有效的报价：valid_from ≤ 日期 且 (valid_to 为空 或 ≥ 日期)'),
} satisfies FilterFields<SecondaryProcessFilters>;

export const secondaryProcessQuerySchema = z
  .strictObject({
    ...paging,
    sort: sortSchema(['updatedAt', 'unitPrice', 'processName', 'partNo', 'validFrom']),
    ...secondaryProcessFilters,
  })
  .superRefine((v, ctx) => {
    orderedPair(ctx, v.minPrice, v.maxPrice, 'maxPrice', 'maxPrice 不能小于 minPrice');
  });

export type SecondaryProcessQuery = z.infer<typeof secondaryProcessQuerySchema>;

/** Each way DetailsSelector picks a pricing, and its value's type: one field of the body each. */
type SelectorFields = { [S in DetailsSelector as keyof S]: z.ZodType<S[keyof S] | undefined> };

const selectorFields = {
  pricingId: z.number().int().min(1).max(2_147_483_647).optional().describe('核价记录 id（与 pricingNo、partNo 三者恰好提供一个）'),
  pricingNo: textFilter('核价单号（精确）', '空字符串或 null 视为未提供'),
  partNo: textFilter('物料编码（精确）：取该物料最近一次 approved 的核价', '空字符串或 null 视为未提供'),
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
