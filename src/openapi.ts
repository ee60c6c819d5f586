import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { EXPORT_MEDIA_TYPES } from './export/format.js';
import { AppError, ERROR_CODES, type ErrorCode } from './http/errors.js';
import { validate } from './http/validate.js';
import { DOCUMENTED_ROUTES, ROUTES } from './routes/all.js';
import { openPatterns, patternOf, type DocumentedRoute } from './routes/records.js';
import { labelsOf } from './resources/field.js';
import { MAX_SORT_KEYS } from './schemas/common.js';
import { pricingQuerySchema } from './schemas/requests.js';
import { errorBodySchema, errorResponseSchema } from './schemas/responses.js';

/**
 * The OpenAPI document: its paths are the route records (src/routes/all.ts), with the zod schemas
 * that validate the requests and describe the responses, so it cannot disagree with what the service
 * accepts. `.meta({ id })` names a component; it returns a copy, so the validating schemas themselves
 * are untouched (and no extendZodWithOpenApi is needed).
 */

/** Every POST takes a JSON body and queries the database: each can fail in these ways. */
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

/** The operation the record describes, in the registry's terms. */
function operationOf(route: DocumentedRoute): RouteConfig {
  const { doc } = route;
  const summary = doc.summary ?? route.info ?? '';
  const errors: ErrorCode[] = [
    ...(route.method === 'post' ? POST_QUERY_ERRORS : []),
    ...doc.errors,
    ...(route.export ? (['EXPORT_TOO_LARGE', 'EXPORTS_BUSY'] as const) : route.file ? (['EXPORTS_BUSY'] as const) : []),
  ];
  const request: RouteConfig['request'] =
    route.body && doc.body
      ? {
          body: {
            description: doc.body.description,
            required: false,
            content: {
              'application/json': { schema: route.body.meta({ id: doc.body.id, description: doc.body.about }), example: doc.body.example },
            },
          },
        }
      : doc.params && { params: doc.params };
  const content: ResponseConfig['content'] = doc.response.json
    ? { 'application/json': { schema: doc.response.json } }
    : Object.fromEntries(Object.entries(doc.response.content ?? {}).map(([type, schema]) => [type, { schema }]));
  return {
    method: route.method,
    // The router's `:asset` is OpenAPI's `{asset}`.
    path: patternOf(route).replace(/:(\w+)/g, '{$1}'),
    operationId: doc.operationId,
    tags: [doc.tag],
    summary,
    description: route.export ? exportDescription(summary, route.export) : doc.description,
    ...(route.access === 'open' ? { security: [] } : {}),
    request,
    responses: {
      200:
        (route.export ?? route.file)
          ? exportResponse(doc.response.description, (route.export ?? route.file)!.title, content)
          : {
              description: doc.response.description,
              headers: doc.queries ? { ...requestIdHeader, ...serverTimingHeader } : requestIdHeader,
              content,
            },
      ...errorResponses(errors, { queries: doc.queries }),
    },
  };
}

/** A list operation's description: paging, and the files it answers by Accept. */
function exportDescription(summary: string, exported: NonNullable<DocumentedRoute['export']>): string {
  const headerRow = Object.values(labelsOf(exported.fields)).join('、');
  return [
    `${summary}。请求体为空时等同于 {}；分页与排序与 Ant Design Pro 的 ProTable 一致，排序最后总按 id 升序。`,
    '',
    `**导出**：请求头 \`Accept: ${EXPORT_MEDIA_TYPES.csv}\` 或 \`Accept: ${EXPORT_MEDIA_TYPES.xlsx}\` 时，` +
      '以相同的请求体返回全部符合条件的行（忽略 current/pageSize，按请求的排序），流式下载；' +
      '其他 Accept、`*/*` 或不带 Accept 时返回 JSON 分页。超过 EXPORT_MAX_ROWS 行时返回 400 EXPORT_TOO_LARGE（在开始传输之前判断）。',
    `文件名形如 \`${exported.title}-20261122-093000.xlsx\`（APP_TIMEZONE 时间），表头：${headerRow}。`,
    'CSV 为带 BOM 的 UTF-8；两种文件显示相同的内容：状态、加工类别、计价方式为中文名称（JSON 中为代码），税率为百分比（13%），' +
      '时间为 APP_TIMEZONE 的当地时间（2026-09-24 15:09:05），日期为 YYYY-MM-DD。xlsx 中数字为数字（税率 0.13 以 13% 显示）、日期与时间为日期单元格。' +
      '以 = + - @ 开头的文本不会被表格软件当作公式执行（CSV 中前置单引号）。',
  ].join('\n');
}

/** A list operation's 200: the JSON page, or the file Accept asks for. */
function exportResponse(description: string, fileTitle: string, json: ResponseConfig['content']): ResponseConfig {
  return {
    description,
    headers: {
      ...requestIdHeader,
      ...serverTimingHeader,
      'Content-Disposition': {
        description: `仅导出：attachment; filename="ascii.xlsx"; filename*=UTF-8''${encodeURIComponent(fileTitle)}-….xlsx（RFC 5987）`,
        schema: { type: 'string' },
      },
      'X-Total-Count': { description: '仅导出：导出的行数', schema: { type: 'integer' } },
    },
    content: {
      ...json,
      [EXPORT_MEDIA_TYPES.csv]: { schema: z.string().describe('UTF-8（带 BOM）CSV，首行为中文表头') },
      [EXPORT_MEDIA_TYPES.xlsx]: { schema: z.string().meta({ format: 'binary', description: 'xlsx 工作簿，首行为中文表头' }) },
    },
  };
}

/** The open routes a caller types (not the docs page's files). */
const OPEN_PATHS = openPatterns(ROUTES).filter((pattern) => !pattern.includes(':'));

function buildRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      '仅在配置了 API_TOKENS 或 AUTH_ISSUER 时需要：静态令牌，或身份提供方签发的 JWT 访问令牌（RS256/ES256）。' +
      '角色：pricing.read（查询、统计、数据库检查、指标），pricing.export（CSV/xlsx 导出）；缺少角色时 403 FORBIDDEN。' +
      `GET ${OPEN_PATHS.join('、')} 始终开放（不计入限流）`,
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
  // What the HTTP server answers before any route (src/lifecycle/http-server.ts), on any path.
  for (const [name, code, when] of [
    ['BadRequest', 'BAD_REQUEST', 'HTTP 服务器无法解析的请求'],
    ['RequestTimeout', 'REQUEST_TIMEOUT', '请求头或请求体未在 HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS 内到达，随后关闭连接'],
    ['HeadersTooLarge', 'HEADERS_TOO_LARGE', '请求头超过 HTTP 服务器的上限'],
  ] as const) {
    registry.registerComponent('responses', name, {
      description: `${code}：${ERROR_CODES[code].message}（${when}，任一路径）`,
      headers: requestIdHeader,
      content: errorBodyRef,
    });
  }

  for (const route of DOCUMENTED_ROUTES) registry.registerPath(operationOf(route));
  return registry;
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
        { name: 'AI 助手', description: 'MCP 服务器：查询操作作为 AI 助手的工具（docs/mcp.md）' },
      ],
    });
  }
  return cached;
}
