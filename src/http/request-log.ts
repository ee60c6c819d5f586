import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { isInternal } from './internal.js';
import { onResponseDone } from './response-done.js';

/** The route pattern (not the raw URL) so that logs and metrics group by operation. */
export function routeOf(ctx: Context): string {
  return (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? (ctx.state.route as string | undefined) ?? 'unmatched';
}

/**
 * One log line per request, once its answer is written: id, method, route, client address, status, duration (and
 * database time; `aborted` when the connection closed before the whole body was out). No headers
 * and no query string are logged, so a bearer token can never end up in the log.
 */
export function requestLog(logger: Logger) {
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // The duration covers the whole body, written after this middleware returns (exports stream on).
      onResponseDone(ctx, (aborted) => {
        const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
        logger.info(
          {
            requestId: ctx.state.requestId,
            method: ctx.method,
            route: routeOf(ctx),
            path: ctx.path,
            // With TRUST_PROXY, what our own proxies saw (app.ts), else the socket's peer.
            ip: ctx.ip,
            status: ctx.status,
            durationMs: Math.round(durationMs * 100) / 100,
            ...(ctx.state.dbMs !== undefined ? { dbMs: ctx.state.dbMs } : {}),
            ...(ctx.state.errorCode ? { code: ctx.state.errorCode } : {}),
            ...(aborted ? { aborted: true } : {}),
            // An MCP tool call's own request: its requestId is the MCP request's.
            ...(isInternal(ctx) ? { via: 'mcp' } : {}),
          },
          'request',
        );
      });
    }
  };
}
