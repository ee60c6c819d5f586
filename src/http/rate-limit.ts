import type { Context, Next } from 'koa';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import { callerKey } from './caller-key.js';
import { AppError } from './errors.js';

export interface RateLimitOptions {
  perMinute: number;
  /** Shared store: with it every instance counts against the same limit. */
  redis?: Redis;
  keyPrefix: string;
  logger: Logger;
  /** Requests that are not counted (app.ts: the open routes, and the metrics route unless RATE_LIMIT_METRICS). */
  isExempt: (ctx: Context) => boolean;
}

/**
 * The Redis client the shared limit runs on. No offline queue: while Redis is unreachable a
 * command fails at once and the in-memory insurance limiter answers, instead of requests
 * waiting for a reconnect. ioredis is loaded only here: an instance without a shared limit does
 * not carry its memory.
 */
export async function createRedisClient(url: string, logger: Logger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  let lastError = '';
  client.on('error', (err: Error) => {
    // ioredis retries forever; one line per distinct failure keeps the log readable during an outage.
    if (err.message !== lastError)
      logger.warn({ err: { message: err.message } }, 'redis unavailable; rate limits fall back to this instance');
    lastError = err.message;
  });
  client.on('ready', () => {
    if (lastError) logger.info('redis reachable again; rate limits shared again');
    lastError = '';
  });
  return client;
}

function createLimiter({ perMinute, redis, keyPrefix }: RateLimitOptions): RateLimiterAbstract {
  const base = { points: perMinute, duration: 60, keyPrefix };
  if (!redis) return new RateLimiterMemory(base);
  // During a Redis outage each instance enforces the limit on its own: the API stays up, and a
  // caller can get at most (instances × limit) per minute until Redis is back.
  return new RateLimiterRedis({
    ...base,
    storeClient: redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(base),
  });
}

/** RATE_LIMIT_PER_MINUTE requests per caller per minute (0 = off), except the `isExempt` requests. */
export function rateLimit(options: RateLimitOptions) {
  if (options.perMinute <= 0) return async (_ctx: Context, next: Next) => next();
  const limiter = createLimiter(options);

  return async function limitRate(ctx: Context, next: Next): Promise<void> {
    if (options.isExempt(ctx)) return next();
    try {
      await limiter.consume(callerKey(ctx));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new AppError('RATE_LIMITED', undefined, undefined, { 'Retry-After': String(retryAfterSeconds) });
      }
      // Neither store could answer: serving the request beats refusing everyone.
      options.logger.error({ err: rejection }, 'rate limiter failed; request let through');
    }
    return next();
  };
}
