import { z } from 'zod';
import type { Context, Next } from 'koa';
import type { ReplicaStatus } from '../db/replica.js';
import { AppError } from '../http/errors.js';
import type { Readiness } from '../lifecycle/readiness.js';
import { patternOf, type DocumentedRoute } from './records.js';

const probeBody = (status: string) => z.object({ success: z.literal(true), status: z.literal(status) });

const LIVENESS_ROUTE: DocumentedRoute = {
  method: 'get',
  path: '/health/live',
  access: 'open',
  doc: {
    operationId: 'getLiveness',
    tag: '运维',
    summary: '存活探针（不访问数据库）',
    response: { description: '进程在应答', json: probeBody('live') },
    errors: ['INTERNAL_ERROR'],
  },
};

const READINESS_ROUTE: DocumentedRoute = {
  method: 'get',
  path: '/health/ready',
  access: 'open',
  doc: {
    operationId: 'getReadiness',
    tag: '运维',
    summary: '就绪探针：开始关闭、数据库不可达、不存在或未迁移到最新版本时为 503 NOT_READY',
    response: {
      description: '可以接收流量（主库可用即就绪；配置了只读副本 DATABASE_READ_URL 时，正文另附副本状态）',
      json: probeBody('ready').extend({
        replica: z
          .object({
            state: z
              .enum(['in-use', 'lagging', 'unreachable'])
              .describe(
                'in-use：读取走副本；lagging：副本延迟超过 REPLICA_MAX_LAG_MS、不再跟随主库或尚未稳定，读取走主库；unreachable：副本连不上，读取走主库',
              ),
            lagMs: z.number().nullable().describe('最近一次测得的延迟（毫秒）；无法测量时为 null'),
          })
          .optional()
          .describe('只读副本的状态（仅在设置了 DATABASE_READ_URL 时出现）'),
      }),
    },
    errors: ['NOT_READY', 'INTERNAL_ERROR'],
  },
};

/** The probes as the OpenAPI document lists them: answered before the router, so they are only documented there. */
export const PROBE_ROUTES: DocumentedRoute[] = [LIVENESS_ROUTE, READINESS_ROUTE];

export const LIVENESS_PATH = patternOf(LIVENESS_ROUTE);
export const READINESS_PATH = patternOf(READINESS_ROUTE);

const READINESS_MESSAGES = {
  'shutting-down': '服务未就绪：正在关闭',
  'database-unavailable': '服务未就绪：数据库不可用',
  'database-not-found': '服务未就绪：配置的数据库不存在',
  'schema-not-migrated': '服务未就绪：数据库结构未迁移到最新版本',
} as const;

/**
 * The orchestrator's and the load balancer's probes. They come before authentication and rate
 * limits (a probe carries no token and must never be refused for coming often) and are not among
 * the six operations of the info route (the OpenAPI description lists them under 运维).
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
