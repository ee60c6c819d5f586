import type { Context } from 'koa';
import { routedRead } from '../db/replica.js';
import type { Caller } from '../http/auth.js';
import { requestedExportFormat } from '../export/format.js';
import { EXCHANGE_RATE_EXPORT, PRICING_EXPORT, SECONDARY_PROCESS_EXPORT } from '../export/operations.js';
import { BOM_FILE_TITLE, sendBomExport } from '../export/bom.js';
import { SUPPLIER_COMPARE_FILE_TITLE, sendSupplierCompareExport } from '../export/supplier-compare.js';
import { sendExport } from '../export/send.js';
import { noteExport } from '../http/audit.js';
import { AppError } from '../http/errors.js';
import { withDbClock } from '../http/server-timing.js';
import { latestInForce, priceBom } from '../queries/operations/bom-price.js';
import { queryExchangeRates } from '../queries/operations/exchange-rates.js';
import { queryPricing } from '../queries/operations/pricing.js';
import { partExists, queryPricingDetails } from '../queries/operations/pricing-details.js';
import { querySecondaryProcesses } from '../queries/operations/secondary-process.js';
import { queryPricingComparison } from '../queries/operations/pricing-compare.js';
import { HISTORY_LIMIT, PROCESS_REFERENCE_LIMIT, queryPricingReview } from '../queries/operations/pricing-review.js';
import { querySupplierComparison } from '../queries/operations/supplier-compare.js';
import { CHART_MONTHS, EXPIRING_DAYS, queryWorkbench, RECENT_DAYS, RISING_RATE } from '../queries/operations/workbench.js';
import { PROCESS_STATS_LIMIT, queryProcessStats } from '../queries/operations/process-stats.js';
import { toSortKeys } from '../schemas/common.js';
import { todayIn } from '../time-zone.js';
import {
  bomPriceQuerySchema,
  detailsSelector,
  exchangeRateQuerySchema,
  MAX_BOM_BODY_BYTES,
  MAX_BOM_LINES,
  pricingCompareQuerySchema,
  pricingDetailsQuerySchema,
  pricingQuerySchema,
  pricingReviewQuerySchema,
  processStatsQuerySchema,
  secondaryProcessQuerySchema,
  MAX_COMPARED_PRICINGS,
  MIN_COMPARED_PRICINGS,
  supplierCompareQuerySchema,
  supplierSelector,
  workbenchQuerySchema,
} from '../schemas/requests.js';
import {
  bomPriceResponseSchema,
  exchangeRateListResponseSchema,
  pricingComparisonResponseSchema,
  pricingDetailsResponseSchema,
  pricingListResponseSchema,
  pricingReviewResponseSchema,
  processStatsResponseSchema,
  secondaryProcessListResponseSchema,
  supplierComparisonResponseSchema,
  workbenchResponseSchema,
} from '../schemas/responses.js';
import { INFO_ROUTE } from './info.js';
import { TOOL_DOCS } from './tools.js';
import { patternOf, route, type RouteRecord } from './records.js';

/** The signed-in person's 核价员 name (我的), or a 400 saying why there is none. */
function clerkOf(ctx: Context): string {
  const caller = ctx.state.caller as Caller | undefined;
  if (caller?.clerk) return caller.clerk;
  const why =
    caller?.via === 'jwt'
      ? '登录令牌中没有核价员姓名（AUTH_NAME_CLAIM 所指的声明），请联系系统管理员'
      : '“我的”需要公司登录：静态令牌或未登录时没有核价员姓名';
  throw new AppError('VALIDATION_ERROR', undefined, [{ path: 'mine', message: why }]);
}

/** The contract's answer for a pricing id that names no pricing. */
const NO_SUCH_PRICING = '核价记录不存在';

// What the superRefine checks in requests.ts enforce, which JSON Schema cannot say itself.
const TEXT_RULES =
  '文本条件：包含匹配（ASCII 不区分大小写，% _ [ \\ 按字面匹配），首尾空白会被去掉，空字符串或 null 表示不筛选（每个筛选字段都可为 null），最多 200 个字符，不能包含 U+0000 或不成对的 UTF-16 代理项。';

/**
 * The three POST operations, and the review page's three: validate → query → the contract's body. The
 * two list operations answer with a CSV or xlsx file of every matching row when Accept asks for one. Each
 * operation is one read, routed to the read replica when there is one in use (routedRead).
 */
export const QUERY_ROUTES: RouteRecord[] = [
  route({
    method: 'post',
    path: '/query/pricing',
    access: 'read',
    tool: TOOL_DOCS.pricing,
    export: PRICING_EXPORT,
    info: '执行核价查询',
    body: pricingQuerySchema,
    handler: async (ctx, deps, { current, pageSize, sort, columns, ...filters }) => {
      const exportFormat = requestedExportFormat(ctx);
      if (exportFormat) {
        noteExport(ctx, exportFormat, filters);
        const request = { filters, sort: toSortKeys(sort), columns };
        return sendExport(ctx, withDbClock(deps.query, ctx), deps.exports, PRICING_EXPORT, request, exportFormat);
      }
      const day = filters.inForceOn;
      const { page, marked } = await routedRead(withDbClock(deps.query, ctx), async (d) => {
        const found = await queryPricing(d, filters, { current, pageSize, sort: toSortKeys(sort) });
        // With inForceOn: which rows of the page the priced BOM's default rule takes (计价采用).
        return {
          page: found,
          marked: day
            ? await latestInForce(
                d,
                found.rows.map((r) => r.id),
                day,
              )
            : undefined,
        };
      });
      ctx.body = { success: true, data: page.rows, total: page.total, current, pageSize, ...(marked ? { latestInForceIds: marked } : {}) };
    },
    doc: {
      operationId: 'queryPricing',
      tag: '查询',
      body: {
        id: 'PricingQuery',
        about: `核价查询条件。${TEXT_RULES}日期 YYYY-MM-DD 按 APP_TIMEZONE 的自然日（含首尾），空字符串表示不筛选。跨字段规则：pricedFrom ≤ pricedTo、minPrice ≤ maxPrice、minChangeRate ≤ maxChangeRate、validToFrom ≤ validToTo，否则 400 VALIDATION_ERROR（错误在后一个字段上）。按 changeRate 排序时，变动率为空的行无论升序降序都排在最后。`,
        description: '筛选、分页与排序',
        // Examples return rows on the demo seed (test/openapi.test.ts sends them).
        example: {
          keyword: '支架',
          status: ['approved'],
          pricedFrom: '2026-01-01',
          pricedTo: '',
          sort: { unitPrice: 'descend' },
          current: 1,
          pageSize: 10,
        },
      },
      response: { description: 'JSON 分页；或按 Accept 导出的文件', json: pricingListResponseSchema.meta({ id: 'PricingListResponse' }) },
      errors: [],
      queries: true,
    },
  }),
  route({
    method: 'post',
    path: '/query/secondary-process',
    access: 'read',
    tool: TOOL_DOCS.secondaryProcess,
    export: SECONDARY_PROCESS_EXPORT,
    info: '执行二次加工查询',
    body: secondaryProcessQuerySchema,
    handler: async (ctx, deps, { current, pageSize, sort, columns, ...filters }) => {
      const exportFormat = requestedExportFormat(ctx);
      if (exportFormat) {
        noteExport(ctx, exportFormat, filters);
        const request = { filters, sort: toSortKeys(sort), columns };
        return sendExport(ctx, withDbClock(deps.query, ctx), deps.exports, SECONDARY_PROCESS_EXPORT, request, exportFormat);
      }
      const page = await routedRead(withDbClock(deps.query, ctx), (d) =>
        querySecondaryProcesses(d, filters, { current, pageSize, sort: toSortKeys(sort) }),
      );
      ctx.body = { success: true, data: page.rows, total: page.total, current, pageSize };
    },
    doc: {
      operationId: 'querySecondaryProcess',
      tag: '查询',
      body: {
        id: 'SecondaryProcessQuery',
        about: `二次加工查询条件。${TEXT_RULES}validOn 为 YYYY-MM-DD，空字符串表示不筛选。跨字段规则：minPrice ≤ maxPrice、validToFrom ≤ validToTo，否则 400 VALIDATION_ERROR（错误在后一个字段上）。`,
        description: '筛选、分页与排序',
        example: { category: ['plating'], validOn: '2026-06-18', keyword: '', sort: { unitPrice: 'ascend' }, current: 1, pageSize: 10 },
      },
      response: {
        description: 'JSON 分页；或按 Accept 导出的文件',
        json: secondaryProcessListResponseSchema.meta({ id: 'SecondaryProcessListResponse' }),
      },
      errors: [],
      queries: true,
    },
  }),
  route({
    method: 'post',
    path: '/query/exchange-rates',
    access: 'read',
    tool: TOOL_DOCS.exchangeRates,
    export: EXCHANGE_RATE_EXPORT,
    body: exchangeRateQuerySchema,
    handler: async (ctx, deps, { current, pageSize, sort, columns, ...filters }) => {
      const exportFormat = requestedExportFormat(ctx);
      if (exportFormat) {
        noteExport(ctx, exportFormat, filters);
        const request = { filters, sort: toSortKeys(sort), columns };
        return sendExport(ctx, withDbClock(deps.query, ctx), deps.exports, EXCHANGE_RATE_EXPORT, request, exportFormat);
      }
      const page = await routedRead(withDbClock(deps.query, ctx), (d) =>
        queryExchangeRates(d, filters, { current, pageSize, sort: toSortKeys(sort) }),
      );
      ctx.body = { success: true, data: page.rows, total: page.total, current, pageSize };
    },
    doc: {
      operationId: 'queryExchangeRates',
      tag: '查询',
      summary: '汇率查询：财务系统维护的各币种对人民币汇率',
      description:
        `不属于 ${patternOf(INFO_ROUTE)} 列出的六个操作。汇率表（exchange_rates）由财务系统写入，本服务只读。` +
        '一条汇率自其生效日期起有效，至同一币种下一条的生效日期前一天；某日的汇率为该币种生效日期 ≤ 该日中最晚的一条（同一天有多条时取 id 较大者）。' +
        'on 只返回该日有效的汇率（每个币种至多一条）。默认按生效日期倒序。',
      body: {
        id: 'ExchangeRateQuery',
        about:
          '汇率查询条件：currency 为币种列表（三位大写字母），validFromFrom / validFromTo 为生效日期范围（含），on 为有效日；日期 YYYY-MM-DD，空字符串或 null 表示不筛选。跨字段规则：validFromFrom ≤ validFromTo，否则 400 VALIDATION_ERROR（错误在后一个字段上）。',
        description: '筛选、分页与排序',
        example: { currency: ['USD'], on: '2026-10-31', current: 1, pageSize: 20 },
      },
      response: {
        description: 'JSON 分页；或按 Accept 导出的文件',
        json: exchangeRateListResponseSchema.meta({ id: 'ExchangeRateListResponse' }),
      },
      errors: [],
      queries: true,
    },
  }),
  route({
    method: 'post',
    path: '/query/secondary-process-stats',
    access: 'read',
    tool: TOOL_DOCS.processStats,
    body: processStatsQuerySchema,
    handler: async (ctx, deps, { on, ...filters }) => {
      const day = on ?? todayIn(deps.query.timeZone);
      const data = await routedRead(withDbClock(deps.query, ctx), (d) => queryProcessStats(d, filters, day));
      ctx.body = { success: true, data };
    },
    doc: {
      operationId: 'querySecondaryProcessStats',
      tag: '查询',
      summary: '工艺价格统计：按加工名称、类别、计价方式、币种分组的报价条数、最低、中位、最高与最新报价',
      description:
        `不属于 ${patternOf(INFO_ROUTE)} 列出的六个操作。条件与二次加工查询相同（没有分页、排序与导出列），另有 on。` +
        '符合条件的报价按加工名称（去掉首尾空白）、加工类别、计价方式、币种分组：按件与按 kg 的单价、人民币与美元的单价从不合并。' +
        '每组给出报价条数、最低、中位数（偶数条时取中间两条的平均，四舍五入（远离零）到 4 位小数）、最高，' +
        '以及最新报价：组内在 on 当日有效（status 为 active、valid_from ≤ on、valid_to 为空或 ≥ on）的报价中生效日期最晚的一条（再按更新时间、id），没有时为 null。' +
        `按报价条数倒序、再按加工名称、类别、计价方式、币种排序，最多 ${PROCESS_STATS_LIMIT} 组，totalGroups 为总组数。每次请求一条语句。`,
      body: {
        id: 'SecondaryProcessStatsQuery',
        about: `二次加工查询的条件（${TEXT_RULES}）；on 为 YYYY-MM-DD（APP_TIMEZONE 的自然日），不提供时为今天。跨字段规则：minPrice ≤ maxPrice、validToFrom ≤ validToTo，否则 400 VALIDATION_ERROR（错误在后一个字段上）。`,
        description: '筛选条件与统计日',
        example: { keyword: '电镀', status: ['active'], on: '2026-11-20' },
      },
      response: {
        description: '各组的统计与最新报价',
        json: processStatsResponseSchema.meta({ id: 'SecondaryProcessStatsResponse' }),
      },
      errors: [],
      queries: true,
    },
  }),
  route({
    method: 'post',
    path: '/query/pricing-details',
    access: 'read',
    tool: TOOL_DOCS.pricingDetails,
    info: '执行核价明细查询',
    body: pricingDetailsQuerySchema,
    handler: async (ctx, deps, q) => {
      const selector = detailsSelector(q);
      // One read: where a part number found nothing, whether the part exists says why.
      const { result, known } = await routedRead(withDbClock(deps.query, ctx), async (d) => {
        const found = await queryPricingDetails(d, selector);
        return { result: found, known: !found && 'partNo' in selector ? await partExists(d, selector.partNo) : undefined };
      });
      if (!result && 'partNo' in selector) {
        throw new AppError(
          'NOT_FOUND',
          known
            ? `${NO_SUCH_PRICING}：物料 ${selector.partNo} 没有已批准（approved）的核价`
            : `${NO_SUCH_PRICING}：物料编码 ${selector.partNo} 不存在（partNo 须与物料编码完全一致，不是包含匹配）`,
        );
      }
      if (!result) throw new AppError('NOT_FOUND', NO_SUCH_PRICING);
      ctx.body = { success: true, data: result };
    },
    doc: {
      operationId: 'queryPricingDetails',
      tag: '查询',
      description: 'pricingId、pricingNo、partNo 三者恰好提供一个。无此核价记录时返回 404 NOT_FOUND（核价记录不存在）。',
      body: {
        id: 'PricingDetailsQuery',
        about:
          'pricingId、pricingNo、partNo 三者恰好提供一个（空字符串或 null 视为未提供）；一个都没有或多于一个：400 VALIDATION_ERROR。pricingNo、partNo 为精确匹配（去掉首尾空白）。',
        description: '选择一条核价记录',
        example: { partNo: 'P-100001' },
      },
      response: { description: '核价记录、明细行与汇总', json: pricingDetailsResponseSchema.meta({ id: 'PricingDetailsResponse' }) },
      errors: ['NOT_FOUND'],
      queries: true,
    },
  }),
  route({
    method: 'post',
    path: '/query/pricing-review',
    access: 'read',
    tool: TOOL_DOCS.pricingReview,
    body: pricingReviewQuerySchema,
    handler: async (ctx, deps, { pricingId }) => {
      const review = await routedRead(withDbClock(deps.query, ctx), (d) => queryPricingReview(d, pricingId));
      if (!review) throw new AppError('NOT_FOUND', NO_SUCH_PRICING);
      ctx.body = { success: true, data: review };
    },
    doc: {
      operationId: 'queryPricingReview',
      tag: '查询',
      summary: '核价审核：一条核价的历史价格、批准价格汇总与二次加工参考价',
      description:
        `不属于 ${patternOf(INFO_ROUTE)} 列出的六个操作。pricing 为核价查询的行（含 previousApprovedPrice、changeRate）；` +
        'crossCurrencyPrevious：本条币种没有更早的批准价格、而其他币种有时，其中最近的一条按本条核价日的汇率折算为本条币种，并给出折算率、汇率日期与变动率（较上次仍只在同一币种之间比较）；' +
        `history 为该物料最新的至多 ${HISTORY_LIMIT} 条核价（本条总在其中）；approvedSummary 统计本条之前、核价日 12 个月前同一日 0 点（APP_TIMEZONE）起与本条同一币种已批准的单价，otherCurrencySummaries 按同一规则统计其他币种（不同币种不合并）；` +
        `processReferences 为该物料在本条核价日有效的二次加工报价（至多 ${PROCESS_REFERENCE_LIMIT} 条），并按名称（两端去空白后逐字相同）对应本条的二次加工明细行。` +
        '无此核价记录：404 NOT_FOUND（核价记录不存在）。',
      body: { id: 'PricingReviewQuery', about: 'pricingId 必填', description: '一条核价记录', example: { pricingId: 2 } },
      response: { description: '审核页所需的数据', json: pricingReviewResponseSchema.meta({ id: 'PricingReviewResponse' }) },
      errors: ['NOT_FOUND'],
      queries: true,
    },
  }),
  route({
    method: 'post',
    path: '/query/pricing-compare',
    access: 'read',
    tool: TOOL_DOCS.pricingCompare,
    body: pricingCompareQuerySchema,
    handler: async (ctx, deps, { pricingId, basePricingId }) => {
      const result = await routedRead(withDbClock(deps.query, ctx), (d) => queryPricingComparison(d, pricingId, basePricingId));
      if ('missing' in result) {
        throw new AppError('NOT_FOUND', result.missing === 'pricingId' ? NO_SUCH_PRICING : `比较基准的${NO_SUCH_PRICING}`);
      }
      if ('otherPart' in result) {
        throw new AppError('VALIDATION_ERROR', undefined, [
          { path: 'basePricingId', message: `应为同一物料的核价记录，收到的 ${basePricingId} 属于另一物料` },
        ]);
      }
      ctx.body = { success: true, data: result };
    },
    doc: {
      operationId: 'queryPricingCompare',
      tag: '查询',
      summary: '报价对比：一条核价与同一物料的另一条（默认上次批准的一条）按费用类型与明细行对比',
      description:
        `不属于 ${patternOf(INFO_ROUTE)} 列出的六个操作。差异 = 本条 - 基准，差异率 = 差异 / 基准（四舍五入到 4 位小数，基准为 0 时为 null）。` +
        '明细行按（费用类型，项目名称两端去空白后）配对。pricingId 或 basePricingId 不存在：404 NOT_FOUND；basePricingId 属于另一物料或与 pricingId 相同：400 VALIDATION_ERROR。',
      body: {
        id: 'PricingCompareQuery',
        about: 'pricingId 必填；basePricingId 可选，须为同一物料的另一条核价',
        description: '被比较的核价与基准',
        example: { pricingId: 2 },
      },
      response: { description: '对比结果', json: pricingComparisonResponseSchema.meta({ id: 'PricingCompareResponse' }) },
      errors: ['NOT_FOUND'],
      queries: true,
    },
  }),
  route({
    method: 'post',
    path: '/query/supplier-compare',
    access: 'read',
    tool: TOOL_DOCS.supplierCompare,
    body: supplierCompareQuerySchema,
    file: { title: SUPPLIER_COMPARE_FILE_TITLE },
    handler: async (ctx, deps, q) => {
      const selector = supplierSelector(q);
      const rateDay = q.on ?? todayIn(deps.query.timeZone);
      const result = await routedRead(withDbClock(deps.query, ctx), (d) => querySupplierComparison(d, selector, rateDay));
      if ('unknownPart' in result) {
        throw new AppError('NOT_FOUND', `${NO_SUCH_PRICING}：物料编码 ${q.partNo} 不存在（partNo 须与物料编码完全一致，不是包含匹配）`);
      }
      if ('noPricing' in result) throw new AppError('NOT_FOUND', `${NO_SUCH_PRICING}：物料 ${q.partNo} 没有核价`);
      if ('missingIds' in result) throw new AppError('NOT_FOUND', `${NO_SUCH_PRICING}：id ${result.missingIds.join('、')}`);
      if ('severalParts' in result) {
        throw new AppError('VALIDATION_ERROR', undefined, [
          {
            path: 'pricingIds',
            message: `应为同一物料的核价记录，收到的属于 ${result.severalParts.length} 个物料：${result.severalParts.join('、')}`,
          },
        ]);
      }
      const exportFormat = requestedExportFormat(ctx);
      if (exportFormat) {
        noteExport(ctx, exportFormat, { partNo: result.partNo, columns: result.columns.length, on: rateDay });
        return sendSupplierCompareExport(ctx, deps.query.timeZone, deps.exports, result, exportFormat);
      }
      ctx.body = { success: true, data: result };
    },
    doc: {
      operationId: 'querySupplierCompare',
      tag: '查询',
      summary: '供应商对比：同一物料各供应商的核价按费用类型并列，标出每行最低',
      description:
        `不属于 ${patternOf(INFO_ROUTE)} 列出的六个操作。按 partNo：该物料每个供应商（按供应商编码区分）最新的一条核价（按核价时间，同一时间取 id 较大者），` +
        '以及该供应商最新批准的一条（与最新的一条不同时）；按 pricingIds：恰好这些核价。每条一列；行为六项费用、未税单价、含税单价与较上次批准变动率。' +
        '每行最低的列只在同一币种的列之间比较（不换算汇率）；某币种的值不足两个或都相同时不标，并列最低都标。' +
        '列的币种不同时，converted 另给各金额行按 on（不提供时为今天）的汇率折算为人民币的值、每列的折算率与汇率日期，并在全部列之间标出最低；汇率缺失的列为 null 并列于 missingRates。' +
        `每次请求一条语句（币种不同时另加一条读汇率），与供应商数无关。物料不存在或没有核价、某个 id 不存在：404 NOT_FOUND；pricingIds 属于不同物料、重复、少于 ${MIN_COMPARED_PRICINGS} 条或多于 ${MAX_COMPARED_PRICINGS} 条：400 VALIDATION_ERROR。` +
        `请求头 Accept 为 CSV 或 xlsx 时返回同样内容的文件（需要 pricing.export 角色）：每条核价一行（供应商、核价单号、状态、币种、核价时间、各项费用与单价、变动率，币种不同时另有折算率与折合人民币的各项，最后为该行最低的项目），文件名形如 ${SUPPLIER_COMPARE_FILE_TITLE}-P-100217-20261122-093000.xlsx。`,
      body: {
        id: 'SupplierCompareQuery',
        about: `partNo、pricingIds 二者恰好提供一个（partNo 为空字符串或 null 视为未提供）；一个都没有或两个都有：400 VALIDATION_ERROR。partNo 为精确匹配（去掉首尾空白）；pricingIds 为 ${MIN_COMPARED_PRICINGS}–${MAX_COMPARED_PRICINGS} 条同一物料的核价。`,
        description: '一个物料，或几条核价记录',
        example: { partNo: 'P-100217' },
      },
      response: { description: '各列的核价与各行的值', json: supplierComparisonResponseSchema.meta({ id: 'SupplierCompareResponse' }) },
      errors: ['NOT_FOUND'],
      queries: true,
    },
  }),
  route({
    method: 'post',
    path: '/query/bom-price',
    access: 'read',
    tool: TOOL_DOCS.bomPrice,
    // 2,000 lines of part numbers up to 200 characters: beyond BODY_LIMIT's default.
    bodyBytes: MAX_BOM_BODY_BYTES,
    body: bomPriceQuerySchema,
    file: { title: BOM_FILE_TITLE },
    handler: async (ctx, deps, { lines, on, name, rule, suppliers, reportCurrency, rates }) => {
      const day = on ?? todayIn(deps.query.timeZone);
      const options = { day, rule, suppliers, reportCurrency, whatIf: rates };
      const bom = await routedRead(withDbClock(deps.query, ctx), (d) => priceBom(d, lines, options));
      if ('unknownCurrency' in bom) {
        throw new AppError('VALIDATION_ERROR', undefined, [
          { path: 'reportCurrency', message: `汇率表中没有 ${bom.unknownCurrency} 的汇率，无法折算（可在 rates 中给出假设汇率）` },
        ]);
      }
      const exportFormat = requestedExportFormat(ctx);
      if (exportFormat) {
        noteExport(ctx, exportFormat, { on: day, lines: lines.length, rule, reportCurrency, rates });
        return sendBomExport(ctx, deps.query.timeZone, deps.exports, bom, exportFormat, name);
      }
      ctx.body = { success: true, data: bom };
    },
    doc: {
      operationId: 'queryBomPrice',
      tag: '查询',
      summary: '批量核价：按物料编码与数量给 BOM 计价',
      description:
        `不属于 ${patternOf(INFO_ROUTE)} 列出的六个操作。每行取该物料在计价日有效的价格：status 为 approved、validFrom ≤ 计价日、validTo 为空或 ≥ 计价日的核价中 pricedAt 最晚的一条（相同时取 id 较大者）。` +
        '计价规则 rule（latest、lowest、highest、preferred）决定同一物料在计价日有多条有效价格时取哪一条；每行给出有效价格条数 inForce、其中最低与最高的未税单价与选取方式 chosenBy。' +
        '金额 = 数量 × 单价（未税与含税），精确计算后四舍五入（远离零）到 4 位小数；合计按币种分别给出，不跨币种相加。' +
        '提供 reportCurrency 时，每行另给折算率 rate（1 单位本行币种折合多少折算币种）、其汇率的生效日期 rateDate 与来源 rateSource，折算金额 = 数量 × 单价 × 折算率，只在最后四舍五入一次；reportTotal 为各行折算金额之和，并给出因汇率缺失未计入的行数 linesWithoutRate。' +
        '汇率取汇率表中该币种在计价日有效的一条（生效日期 ≤ 计价日中最晚的一条，同日取 id 较大者）；两个非人民币币种之间的折算率为两者对人民币汇率之比，四舍五入到 8 位小数。rates 中的假设汇率在本次计价中代替汇率表的汇率。' +
        `reportCurrency 在汇率表中从未有过汇率（且不在 rates 中）：400 VALIDATION_ERROR。每次请求的语句数固定（汇率、物料、有效价格、价格行），与行数无关；1–${MAX_BOM_LINES} 行。` +
        `请求头 Accept 为 CSV 或 xlsx 时返回同样内容的文件（每行一行，末尾每个币种一行合计；需要 pricing.export 角色），文件名形如 ${BOM_FILE_TITLE}-2026-11-20-20261122-093000.xlsx。` +
        'xlsx 的表头上方写明 BOM 名称（name）、计价日、计价规则与所用汇率；金额与折算金额为公式（数量 × 单价，四舍五入到 4 位小数，缓存服务算出的值），合计在筛选范围之下，为按币种的 SUMIF 与折算金额的 SUM，改动数量后随之重算。' +
        'suggestion：物料不存在、但与某个现有物料编码只差大小写、全角/半角或不可见字符时给出该编码（不按它计价）；有这样的行时多一条语句。',
      body: {
        id: 'BomPriceQuery',
        about: `lines 为 1–${MAX_BOM_LINES} 行 {partNo, quantity}；on 为计价日（YYYY-MM-DD，APP_TIMEZONE 的自然日），不提供时为今天；rule 为计价规则（默认 latest），preferred 须带 suppliers；reportCurrency 为折算币种；rates 为假设汇率。`,
        description: 'BOM 行、计价日、计价规则、折算币种与假设汇率',
        example: {
          lines: [
            { partNo: 'P-100217', quantity: 12.5 },
            { partNo: 'P-100213', quantity: 2 },
          ],
          on: '2026-11-20',
          rule: 'lowest',
          reportCurrency: 'CNY',
        },
      },
      response: { description: '每行的价格与金额，及按币种的合计', json: bomPriceResponseSchema.meta({ id: 'BomPriceResponse' }) },
      errors: [],
      queries: true,
    },
  }),
  route({
    method: 'post',
    path: '/query/workbench',
    access: 'read',
    tool: TOOL_DOCS.workbench,
    body: workbenchQuerySchema,
    handler: async (ctx, deps, { on, mine }) => {
      const day = on ?? todayIn(deps.query.timeZone);
      const clerk = mine ? clerkOf(ctx) : undefined;
      const data = await routedRead(withDbClock(deps.query, ctx), (d) => queryWorkbench(d, day, clerk));
      ctx.body = { success: true, data };
    },
    doc: {
      operationId: 'queryWorkbench',
      tag: '查询',
      summary: '工作台：今天要处理的事项与近 12 个月的变动率',
      description:
        `不属于 ${patternOf(INFO_ROUTE)} 列出的六个操作。每个事项给出行数与打开对应列表的筛选条件（filters，该列表请求体的字段）：以这些条件查询该列表，total 与 count 相同。` +
        `待审核（status pending）；其中较上次批准价上涨 ${RISING_RATE * 100}% 及以上（minChangeRate ${RISING_RATE}）；已批准且失效日期在今天至 ${EXPIRING_DAYS} 天后（validToFrom、validToTo）；` +
        `二次加工报价状态为有效但失效日期早于今天；最近 ${RECENT_DAYS} 天（含今天）的新核价（pricedFrom、pricedTo）。` +
        `monthlyChange：最近 ${CHART_MONTHS} 个月每月核价（APP_TIMEZONE 的自然月，本月至今天为止）已批准、有变动率的条数与变动率中位数。`,
      body: {
        id: 'WorkbenchQuery',
        about: 'on 可选：作为今天的日期（YYYY-MM-DD），不提供时为 APP_TIMEZONE 的今天。',
        description: '作为今天的日期',
        example: { on: '2026-11-20' },
      },
      response: {
        description: '各事项的行数与筛选条件、每月变动率中位数',
        json: workbenchResponseSchema.meta({ id: 'WorkbenchResponse' }),
      },
      errors: [],
      queries: true,
    },
  }),
];
