import type Router from '@koa/router';
import type { Logger } from 'pino';
import { checkConnection, type Db } from '../db/connection.js';
import { checkDatabase } from '../lifecycle/readiness.js';
import { cachedTableStats } from '../queries/operations/table-stats.js';
import type { QueryDeps } from '../queries/deps.js';
import { timed } from '../queries/run.js';
import { dbClockOf, withDbClock } from '../http/server-timing.js';

export function healthRoutes(router: Router, deps: QueryDeps & { db: Db; checkTimeoutMs: number; logger: Logger }): void {
  router.get('/test-db', async (ctx) => {
    const clock = dbClockOf(ctx);
    let ok = await timed(
      clock,
      checkConnection(deps.db, deps.checkTimeoutMs, (err) =>
        deps.logger.warn({ err, requestId: ctx.state.requestId }, 'database check failed'),
      ),
    );
    if (ok) {
      // Reachable is not enough: without this build's schema every query would fail.
      const state = await timed(clock, checkDatabase(deps.db, deps.checkTimeoutMs));
      if (!state.ready) {
        deps.logger.warn({ reason: state.reason, detail: state.detail, requestId: ctx.state.requestId }, 'database check failed');
        ok = false;
      }
    }
    ctx.body = ok ? { success: true, message: '数据库连接正常' } : { success: false, message: '数据库连接失败' };
  });

  router.get('/stats/tables', async (ctx) => {
    // Up to STATS_MAX_AGE_MS old: exact counts of millions of rows are too dear for every call.
    const { data, generatedAt } = await cachedTableStats(withDbClock(deps, ctx));
    ctx.body = { success: true, data, total: data.length, generatedAt };
  });
}
