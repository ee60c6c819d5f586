import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import { openApiDocument } from '../openapi.js';
import { DOCS_ASSETS, type DocsAssetName } from './docs-assets.js';

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

/** GET /api/openapi.json, the Swagger UI page at /api/docs and the few files it loads. */
export function docsRoutes(router: Router): void {
  router.get('/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = openApiDocument();
  });

  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = DOCS_PAGE;
  });

  router.get('/docs/:asset', async (ctx) => {
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
  });
}
