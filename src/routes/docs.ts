import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DOCS_ASSETS, type DocsAssetName } from './docs-assets.js';
import { INFO_ROUTE } from './info.js';
import { API_PREFIX, patternOf, type RouteRecord } from './records.js';

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const LOCAL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'docs-static');

/** No inline script or style: everything comes from /api/docs/ itself (see docs-init.js). */
const DOCS_PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>核价查询服务 API 文档</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs-init.js"></script>
</body>
</html>
`;

function isAsset(name: string): name is DocsAssetName {
  return Object.hasOwn(DOCS_ASSETS, name);
}

const OPENAPI_ROUTE: RouteRecord = {
  method: 'get',
  path: '/openapi.json',
  access: 'open',
  handler: (ctx, deps) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = deps.openApiDocument();
  },
  doc: {
    operationId: 'getOpenApi',
    tag: '文档',
    summary: '本 OpenAPI 3.1 文档',
    response: { description: 'OpenAPI 3.1 文档', json: z.looseObject({ openapi: z.string() }) },
    errors: ['INTERNAL_ERROR'],
  },
};

const DOCS_ROUTE: RouteRecord = {
  method: 'get',
  path: '/docs',
  access: 'open',
  handler: (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = DOCS_PAGE;
  },
  doc: {
    operationId: 'getDocs',
    tag: '文档',
    summary: '接口文档页面（Swagger UI，随服务一起分发，不依赖 CDN）',
    response: { description: 'HTML 页面', content: { 'text/html': z.string() } },
    errors: ['INTERNAL_ERROR'],
  },
};

const DOCS_ASSET_ROUTE: RouteRecord = {
  method: 'get',
  path: '/docs/:asset',
  access: 'open',
  handler: async (ctx) => {
    const name = ctx.params.asset ?? '';
    if (!isAsset(name)) return; // no body: the error middleware answers 404 NOT_FOUND
    const asset = DOCS_ASSETS[name];
    const file = path.join(asset.from === 'local' ? LOCAL_DIR : SWAGGER_UI_DIR, asset.file);
    const stat = await fs.promises.stat(file);
    ctx.type = asset.type;
    ctx.length = stat.size;
    ctx.lastModified = stat.mtime;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = fs.createReadStream(file);
  },
  doc: {
    operationId: 'getDocsAsset',
    tag: '文档',
    summary: '文档页面所需的静态文件',
    params: z.object({ asset: z.enum(Object.keys(DOCS_ASSETS) as [string, ...string[]]).describe('文件名') }),
    response: {
      description: '静态文件',
      content: Object.fromEntries(
        [...new Set(Object.values(DOCS_ASSETS).map((a) => a.type.split(';')[0]!))].map((type) => [type, z.string()]),
      ),
    },
    errors: ['NOT_FOUND', 'INTERNAL_ERROR'],
  },
};

/**
 * The index: where a newcomer types first. It points to the docs (open, like them, when API_TOKENS
 * is set). Not one of the six operations: the info route keeps listing exactly those.
 */
const docsAt = patternOf(DOCS_ROUTE);
const openApiAt = patternOf(OPENAPI_ROUTE);
const infoAt = patternOf(INFO_ROUTE);
export const API_INDEX = {
  success: true,
  message: `核价查询服务 API：接口文档见 ${docsAt}，OpenAPI 描述见 ${openApiAt}，服务信息见 ${infoAt}`,
  docs: docsAt,
  openapi: openApiAt,
  info: infoAt,
} as const;

const apiIndexResponseSchema = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  docs: z.literal(API_INDEX.docs).describe('接口文档页面（Swagger UI）'),
  openapi: z.literal(API_INDEX.openapi).describe('OpenAPI 3.1 文档'),
  info: z.literal(API_INDEX.info).describe('服务信息与六个操作'),
});

const INDEX_ROUTE: RouteRecord = {
  method: 'get',
  path: '/',
  access: 'open',
  handler: (ctx) => {
    ctx.body = API_INDEX;
  },
  doc: {
    operationId: 'getApiIndex',
    tag: '文档',
    summary: `入口：指向接口文档（${docsAt}）与本文档（${openApiAt}）`,
    description: `不属于 ${infoAt} 列出的六个操作；配置了 API_TOKENS 时也无需令牌。\`${API_PREFIX}/\` 同样可用。`,
    response: { description: '文档的位置', json: apiIndexResponseSchema.meta({ id: 'ApiIndexResponse' }) },
    errors: ['INTERNAL_ERROR'],
  },
};

/** The index, the OpenAPI document, the Swagger UI page and the few files it loads. */
export const DOCS_ROUTES: RouteRecord[] = [INDEX_ROUTE, OPENAPI_ROUTE, DOCS_ROUTE, DOCS_ASSET_ROUTE];
