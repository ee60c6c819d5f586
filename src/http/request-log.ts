import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

/** The route pattern (not the raw URL) so that logs and metrics group by operation. */
export function routeOf(ctx: Context): string {
  return (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
}

/**
 * One log line per request: id, method, route, status, duration (and database time). No headers
 * and no query string are logged, so a bearer token can never end up in the log.
 */
export function requestLog(logger: Logger) {
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          route: routeOf(ctx),
          path: ctx.path,
          status: ctx.status,
          durationMs: Math.round(durationMs * 100) / 100,
          ...(ctx.state.dbMs !== undefined ? { dbMs: ctx.state.dbMs } : {}),
          ...(ctx.state.errorCode ? { code: ctx.state.errorCode } : {}),
        },
        'request',
      );
    }
  };
}
