import Router from '@koa/router';
import Koa from 'koa';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { bearerAuth } from './http/auth.js';
import { errorMiddleware } from './http/error-middleware.js';
import { jsonBody } from './http/json-body.js';
import { requestId } from './http/request-id.js';
import { rateLimit } from './http/rate-limit.js';
import { requestLog } from './http/request-log.js';
import { corsPolicy, securityHeaders } from './http/security.js';
import { serverTiming } from './http/server-timing.js';
import type { Logger } from './logger.js';
import { createMetrics } from './metrics.js';
import { COUNT_CACHE_POLICY } from './queries/count-cache.js';
import type { QueryDeps } from './queries/query-deps.js';
import { healthRoutes } from './routes/health.js';
import { infoRoutes } from './routes/info.js';
import { metricsRoutes } from './routes/metrics.js';
import { docsRoutes } from './routes/docs.js';
import { queryRoutes } from './routes/queries.js';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The shared rate-limit store when REDIS_URL is set (server.ts opens and closes it). */
  redis?: Redis;
}

/** Builds the Koa app; it never listens (src/server.ts does, tests use app.callback()). */
export function createApp({ config, db, logger, redis }: AppDeps): Koa {
  const app = new Koa();
  app.proxy = config.trustProxy;
  // Errors are logged once, by errorMiddleware; Koa's default printer would repeat them.
  app.silent = true;

  const queryDeps: QueryDeps = {
    db,
    timeZone: config.appTimeZone,
    queryTimeoutMs: config.db.queryTimeoutMs,
    countCache: { ...COUNT_CACHE_POLICY, slowMs: config.db.countCacheMinMs },
    deferredJoinMinOffset: config.db.deferredJoinMinOffset,
  };

  const router = new Router({ prefix: '/api' });
  infoRoutes(router);
  healthRoutes(router, { ...queryDeps, checkTimeoutMs: config.db.checkTimeoutMs, logger });
  queryRoutes(router, queryDeps, jsonBody(config.bodyLimit), { maxRows: config.exportMaxRows, logger });
  docsRoutes(router);
  const metrics = createMetrics(db);
  metricsRoutes(router, metrics.registry);

  app.use(requestId);
  app.use(requestLog(logger));
  app.use(metrics.middleware);
  app.use(serverTiming(db));
  app.use(errorMiddleware(logger));
  app.use(securityHeaders());
  app.use(corsPolicy(config.corsOrigins));
  app.use(bearerAuth(config.apiTokens));
  app.use(rateLimit({ perMinute: config.rateLimitPerMinute, redis, keyPrefix: config.redisKeyPrefix, logger }));
  app.use(router.routes());
  // Not `throw: true`: that mode skips the Allow header. errorMiddleware turns the bare 405 into our body.
  app.use(router.allowedMethods());
  return app;
}
