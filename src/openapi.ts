import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { EXPORT_MEDIA_TYPES } from './export/format.js';
import { AppError, ERROR_CODES, type ErrorCode } from './http/errors.js';
import { ROLES } from './http/roles.js';
import { validate } from './http/validate.js';
import { API_INDEX, ENDPOINTS } from './routes/info.js';
import { DOCS_ASSETS } from './routes/docs-assets.js';
import { MAX_SORT_KEYS } from './schemas/common.js';
import { HISTORY_LIMIT, PROCESS_REFERENCE_LIMIT } from './queries/operations/pricing-review.js';
import { PRICING_ROW_LABELS } from './resources/pricing.js';
import { SECONDARY_PROCESS_ROW_LABELS } from './resources/secondary-process.js';
import {
  pricingCompareQuerySchema,
  pricingDetailsQuerySchema,
  pricingQuerySchema,
  pricingReviewQuerySchema,
  secondaryProcessQuerySchema,
} from './schemas/requests.js';
import {
  errorBodySchema,
  errorResponseSchema,
  infoResponseSchema,
  pricingComparisonResponseSchema,
  pricingDetailsResponseSchema,
  pricingListResponseSchema,
  pricingReviewResponseSchema,
  secondaryProcessListResponseSchema,
  tableStatsResponseSchema,
  testDbResponseSchema,
} from './schemas/responses.js';

/**
 * GET /api/openapi.json: generated from the zod schemas that validate the requests
 * (src/schemas/requests.ts) and describe the responses (src/schemas/responses.ts), so it cannot
 * disagree with what the service accepts. `.meta({ id })` names a component; it returns a copy,
 * so the validating schemas themselves are untouched (and no extendZodWithOpenApi is needed).
 */

const POST_QUERY_ERRORS: ErrorCode[] = [
  'INVALID_JSON',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'AUTH_UNAVAILABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'DB_UNAVAILABLE',
  'DB_NOT_FOUND',
  'DB_SCHEMA_MISSING',
  'QUERY_TIMEOUT',
];

const requestIdHeader = {
  'X-Request-Id': {
    description: '请求 ID（调用方传入的合法值会被沿用：1–128 个 A-Z a-z 0-9 . _ : -）；错误体的 requestId 与之相同',
    schema: { type: 'string' as const },
  },
};

/** On the answers of operations that query the database (src/http/server-timing.ts). */
const serverTimingHeader = {
  'Server-Timing': {
    description: '执行了数据库查询时：db;dur=<毫秒>;desc="<n> queries"（等待数据库的时间）',
    schema: { type: 'string' as const },
  },
};

/** Headers that only some statuses carry, each with the error it comes with. */
const HEADERS_BY_STATUS: Record<number, ResponseConfig['headers']> = {
  401: {
    'WWW-Authenticate': {
      description: 'Bearer realm="pricing"；令牌错误时另有 error="invalid_token"',
      schema: { type: 'string' },
    },
  },
  429: { 'Retry-After': { description: '多少秒后可重试', schema: { type: 'integer' } } },
};

/** A body with three typical mistakes, and what the service answers to it (made by validate itself). */
const VALIDATION_EXAMPLE_BODY = { pageSize: 500, supplierName: '某供应商', pricedFrom: '2026/01/01' };

function validationErrorExample(): object {
  try {
    validate(pricingQuerySchema, VALIDATION_EXAMPLE_BODY);
  } catch (err) {
    if (err instanceof AppError) return { success: false, code: err.code, message: err.message, requestId: '6f1c…', errors: err.errors };
    throw err;
  }
  throw new Error('the validation example body passed validation');
}

/**
 * Error responses grouped by HTTP status, each body's `code` narrowed to that status' codes,
 * with the headers each carries (X-Request-Id always; Server-Timing where the operation queries).
 */
function errorResponses(codes: readonly ErrorCode[], options: { queries?: boolean } = {}): Record<number, ResponseConfig> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, ResponseConfig> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: statusCodes.map((c) => `${c}：${ERROR_CODES[c].message}`).join('；'),
      headers: {
        ...requestIdHeader,
        ...(HEADERS_BY_STATUS[status] ?? {}),
        // 401, 403 and 429 are answered before the operation runs any query.
        ...(options.queries && status !== 401 && status !== 403 && status !== 429 ? serverTimingHeader : {}),
      },
      content: {
        'application/json': {
          schema: errorBodySchema(statusCodes),
          ...(statusCodes.includes('VALIDATION_ERROR') ? { example: validationErrorExample() } : {}),
        },
      },
    };
  }
  return responses;
}

/** `example`: what the docs page's "Try it out" starts from; on the demo data it finds rows. */
function jsonBody(schema: z.ZodType, description: string, example: object): RouteConfig['request'] {
  return { body: { description, required: false, content: { 'application/json': { schema, example } } } };
}

/** Request examples that return rows on the demo seed (test/openapi.test.ts sends them). */
export const REQUEST_EXAMPLES = {
  pricing: {
    keyword: '支架',
    status: ['approved'],
    pricedFrom: '2026-01-01',
    pricedTo: '',
    sort: { unitPrice: 'descend' },
    current: 1,
    pageSize: 10,
  },
  secondaryProcess: { category: ['plating'], validOn: '2026-06-18', keyword: '', sort: { unitPrice: 'ascend' }, current: 1, pageSize: 10 },
  pricingDetails: { partNo: 'P-100001' },
  pricingReview: { pricingId: 2 },
  pricingCompare: { pricingId: 2 },
} as const;

function listOperation(options: {
  path: string;
  operationId: string;
  summary: string;
  body: z.ZodType;
  example: object;
  page: z.ZodType;
  labels: Record<string, string>;
  fileTitle: string;
}): RouteConfig {
  const headerRow = Object.values(options.labels).join('、');
  return {
    method: 'post',
    path: options.path,
    operationId: options.operationId,
    tags: ['查询'],
    summary: options.summary,
    description: [
      `${options.summary}。请求体为空时等同于 {}；分页与排序与 Ant Design Pro 的 ProTable 一致，排序最后总按 id 升序。`,
      '',
      `**导出**：请求头 \`Accept: ${EXPORT_MEDIA_TYPES.csv}\` 或 \`Accept: ${EXPORT_MEDIA_TYPES.xlsx}\` 时，` +
        '以相同的请求体返回全部符合条件的行（忽略 current/pageSize，按请求的排序），流式下载；' +
        '其他 Accept、`*/*` 或不带 Accept 时返回 JSON 分页。超过 EXPORT_MAX_ROWS 行时返回 400 EXPORT_TOO_LARGE（在开始传输之前判断）。',
      `文件名形如 \`${options.fileTitle}-20261122-093000.xlsx\`（APP_TIMEZONE 时间），表头：${headerRow}。`,
      'CSV 为带 BOM 的 UTF-8；两种文件显示相同的内容：状态、加工类别、计价方式为中文名称（JSON 中为代码），税率为百分比（13%），' +
        '时间为 APP_TIMEZONE 的当地时间（2026-09-24 15:09:05），日期为 YYYY-MM-DD。xlsx 中数字为数字（税率 0.13 以 13% 显示）、日期与时间为日期单元格。' +
        '以 = + - @ 开头的文本不会被表格软件当作公式执行（CSV 中前置单引号）。',
    ].join('\n'),
    request: jsonBody(options.body, '筛选、分页与排序', options.example),
    responses: {
      200: {
        description: 'JSON 分页；或按 Accept 导出的文件',
        headers: {
          ...requestIdHeader,
          ...serverTimingHeader,
          'Content-Disposition': {
            description: `仅导出：attachment; filename="ascii.xlsx"; filename*=UTF-8''${encodeURIComponent(options.fileTitle)}-….xlsx（RFC 5987）`,
            schema: { type: 'string' },
          },
          'X-Total-Count': { description: '仅导出：导出的行数', schema: { type: 'integer' } },
        },
        content: {
          'application/json': { schema: options.page },
          [EXPORT_MEDIA_TYPES.csv]: { schema: z.string().describe('UTF-8（带 BOM）CSV，首行为中文表头') },
          [EXPORT_MEDIA_TYPES.xlsx]: { schema: z.string().meta({ format: 'binary', description: 'xlsx 工作簿，首行为中文表头' }) },
        },
      },
      ...errorResponses([...POST_QUERY_ERRORS, 'EXPORT_TOO_LARGE', 'EXPORTS_BUSY'], { queries: true }),
    },
  };
}

const apiIndexResponseSchema = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  docs: z.literal(API_INDEX.docs).describe('接口文档页面（Swagger UI）'),
  openapi: z.literal(API_INDEX.openapi).describe('OpenAPI 3.1 文档'),
  info: z.literal(API_INDEX.info).describe('服务信息与六个操作'),
});

function buildRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      '仅在配置了 API_TOKENS 或 AUTH_ISSUER 时需要：静态令牌，或身份提供方签发的 JWT 访问令牌（RS256/ES256）。' +
      '角色：pricing.read（查询、统计、数据库检查、指标），pricing.export（CSV/xlsx 导出）；缺少角色时 403 FORBIDDEN。' +
      'GET /api、/api/info、/api/openapi.json、/api/docs、/api/auth/config 始终开放（不计入限流）',
  });

  // What the superRefine checks in requests.ts enforce, which JSON Schema cannot say itself.
  const TEXT_RULES =
    '文本条件：包含匹配（ASCII 不区分大小写，% _ [ \\ 按字面匹配），首尾空白会被去掉，空字符串或 null 表示不筛选（每个筛选字段都可为 null），最多 200 个字符，不能包含 U+0000。';
  const pricingQuery = pricingQuerySchema.meta({
    id: 'PricingQuery',
    description: `核价查询条件。${TEXT_RULES}日期 YYYY-MM-DD 按 APP_TIMEZONE 的自然日（含首尾），空字符串表示不筛选。跨字段规则：pricedFrom ≤ pricedTo、minPrice ≤ maxPrice、minChangeRate ≤ maxChangeRate，否则 400 VALIDATION_ERROR（错误在后一个字段上）。按 changeRate 排序时，变动率为空的行无论升序降序都排在最后。`,
  });
  const secondaryProcessQuery = secondaryProcessQuerySchema.meta({
    id: 'SecondaryProcessQuery',
    description: `二次加工查询条件。${TEXT_RULES}validOn 为 YYYY-MM-DD，空字符串表示不筛选。跨字段规则：minPrice ≤ maxPrice，否则 400 VALIDATION_ERROR（错误在 maxPrice 上）。`,
  });
  const pricingDetailsQuery = pricingDetailsQuerySchema.meta({
    id: 'PricingDetailsQuery',
    description:
      'pricingId、pricingNo、partNo 三者恰好提供一个（空字符串或 null 视为未提供）；一个都没有或多于一个：400 VALIDATION_ERROR。pricingNo、partNo 为精确匹配（去掉首尾空白）。',
  });
  // The unknown-path and wrong-method errors belong to no one operation: they live here.
  const errorBodyRef = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };
  registry.registerComponent('responses', 'NotFound', {
    description: `NOT_FOUND：${ERROR_CODES.NOT_FOUND.message}（任一未知路径）`,
    headers: requestIdHeader,
    content: errorBodyRef,
  });
  registry.registerComponent('responses', 'MethodNotAllowed', {
    description: `METHOD_NOT_ALLOWED：${ERROR_CODES.METHOD_NOT_ALLOWED.message}（已知路径用错方法）`,
    headers: { ...requestIdHeader, Allow: { description: '该路径支持的方法', schema: { type: 'string' } } },
    content: errorBodyRef,
  });
  registry.registerComponent('responses', 'BadRequest', {
    description: `BAD_REQUEST：${ERROR_CODES.BAD_REQUEST.message}（HTTP 服务器无法解析的请求，任一路径）`,
    headers: requestIdHeader,
    content: errorBodyRef,
  });

  registry.registerPath(
    listOperation({
      path: '/api/query/pricing',
      operationId: 'queryPricing',
      summary: ENDPOINTS['POST /api/query/pricing'],
      body: pricingQuery,
      example: REQUEST_EXAMPLES.pricing,
      page: pricingListResponseSchema.meta({ id: 'PricingListResponse' }),
      labels: PRICING_ROW_LABELS,
      fileTitle: '核价查询',
    }),
  );
  registry.registerPath(
    listOperation({
      path: '/api/query/secondary-process',
      operationId: 'querySecondaryProcess',
      summary: ENDPOINTS['POST /api/query/secondary-process'],
      body: secondaryProcessQuery,
      example: REQUEST_EXAMPLES.secondaryProcess,
      page: secondaryProcessListResponseSchema.meta({ id: 'SecondaryProcessListResponse' }),
      labels: SECONDARY_PROCESS_ROW_LABELS,
      fileTitle: '二次加工查询',
    }),
  );
  registry.registerPath({
    method: 'post',
    path: '/api/query/pricing-details',
    operationId: 'queryPricingDetails',
    tags: ['查询'],
    summary: ENDPOINTS['POST /api/query/pricing-details'],
    description: 'pricingId、pricingNo、partNo 三者恰好提供一个。无此核价记录时返回 404 NOT_FOUND（核价记录不存在）。',
    request: jsonBody(pricingDetailsQuery, '选择一条核价记录', REQUEST_EXAMPLES.pricingDetails),
    responses: {
      200: {
        description: '核价记录、明细行与汇总',
        headers: { ...requestIdHeader, ...serverTimingHeader },
        content: { 'application/json': { schema: pricingDetailsResponseSchema.meta({ id: 'PricingDetailsResponse' }) } },
      },
      ...errorResponses([...POST_QUERY_ERRORS, 'NOT_FOUND'], { queries: true }),
    },
  });
  const reviewErrors = errorResponses([...POST_QUERY_ERRORS, 'NOT_FOUND'], { queries: true });
  registry.registerPath({
    method: 'post',
    path: '/api/query/pricing-review',
    operationId: 'queryPricingReview',
    tags: ['查询'],
    summary: '核价审核：一条核价的历史价格、批准价格汇总与二次加工参考价',
    description:
      '不属于 /api/info 列出的六个操作。pricing 为核价查询的行（含 previousApprovedPrice、changeRate）；' +
      `history 为该物料最新的至多 ${HISTORY_LIMIT} 条核价（本条总在其中）；approvedSummary 统计本条之前、核价日 12 个月前同一日 0 点（APP_TIMEZONE）起已批准的单价；` +
      `processReferences 为该物料在本条核价日有效的二次加工报价（至多 ${PROCESS_REFERENCE_LIMIT} 条），并按名称（两端去空白后逐字相同）对应本条的二次加工明细行。` +
      '无此核价记录：404 NOT_FOUND（核价记录不存在）。',
    request: jsonBody(
      pricingReviewQuerySchema.meta({ id: 'PricingReviewQuery', description: 'pricingId 必填' }),
      '一条核价记录',
      REQUEST_EXAMPLES.pricingReview,
    ),
    responses: {
      200: {
        description: '审核页所需的数据',
        headers: { ...requestIdHeader, ...serverTimingHeader },
        content: { 'application/json': { schema: pricingReviewResponseSchema.meta({ id: 'PricingReviewResponse' }) } },
      },
      ...reviewErrors,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/query/pricing-compare',
    operationId: 'queryPricingCompare',
    tags: ['查询'],
    summary: '报价对比：一条核价与同一物料的另一条（默认上次批准的一条）按费用类型与明细行对比',
    description:
      '不属于 /api/info 列出的六个操作。差异 = 本条 - 基准，差异率 = 差异 / 基准（四舍五入到 4 位小数，基准为 0 时为 null）。' +
      '明细行按（费用类型，项目名称两端去空白后）配对。pricingId 或 basePricingId 不存在：404 NOT_FOUND；basePricingId 属于另一物料或与 pricingId 相同：400 VALIDATION_ERROR。',
    request: jsonBody(
      pricingCompareQuerySchema.meta({
        id: 'PricingCompareQuery',
        description: 'pricingId 必填；basePricingId 可选，须为同一物料的另一条核价',
      }),
      '被比较的核价与基准',
      REQUEST_EXAMPLES.pricingCompare,
    ),
    responses: {
      200: {
        description: '对比结果',
        headers: { ...requestIdHeader, ...serverTimingHeader },
        content: { 'application/json': { schema: pricingComparisonResponseSchema.meta({ id: 'PricingCompareResponse' }) } },
      },
      ...reviewErrors,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/stats/tables',
    operationId: 'getTableStats',
    tags: ['运维'],
    summary: ENDPOINTS['GET /api/stats/tables'],
    responses: {
      200: {
        description: '四张表的行数与最近更新时间',
        headers: { ...requestIdHeader, ...serverTimingHeader },
        content: { 'application/json': { schema: tableStatsResponseSchema.meta({ id: 'TableStatsResponse' }) } },
      },
      ...errorResponses(
        [
          'UNAUTHORIZED',
          'FORBIDDEN',
          'RATE_LIMITED',
          'INTERNAL_ERROR',
          'AUTH_UNAVAILABLE',
          'DB_UNAVAILABLE',
          'DB_NOT_FOUND',
          'DB_SCHEMA_MISSING',
          'QUERY_TIMEOUT',
        ],
        { queries: true },
      ),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/test-db',
    operationId: 'testDb',
    tags: ['运维'],
    summary: ENDPOINTS['GET /api/test-db'],
    description: '始终返回 HTTP 200，在 DB_CHECK_TIMEOUT_MS 内给出结果；失败原因只写日志。',
    responses: {
      200: {
        description: '连接是否正常',
        headers: { ...requestIdHeader, ...serverTimingHeader },
        content: { 'application/json': { schema: testDbResponseSchema.meta({ id: 'TestDbResponse' }) } },
      },
      ...errorResponses(['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'INTERNAL_ERROR', 'AUTH_UNAVAILABLE'], { queries: true }),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/info',
    operationId: 'getInfo',
    tags: ['运维'],
    summary: ENDPOINTS['GET /api/info'],
    security: [],
    responses: {
      200: {
        description: '服务信息与六个操作',
        headers: requestIdHeader,
        content: { 'application/json': { schema: infoResponseSchema.meta({ id: 'InfoResponse' }) } },
      },
      ...errorResponses(['INTERNAL_ERROR']),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/metrics',
    operationId: 'getMetrics',
    tags: ['运维'],
    summary: 'Prometheus 指标',
    description:
      '按路由、方法、状态统计的请求数，按路由的延迟直方图，数据库连接池与错误，进程指标。' +
      '默认不计入 RATE_LIMIT_PER_MINUTE（抓取不会被限流）；RATE_LIMIT_METRICS=true 时计入，才可能返回 429。',
    responses: {
      200: {
        description: 'Prometheus 文本格式',
        headers: requestIdHeader,
        content: { 'text/plain': { schema: z.string().describe('Prometheus exposition format 0.0.4') } },
      },
      ...errorResponses(['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'INTERNAL_ERROR', 'AUTH_UNAVAILABLE']),
    },
  });
  registerAuth(registry);
  registry.registerPath({
    method: 'get',
    path: '/api',
    operationId: 'getApiIndex',
    tags: ['文档'],
    summary: '入口：指向接口文档（/api/docs）与本文档（/api/openapi.json）',
    description: '不属于 /api/info 列出的六个操作；配置了 API_TOKENS 时也无需令牌。`/api/` 同样可用。',
    security: [],
    responses: {
      200: {
        description: '文档的位置',
        headers: requestIdHeader,
        content: { 'application/json': { schema: apiIndexResponseSchema.meta({ id: 'ApiIndexResponse' }) } },
      },
      ...errorResponses(['INTERNAL_ERROR']),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApi',
    tags: ['文档'],
    summary: '本 OpenAPI 3.1 文档',
    security: [],
    responses: {
      200: {
        description: 'OpenAPI 3.1 文档',
        headers: requestIdHeader,
        content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
      },
      ...errorResponses(['INTERNAL_ERROR']),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/docs',
    operationId: 'getDocs',
    tags: ['文档'],
    summary: '接口文档页面（Swagger UI，随服务一起分发，不依赖 CDN）',
    security: [],
    responses: {
      200: { description: 'HTML 页面', headers: requestIdHeader, content: { 'text/html': { schema: z.string() } } },
      ...errorResponses(['INTERNAL_ERROR']),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/docs/{asset}',
    operationId: 'getDocsAsset',
    tags: ['文档'],
    summary: '文档页面所需的静态文件',
    security: [],
    request: { params: z.object({ asset: z.enum(Object.keys(DOCS_ASSETS) as [string, ...string[]]).describe('文件名') }) },
    responses: {
      200: {
        description: '静态文件',
        headers: requestIdHeader,
        content: Object.fromEntries(
          [...new Set(Object.values(DOCS_ASSETS).map((a) => a.type.split(';')[0]!))].map((type) => [type, { schema: z.string() }]),
        ),
      },
      ...errorResponses(['NOT_FOUND', 'INTERNAL_ERROR']),
    },
  });
  registerProbes(registry);
  return registry;
}

/** The page's sign-in (routes/auth.ts): its settings (open) and who is signed in (any valid token). */
function registerAuth(registry: OpenAPIRegistry): void {
  const roles = z.array(z.enum(ROLES)).describe('调用方的角色（未知的角色名不列出）');
  const authConfig = z
    .union([
      z.strictObject({
        success: z.literal(true),
        enabled: z.literal(true),
        issuer: z.string().describe('身份提供方（AUTH_ISSUER）'),
        clientId: z.string().nullable().describe('页面的客户端 ID（AUTH_CLIENT_ID）；未配置时为 null'),
        scopes: z.string().describe('页面登录时请求的 scope，以空格分隔（AUTH_SCOPES）'),
        rolesClaim: z.string().describe('令牌中角色所在的声明（AUTH_ROLES_CLAIM）'),
      }),
      z.strictObject({ success: z.literal(true), enabled: z.literal(false) }),
    ])
    .meta({ id: 'AuthConfigResponse' });
  const me = z
    .strictObject({
      success: z.literal(true),
      subject: z.string().nullable().describe('JWT 的主体（sub 等），静态令牌为 token:<令牌编号>；未配置认证时为 null'),
      name: z.string().nullable().describe('显示名称（name、preferred_username、upn …）'),
      roles,
      via: z.enum(['jwt', 'token', 'none']).describe('jwt：身份提供方的令牌；token：API_TOKENS；none：未配置认证（拥有全部角色）'),
    })
    .meta({ id: 'AuthMeResponse' });
  registry.registerPath({
    method: 'get',
    path: '/api/auth/config',
    operationId: 'getAuthConfig',
    tags: ['认证'],
    summary: '页面登录设置（开放，无需令牌）',
    description: '配置了 AUTH_ISSUER 时 enabled 为 true，并给出页面以授权码 + PKCE 登录所需的设置；否则只有 enabled: false。',
    security: [],
    responses: {
      200: { description: '登录设置', headers: requestIdHeader, content: { 'application/json': { schema: authConfig } } },
      ...errorResponses(['INTERNAL_ERROR']),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/auth/me',
    operationId: 'getAuthMe',
    tags: ['认证'],
    summary: '当前登录身份与角色（任一有效令牌，无论角色）',
    description: '页面据此显示姓名，并在没有 pricing.export 角色时隐藏导出按钮。',
    responses: {
      200: { description: '当前身份', headers: requestIdHeader, content: { 'application/json': { schema: me } } },
      ...errorResponses(['UNAUTHORIZED', 'RATE_LIMITED', 'INTERNAL_ERROR', 'AUTH_UNAVAILABLE']),
    },
  });
}

/** The orchestrator's probes (routes/probes.ts): open, never rate-limited, not among the six operations. */
function registerProbes(registry: OpenAPIRegistry): void {
  const probeBody = (status: string) => z.object({ success: z.literal(true), status: z.literal(status) });
  registry.registerPath({
    method: 'get',
    path: '/api/health/live',
    operationId: 'getLiveness',
    tags: ['运维'],
    summary: '存活探针（不访问数据库）',
    security: [],
    responses: {
      200: { description: '进程在应答', headers: requestIdHeader, content: { 'application/json': { schema: probeBody('live') } } },
      ...errorResponses(['INTERNAL_ERROR']),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/health/ready',
    operationId: 'getReadiness',
    tags: ['运维'],
    summary: '就绪探针：开始关闭、数据库不可达、不存在或未迁移到最新版本时为 503 NOT_READY',
    security: [],
    responses: {
      200: {
        description: '可以接收流量（主库可用即就绪；配置了只读副本 DATABASE_READ_URL 时，正文另附副本状态）',
        headers: requestIdHeader,
        content: {
          'application/json': {
            schema: probeBody('ready').extend({
              replica: z
                .object({
                  state: z
                    .enum(['in-use', 'lagging', 'unreachable'])
                    .describe(
                      'in-use：读取走副本；lagging：副本延迟超过 REPLICA_MAX_LAG_MS、不再跟随主库或尚未稳定，读取走主库；unreachable：副本连不上，读取走主库',
                    ),
                  lagMs: z.number().nullable().describe('最近一次测得的延迟（毫秒）；无法测量时为 null'),
                })
                .optional()
                .describe('只读副本的状态（仅在设置了 DATABASE_READ_URL 时出现）'),
            }),
          },
        },
      },
      ...errorResponses(['NOT_READY', 'INTERNAL_ERROR']),
    },
  });
}

function describeErrors(): string {
  const rows = (Object.entries(ERROR_CODES) as [ErrorCode, (typeof ERROR_CODES)[ErrorCode]][]).map(
    ([code, { status, message }]) => `| ${status} | \`${code}\` | ${message} |`,
  );
  return [
    '核价查询服务：只读的 JSON 接口。',
    '',
    '所有错误响应的格式见 `ErrorBody`：`{"success": false, "code", "message", "requestId"}`，校验错误另有 `errors: [{path, message}]`。',
    '任一路径：未知路径返回 404 `NOT_FOUND`；已知路径用错方法返回 405 `METHOD_NOT_ALLOWED`（带 Allow 头）。',
    '',
    '| HTTP | code | 说明 |',
    '|---|---|---|',
    ...rows,
    '',
    `排序 \`sort\` 最多 ${MAX_SORT_KEYS} 个键。配置了 API_TOKENS 或 AUTH_ISSUER 时除开放的路径外都需要 \`Authorization: Bearer <token>\`；` +
      '查询与统计需要 pricing.read 角色，导出需要 pricing.export 角色，缺少时 403 `FORBIDDEN`。',
    '',
    '响应头：每个响应都带 `X-Request-Id`；401 带 `WWW-Authenticate: Bearer`；405 带 `Allow`；429 带 `Retry-After`（秒）；' +
      '执行了数据库查询的响应带 `Server-Timing: db;dur=…`；导出带 `Content-Disposition` 与 `X-Total-Count`。',
    '',
    '请求体中的文本条件去掉首尾空白，空字符串（日期条件也一样）表示不筛选；文本不能包含 U+0000。',
  ].join('\n');
}

let cached: ReturnType<OpenApiGeneratorV31['generateDocument']> | undefined;

/** The document is the same for the life of the process: build it once. */
export function openApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  if (!cached) {
    // A plain schema with an id among the definitions becomes a component of its own.
    const errorBody = errorResponseSchema.meta({ id: 'ErrorBody', description: '所有错误响应的格式' });
    const generator = new OpenApiGeneratorV31([...buildRegistry().definitions, { type: 'schema', schema: errorBody }]);
    cached = generator.generateDocument({
      openapi: '3.1.0',
      info: { title: '核价查询服务 API', version: '1.0.0', description: describeErrors() },
      security: [{ bearerAuth: [] }],
      tags: [
        { name: '查询', description: '三个查询操作（两个列表操作支持导出）' },
        { name: '运维', description: '服务信息、数据库检查、统计与指标' },
        { name: '文档', description: '本文档与文档页面' },
        { name: '认证', description: '页面登录设置与当前身份' },
      ],
    });
  }
  return cached;
}
