import type Router from '@koa/router';
import type { Logger } from 'pino';
import { checkConnection, type Db } from '../db/connection.js';
import { routedRead } from '../db/replica.js';
import { checkDatabase } from '../lifecycle/readiness.js';
import { cachedTableStats } from '../queries/operations/table-stats.js';
import type { QueryDeps } from '../queries/deps.js';
import { timed } from '../queries/run.js';
import { dbClockOf, withDbClock, type DbClock } from '../http/server-timing.js';

export function healthRoutes(router: Router, deps: QueryDeps & { db: Db; checkTimeoutMs: number; logger: Logger }): void {
  /** Reachable, and at this build's schema: without it every query would fail. */
  const usable = async (db: Db, clock: DbClock | undefined, requestId: unknown): Promise<boolean> => {
    const ok = await timed(
      clock,
      checkConnection(db, deps.checkTimeoutMs, (err) => deps.logger.warn({ err, requestId }, 'database check failed')),
    );
    if (!ok) return false;
    const state = await timed(clock, checkDatabase(db, deps.checkTimeoutMs));
    if (!state.ready) deps.logger.warn({ reason: state.reason, detail: state.detail, requestId }, 'database check failed');
    return state.ready;
  };

  router.get('/test-db', async (ctx) => {
    const clock = dbClockOf(ctx);
    const requestId = ctx.state.requestId as unknown;
    // The database that queries use at this moment: the read replica while it is in use, and the
    // primary, where a query that failed on the replica would go, when it fails.
    const replica = deps.replica;
    let ok: boolean;
    if (replica?.monitor.usable) {
      ok = await usable(replica.db, clock, requestId);
      if (!ok) ok = await usable(deps.db, clock, requestId);
    } else {
      ok = await usable(deps.db, clock, requestId);
    }
    ctx.body = ok ? { success: true, message: '数据库连接正常' } : { success: false, message: '数据库连接失败' };
  });

  router.get('/stats/tables', async (ctx) => {
    // Up to STATS_MAX_AGE_MS old: exact counts of millions of rows are too dear for every call.
    // Kept per server (per knex instance): figures from the replica never answer for the primary.
    const { data, generatedAt } = await routedRead(withDbClock(deps, ctx), (d) => cachedTableStats(d));
    ctx.body = { success: true, data, total: data.length, generatedAt };
  });
}
