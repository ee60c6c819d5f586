import type { Db } from '../db/connection.js';
import { routedRead } from '../db/replica.js';
import { checkDatabase } from '../lifecycle/readiness.js';
import { cachedTableStats } from '../queries/operations/table-stats.js';
import { timed } from '../queries/run.js';
import { dbClockOf, withDbClock, type DbClock } from '../http/server-timing.js';
import { tableStatsResponseSchema, testDbResponseSchema } from '../schemas/responses.js';
import type { RouteDeps, RouteRecord } from './records.js';
import { TOOL_DOCS } from './tools.js';

/**
 * Reachable, and at this build's schema: without it every query would fail. One statement (the
 * applied migrations) answers both; a failure's reason is logged, never answered.
 */
async function usable(deps: RouteDeps, db: Db, clock: DbClock | undefined, requestId: unknown): Promise<boolean> {
  const state = await timed(clock, checkDatabase(db, deps.checkTimeoutMs));
  if (!state.ready) deps.logger.warn({ reason: state.reason, detail: state.detail, requestId }, 'database check failed');
  return state.ready;
}

export const HEALTH_ROUTES: RouteRecord[] = [
  {
    method: 'get',
    path: '/stats/tables',
    access: 'read',
    tool: TOOL_DOCS.tableStats,
    info: '获取数据表统计信息',
    handler: async (ctx, deps) => {
      // Up to STATS_MAX_AGE_MS old: exact counts of millions of rows are too dear for every call.
      // Kept per server (per knex instance): figures from the replica never answer for the primary.
      const { data, generatedAt } = await routedRead(withDbClock(deps.query, ctx), (d) => cachedTableStats(d));
      ctx.body = { success: true, data, total: data.length, generatedAt };
    },
    doc: {
      operationId: 'getTableStats',
      tag: '运维',
      response: { description: '四张表的行数与最近更新时间', json: tableStatsResponseSchema.meta({ id: 'TableStatsResponse' }) },
      errors: [
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
      queries: true,
    },
  },
  {
    method: 'get',
    path: '/test-db',
    access: 'read',
    info: '测试数据库连接',
    handler: async (ctx, deps) => {
      const clock = dbClockOf(ctx);
      const requestId = ctx.state.requestId as unknown;
      // The database that queries use at this moment: the read replica while it is in use, and the
      // primary, where a query that failed on the replica would go, when it fails.
      const { db, replica } = deps.query;
      let ok: boolean;
      if (replica?.monitor.usable) {
        ok = await usable(deps, replica.db, clock, requestId);
        if (!ok) ok = await usable(deps, db, clock, requestId);
      } else {
        ok = await usable(deps, db, clock, requestId);
      }
      ctx.body = ok ? { success: true, message: '数据库连接正常' } : { success: false, message: '数据库连接失败' };
    },
    doc: {
      operationId: 'testDb',
      tag: '运维',
      description: '始终返回 HTTP 200，在 DB_CHECK_TIMEOUT_MS 内给出结果；失败原因只写日志。',
      response: { description: '连接是否正常', json: testDbResponseSchema.meta({ id: 'TestDbResponse' }) },
      errors: ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'INTERNAL_ERROR', 'AUTH_UNAVAILABLE'],
      queries: true,
    },
  },
];
