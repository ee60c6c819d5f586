import type Router from '@koa/router';

/** The six operations exactly as GET /api/info lists them (export, docs and metrics are not listed). */
export const ENDPOINTS = {
  'POST /api/query/pricing': '执行核价查询',
  'POST /api/query/secondary-process': '执行二次加工查询',
  'POST /api/query/pricing-details': '执行核价明细查询',
  'GET /api/stats/tables': '获取数据表统计信息',
  'GET /api/test-db': '测试数据库连接',
  'GET /api/info': '获取服务信息',
} as const;

/**
 * GET /api: where a newcomer types first. It points to the docs (open, like them, when API_TOKENS
 * is set). Not one of the six operations: GET /api/info keeps listing exactly those.
 */
export const API_INDEX = {
  success: true,
  message: '核价查询服务 API：接口文档见 /api/docs，OpenAPI 描述见 /api/openapi.json，服务信息见 /api/info',
  docs: '/api/docs',
  openapi: '/api/openapi.json',
  info: '/api/info',
} as const;

export function infoRoutes(router: Router): void {
  router.get('/', (ctx) => {
    ctx.body = API_INDEX;
  });
  router.get('/info', (ctx) => {
    ctx.body = { success: true, message: 'React Template Backend API', version: '1.0.0', endpoints: ENDPOINTS };
  });
}
