import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import { inject } from 'light-my-request';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { ReadReplica } from './db/replica.js';
import { auditTrail } from './http/audit.js';
import { bearerAuth, notePattern, routeMatcher } from './http/auth.js';
import { errorMiddleware } from './http/error-middleware.js';
import { jsonBody } from './http/json-body.js';
import { createJwtVerifier, type KeyTimings } from './http/jwt.js';
import { isInternal, markInternal } from './http/internal.js';
import { protectedResourceMetadata, resourceMetadataUrl } from './mcp/resource-metadata.js';
import { refuseForeignOrigin } from './mcp/origin.js';
import { answerMcp, type CallOperation } from './mcp/server.js';
import { requestId } from './http/request-id.js';
import { rateLimit } from './http/rate-limit.js';
import { requireRoles } from './http/roles.js';
import { requestLog } from './http/request-log.js';
import { corsPolicy, securityHeaders } from './http/security.js';
import { serverTiming } from './http/server-timing.js';
import type { Logger } from './logger.js';
import { createMetrics } from './metrics.js';
import { COUNT_CACHE_POLICY } from './queries/freshness/count-cache.js';
import type { QueryDeps } from './queries/deps.js';
import { openApiDocument } from './openapi.js';
import { ENDPOINTS, ROUTES, TOOLS } from './routes/all.js';
import { METRICS_ROUTE } from './routes/metrics.js';
import { probes } from './routes/probes.js';
import { API_PREFIX, mountRoutes, openPatterns, patternOf, roleRule } from './routes/records.js';
import { Readiness } from './lifecycle/readiness.js';
import { ExportSlots } from './export/slots.js';
import { webApp } from './routes/web-app.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** DATABASE_READ_URL's replica (server.ts opens it and closes it): reads go there while it is in use. */
  replica?: ReadReplica;
  logger: Logger;
  /** The shared rate-limit store when REDIS_URL is set (server.ts opens and closes it). */
  redis?: Redis;
  /** The built web app served at / (default web/dist); tests point it at a fixture. */
  webRoot?: string;
  /** What the readiness probe answers; server.ts shares it with the shutdown (default: database only). */
  readiness?: Readiness;
  /** How often the identity provider's keys are fetched (tests shorten the waits; default src/http/jwt.ts). */
  authKeyTimings?: KeyTimings;
}

/** Builds the Koa app; it never listens (src/server.ts does, tests use app.callback()). */
export function createApp({
  config,
  db,
  replica,
  logger,
  redis,
  webRoot,
  readiness = new Readiness(db, config.db.checkTimeoutMs),
  authKeyTimings,
}: AppDeps): Koa {
  const app = new Koa();
  app.proxy = config.trustProxyHops > 0;
  // Koa's ctx.ip is then the left-most of the last maxIpsCount X-Forwarded-For entries: the ones
  // our own proxies appended, never one the client wrote.
  app.maxIpsCount = config.trustProxyHops;
  // Errors are logged once, by errorMiddleware; Koa's default printer would repeat them.
  app.silent = true;

  const queryDeps: QueryDeps = {
    db,
    timeZone: config.appTimeZone,
    queryTimeoutMs: config.db.queryTimeoutMs,
    countCache: { ...COUNT_CACHE_POLICY, slowMs: config.db.countCacheMinMs },
    deferredJoinMinOffset: config.db.deferredJoinMinOffset,
    replica,
  };

  const metrics = createMetrics(db, replica);
  const router = new Router({ prefix: API_PREFIX });
  // An MCP tool call is its operation's request, through this whole app (built below, then fixed).
  let handle: ReturnType<Koa['callback']> | undefined;
  const dispatch = (req: IncomingMessage, res: ServerResponse) => {
    markInternal(req);
    void (handle ??= app.callback())(req, res);
  };
  const defaultJsonBody = jsonBody(config.bodyLimit);
  mountRoutes(router, ROUTES, {
    query: queryDeps,
    exports: { maxRows: config.exportMaxRows, logger, slots: new ExportSlots(config.exportMaxConcurrent) },
    logger,
    checkTimeoutMs: config.db.checkTimeoutMs,
    auth: config.auth,
    settings: { companyName: config.companyName, timeZone: config.appTimeZone },
    registry: metrics.registry,
    jsonBody: (atLeast = 0) => (atLeast > config.bodyLimit ? jsonBody(atLeast) : defaultJsonBody),
    endpoints: ENDPOINTS,
    openApiDocument,
    mcp: (ctx) => {
      refuseForeignOrigin(ctx.get('Origin') || undefined, config.corsOrigins);
      return answerMcp(ctx, TOOLS, callOperation);
    },
  });

  const callOperation: CallOperation = async (tool, args, outer) => {
    const res = await inject(dispatch, {
      method: tool.method === 'post' ? 'POST' : 'GET',
      url: tool.path,
      headers: {
        accept: 'application/json', // never a file
        ...(tool.method === 'post' ? { 'content-type': 'application/json' } : {}),
        ...(outer.authorization ? { authorization: outer.authorization } : {}),
        'x-request-id': outer.requestId,
      },
      remoteAddress: outer.ip,
      ...(tool.method === 'post' ? { payload: JSON.stringify(args) } : {}),
    });
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body };
  };

  app.use(requestId);
  app.use(requestLog(logger));
  app.use(auditTrail(logger));
  app.use(metrics.middleware);
  app.use(serverTiming);
  app.use(errorMiddleware(logger));
  app.use(securityHeaders(config.auth?.issuer)); // the page may reach the sign-in provider
  app.use(probes(readiness, replica));
  app.use(corsPolicy(config.corsOrigins));
  if (config.auth) app.use(protectedResourceMetadata(config.auth)); // open, before the page's GETs
  app.use(webApp({ root: webRoot, timeZone: config.appTimeZone })); // the page at /: before auth, it holds no data
  const isOpen = routeMatcher(router, openPatterns(ROUTES));
  // The open routes never touch the database; a Prometheus scraper is not throttled unless asked.
  const isMetrics = routeMatcher(router, [patternOf(METRICS_ROUTE)]);
  // A tool call's own request: its MCP request was counted.
  const isExempt = (ctx: Koa.Context) => isOpen(ctx) || isInternal(ctx) || (!config.rateLimitMetrics && isMetrics(ctx));
  // Only when configured: a layer that just passes every request on still costs a dispatch.
  const authenticates = config.apiTokens.length > 0 || config.auth !== undefined;
  if (authenticates) {
    app.use(notePattern(router));
    // The provider's keys are fetched on the first JWT, not here: the service starts without it.
    const jwt = config.auth && createJwtVerifier({ auth: config.auth, logger, registry: metrics.registry, ...authKeyTimings });
    app.use(
      bearerAuth(config.apiTokens, isOpen, {
        jwt,
        rolesClaim: config.auth?.rolesClaim,
        nameClaim: config.auth?.nameClaim,
        ...(config.auth ? { resourceMetadata: resourceMetadataUrl } : {}),
      }),
    );
  }
  if (config.rateLimitPerMinute > 0) {
    app.use(rateLimit({ perMinute: config.rateLimitPerMinute, redis, keyPrefix: config.redisKeyPrefix, logger, isExempt }));
  }
  // After the rate limit: a caller without roles who keeps asking is counted like any other.
  if (authenticates) app.use(requireRoles(router, roleRule(ROUTES)));
  app.use(router.routes());
  // Not `throw: true`: that mode skips the Allow header. errorMiddleware turns the bare 405 into our body.
  app.use(router.allowedMethods());
  return app;
}
