import { z } from 'zod';
import type { DetailsSelector } from '../queries/operations/pricing-details.js';
import { PRICING_FILTERS, PRICING_ROW_LABELS, PRICING_SORT_FIELDS } from '../resources/pricing.js';
import { SECONDARY_PROCESS_FILTERS, SECONDARY_PROCESS_SORT_FIELDS } from '../resources/secondary-process.js';
import { orderedPair, paging, sortSchema, textFilter } from './common.js';

/**
 * Request bodies of the POST operations: these both validate and describe (OpenAPI). A list's
 * filters and sortable fields are declared with its fields (src/resources).
 */

export const pricingQuerySchema = z
  .strictObject({
    ...paging,
    sort: sortSchema(PRICING_SORT_FIELDS),
    ...PRICING_FILTERS,
  })
  .superRefine((v, ctx) => {
    orderedPair(ctx, v.pricedFrom, v.pricedTo, 'pricedTo', 'pricedTo 不能早于 pricedFrom');
    orderedPair(ctx, v.minPrice, v.maxPrice, 'maxPrice', 'maxPrice 不能小于 minPrice');
    orderedPair(ctx, v.minChangeRate, v.maxChangeRate, 'maxChangeRate', 'maxChangeRate 不能小于 minChangeRate');
  });

export type PricingQuery = z.infer<typeof pricingQuerySchema>;

export const secondaryProcessQuerySchema = z
  .strictObject({
    ...paging,
    sort: sortSchema(SECONDARY_PROCESS_SORT_FIELDS),
    ...SECONDARY_PROCESS_FILTERS,
  })
  .superRefine((v, ctx) => {
    orderedPair(ctx, v.minPrice, v.maxPrice, 'maxPrice', 'maxPrice 不能小于 minPrice');
  });

export type SecondaryProcessQuery = z.infer<typeof secondaryProcessQuerySchema>;

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
