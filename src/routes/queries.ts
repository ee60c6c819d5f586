import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { requestedExportFormat } from '../export/format.js';
import { PRICING_EXPORT, SECONDARY_PROCESS_EXPORT } from '../export/operations.js';
import { sendExport, type ExportDeps } from '../export/send.js';
import { noteExport } from '../http/audit.js';
import { AppError } from '../http/errors.js';
import { withDbClock } from '../http/server-timing.js';
import { validate } from '../http/validate.js';
import { queryPricing } from '../queries/operations/pricing.js';
import { queryPricingDetails, type DetailsSelector } from '../queries/operations/pricing-details.js';
import type { QueryDeps } from '../queries/deps.js';
import { querySecondaryProcesses } from '../queries/operations/secondary-process.js';
import { toSortKeys } from '../schemas/common.js';
import { pricingDetailsQuerySchema, pricingQuerySchema, secondaryProcessQuerySchema } from '../schemas/requests.js';

/**
 * The three POST operations: validate → query → the contract's body. The two list operations
 * answer with a CSV or xlsx file of every matching row when the Accept header asks for one.
 */
export function queryRoutes(router: Router, deps: QueryDeps, jsonBody: Middleware, exportDeps: ExportDeps): void {
  router.post('/query/pricing', jsonBody, async (ctx) => {
    const { current, pageSize, sort, ...filters } = validate(pricingQuerySchema, ctx.request.body);
    const exportFormat = requestedExportFormat(ctx);
    if (exportFormat) {
      noteExport(ctx, exportFormat, filters);
      return sendExport(ctx, withDbClock(deps, ctx), exportDeps, PRICING_EXPORT, filters, toSortKeys(sort), exportFormat);
    }
    const page = await queryPricing(withDbClock(deps, ctx), filters, { current, pageSize, sort: toSortKeys(sort) });
    ctx.body = { success: true, data: page.rows, total: page.total, current, pageSize };
  });

  router.post('/query/secondary-process', jsonBody, async (ctx) => {
    const { current, pageSize, sort, ...filters } = validate(secondaryProcessQuerySchema, ctx.request.body);
    const exportFormat = requestedExportFormat(ctx);
    if (exportFormat) {
      noteExport(ctx, exportFormat, filters);
      return sendExport(ctx, withDbClock(deps, ctx), exportDeps, SECONDARY_PROCESS_EXPORT, filters, toSortKeys(sort), exportFormat);
    }
    const page = await querySecondaryProcesses(withDbClock(deps, ctx), filters, { current, pageSize, sort: toSortKeys(sort) });
    ctx.body = { success: true, data: page.rows, total: page.total, current, pageSize };
  });

  router.post('/query/pricing-details', jsonBody, async (ctx) => {
    const q = validate(pricingDetailsQuerySchema, ctx.request.body);
    const selector: DetailsSelector =
      q.pricingId !== undefined
        ? { pricingId: q.pricingId }
        : q.pricingNo !== undefined
          ? { pricingNo: q.pricingNo }
          : { partNo: q.partNo! };
    const result = await queryPricingDetails(withDbClock(deps, ctx), selector);
    if (!result) throw new AppError('NOT_FOUND', '核价记录不存在');
    ctx.body = { success: true, data: result };
  });
}
