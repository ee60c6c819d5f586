import type { Context, Next } from 'koa';
import type { ReplicaStatus } from '../db/replica.js';
import { AppError } from '../http/errors.js';
import type { Readiness } from '../lifecycle/readiness.js';

export const LIVENESS_PATH = '/api/health/live';
export const READINESS_PATH = '/api/health/ready';

const READINESS_MESSAGES = {
  'shutting-down': '服务未就绪：正在关闭',
  'database-unavailable': '服务未就绪：数据库不可用',
  'database-not-found': '服务未就绪：配置的数据库不存在',
  'schema-not-migrated': '服务未就绪：数据库结构未迁移到最新版本',
} as const;

/**
 * The orchestrator's and the load balancer's probes. They come before authentication and rate
 * limits (a probe carries no token and must never be refused for coming often) and are not among
 * the six operations of /api/info (the OpenAPI description lists them under 运维).
 * - liveness: the process answers at all; no database, no I/O, so it stays fast under load and
 *   a database outage never gets the instance restarted;
 * - readiness: send traffic here? 503 NOT_READY from the moment shutdown begins, and while the
 *   database is unreachable (the message names the cause), missing, or not at this build's latest migration.
 *   The primary decides: with a read replica (`replica`), its state is reported in the body, and a
 *   replica that lags or is gone does not make the instance unready while the primary serves.
 */
export function probes(readiness: Readiness, replica?: { status(): ReplicaStatus }) {
  return async function answerProbe(ctx: Context, next: Next): Promise<void> {
    // Spelt as the router matches its routes: case-insensitive, one trailing slash ignored.
    const path = ctx.path.toLowerCase().replace(/(.)\/$/, '$1');
    if (path !== LIVENESS_PATH && path !== READINESS_PATH) return next();
    (ctx as Context & { _matchedRoute?: string })._matchedRoute = path;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new AppError('METHOD_NOT_ALLOWED', undefined, undefined, { Allow: 'GET, HEAD' });
    }
    ctx.set('Cache-Control', 'no-store');
    if (path === LIVENESS_PATH) {
      ctx.body = { success: true, status: 'live' };
      return;
    }
    const state = await readiness.check();
    // The cause is one fixed word (login-failed, host-unknown, …), never the driver's text.
    if (!state.ready) throw new AppError('NOT_READY', READINESS_MESSAGES[state.reason] + (state.cause ? `（${state.cause}）` : ''));
    ctx.body = replica ? { success: true, status: 'ready', replica: replica.status() } : { success: true, status: 'ready' };
  };
}
