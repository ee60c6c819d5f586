import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { routedRead } from '../db/replica.js';
import { requestedExportFormat } from '../export/format.js';
import { PRICING_EXPORT, SECONDARY_PROCESS_EXPORT } from '../export/operations.js';
import { sendExport, type ExportDeps } from '../export/send.js';
import { noteExport } from '../http/audit.js';
import { AppError } from '../http/errors.js';
import { withDbClock } from '../http/server-timing.js';
import { validate } from '../http/validate.js';
import { queryPricing } from '../queries/operations/pricing.js';
import { partExists, queryPricingDetails } from '../queries/operations/pricing-details.js';
import type { QueryDeps } from '../queries/deps.js';
import { querySecondaryProcesses } from '../queries/operations/secondary-process.js';
import { queryPricingComparison } from '../queries/operations/pricing-compare.js';
import { queryPricingReview } from '../queries/operations/pricing-review.js';
import { toSortKeys } from '../schemas/common.js';
import {
  detailsSelector,
  pricingCompareQuerySchema,
  pricingDetailsQuerySchema,
  pricingQuerySchema,
  pricingReviewQuerySchema,
  secondaryProcessQuerySchema,
} from '../schemas/requests.js';

/** The contract's answer for a pricing id that names no pricing. */
const NO_SUCH_PRICING = '核价记录不存在';

/**
 * The three POST operations, and the review page's two: validate → query → the contract's body. The
 * two list operations answer with a CSV or xlsx file of every matching row when the Accept header
 * asks for one. Each operation is one read, routed to the read replica when there is one in use
 * (routedRead).
 */
export function queryRoutes(router: Router, deps: QueryDeps, jsonBody: Middleware, exportDeps: ExportDeps): void {
  router.post('/query/pricing', jsonBody, async (ctx) => {
    const { current, pageSize, sort, ...filters } = validate(pricingQuerySchema, ctx.request.body);
    const exportFormat = requestedExportFormat(ctx);
    if (exportFormat) {
      noteExport(ctx, exportFormat, filters);
      return sendExport(ctx, withDbClock(deps, ctx), exportDeps, PRICING_EXPORT, filters, toSortKeys(sort), exportFormat);
    }
    const page = await routedRead(withDbClock(deps, ctx), (d) => queryPricing(d, filters, { current, pageSize, sort: toSortKeys(sort) }));
    ctx.body = { success: true, data: page.rows, total: page.total, current, pageSize };
  });

  router.post('/query/secondary-process', jsonBody, async (ctx) => {
    const { current, pageSize, sort, ...filters } = validate(secondaryProcessQuerySchema, ctx.request.body);
    const exportFormat = requestedExportFormat(ctx);
    if (exportFormat) {
      noteExport(ctx, exportFormat, filters);
      return sendExport(ctx, withDbClock(deps, ctx), exportDeps, SECONDARY_PROCESS_EXPORT, filters, toSortKeys(sort), exportFormat);
    }
    const page = await routedRead(withDbClock(deps, ctx), (d) =>
      querySecondaryProcesses(d, filters, { current, pageSize, sort: toSortKeys(sort) }),
    );
    ctx.body = { success: true, data: page.rows, total: page.total, current, pageSize };
  });

  router.post('/query/pricing-details', jsonBody, async (ctx) => {
    const q = validate(pricingDetailsQuerySchema, ctx.request.body);
    const selector = detailsSelector(q);
    const result = await routedRead(withDbClock(deps, ctx), (d) => queryPricingDetails(d, selector));
    if (!result && 'partNo' in selector) {
      const known = await routedRead(withDbClock(deps, ctx), (d) => partExists(d, selector.partNo));
      throw new AppError(
        'NOT_FOUND',
        known
          ? `${NO_SUCH_PRICING}：物料 ${selector.partNo} 没有已批准（approved）的核价`
          : `${NO_SUCH_PRICING}：物料编码 ${selector.partNo} 不存在（partNo 须与物料编码完全一致，不是包含匹配）`,
      );
    }
    if (!result) throw new AppError('NOT_FOUND', NO_SUCH_PRICING);
    ctx.body = { success: true, data: result };
  });

  router.post('/query/pricing-review', jsonBody, async (ctx) => {
    const { pricingId } = validate(pricingReviewQuerySchema, ctx.request.body);
    const review = await routedRead(withDbClock(deps, ctx), (d) => queryPricingReview(d, pricingId));
    if (!review) throw new AppError('NOT_FOUND', NO_SUCH_PRICING);
    ctx.body = { success: true, data: review };
  });

  router.post('/query/pricing-compare', jsonBody, async (ctx) => {
    const { pricingId, basePricingId } = validate(pricingCompareQuerySchema, ctx.request.body);
    const result = await routedRead(withDbClock(deps, ctx), (d) => queryPricingComparison(d, pricingId, basePricingId));
    if ('missing' in result) {
      throw new AppError('NOT_FOUND', result.missing === 'pricingId' ? NO_SUCH_PRICING : `比较基准的${NO_SUCH_PRICING}`);
    }
    if ('otherPart' in result) {
      throw new AppError('VALIDATION_ERROR', undefined, [
        { path: 'basePricingId', message: `应为同一物料的核价记录，收到的 ${basePricingId} 属于另一物料` },
      ]);
    }
    ctx.body = { success: true, data: result };
  });
}
