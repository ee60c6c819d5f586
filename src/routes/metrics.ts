import { z } from 'zod';
import type { RouteRecord } from './records.js';

/** Prometheus text format (behind API_TOKENS like every non-open route). */
export const METRICS_ROUTE: RouteRecord = {
  method: 'get',
  path: '/metrics',
  access: 'read',
  handler: async (ctx, deps) => {
    ctx.type = deps.registry.contentType;
    ctx.body = await deps.registry.metrics();
  },
  doc: {
    operationId: 'getMetrics',
    tag: '运维',
    summary: 'Prometheus 指标',
    description:
      '按路由、方法、状态统计的请求数，按路由的延迟直方图，数据库连接池与错误，进程指标。' +
      '默认不计入 RATE_LIMIT_PER_MINUTE（抓取不会被限流）；RATE_LIMIT_METRICS=true 时计入，才可能返回 429。',
    response: { description: 'Prometheus 文本格式', content: { 'text/plain': z.string().describe('Prometheus exposition format 0.0.4') } },
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'INTERNAL_ERROR', 'AUTH_UNAVAILABLE'],
  },
};
