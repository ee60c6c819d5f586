import type Router from '@koa/router';
import type { Logger } from 'pino';
import { checkConnection, type Db } from '../db/connection.js';
import { queryTableStats } from '../queries/table-stats.js';
import type { QueryDeps } from '../queries/query-deps.js';

export function healthRoutes(router: Router, deps: QueryDeps & { db: Db; checkTimeoutMs: number; logger: Logger }): void {
  router.get('/test-db', async (ctx) => {
    const ok = await checkConnection(deps.db, deps.checkTimeoutMs, (err) =>
      deps.logger.warn({ err, requestId: ctx.state.requestId }, 'database check failed'),
    );
    ctx.body = ok ? { success: true, message: '数据库连接正常' } : { success: false, message: '数据库连接失败' };
  });

  router.get('/stats/tables', async (ctx) => {
    const data = await queryTableStats(deps);
    ctx.body = { success: true, data, total: data.length, generatedAt: new Date().toISOString() };
  });
}
