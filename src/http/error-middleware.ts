import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { classifyDbError, describeDbError } from '../db/errors.js';
import { AppError, type ErrorCode } from './errors.js';

/** Status codes that Koa, the router and the body parser raise themselves, mapped to ours. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'INVALID_JSON',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const ORDINARY_5XX: ReadonlySet<ErrorCode> = new Set(['NOT_READY', 'EXPORTS_BUSY', 'AUTH_UNAVAILABLE']);

const METHOD_POST_JSON =
  '不支持该请求方法：查询接口只接受 POST，条件放在 JSON 请求体中（Content-Type: application/json），如 {"keyword":"支架"}';

/** A database without this service's tables says so in one warning per this interval, not an error per request. */
export const SCHEMA_MISSING_WARN_INTERVAL_MS = 30_000;

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const dbFailure = classifyDbError(err);
  if (dbFailure === 'unavailable') return new AppError('DB_UNAVAILABLE');
  if (dbFailure === 'timeout') return new AppError('QUERY_TIMEOUT');
  if (dbFailure === 'not-found') return new AppError('DB_NOT_FOUND');
  if (dbFailure === 'schema-missing') return new AppError('DB_SCHEMA_MISSING');
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && CODE_BY_STATUS[status]) return new AppError(CODE_BY_STATUS[status]);
  return new AppError('INTERNAL_ERROR');
}

/**
 * The one place an error becomes the contract's body. Only our own messages reach the client;
 * the original error, with its stack, goes to the log.
 */
export function errorMiddleware(logger: Logger) {
  let schemaMissingWarnedAt = -Infinity;
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      // What the router leaves without a body: no route (404), or a route without this method (405,
      // with Allow already set; 501 for a method the router does not know at all).
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) throw new AppError('NOT_FOUND');
        if (ctx.status === 405 || ctx.status === 501) {
          // A GET with the filters in the query string is the usual mistake: say what to send instead.
          const postOnly = ctx.response.get('Allow').split(/,\s*/).includes('POST');
          throw new AppError('METHOD_NOT_ALLOWED', postOnly ? METHOD_POST_JSON : undefined);
        }
      }
    } catch (err) {
      const appError = toAppError(err);
      // Ordinary answers: shutting down or database out, exports capped, the identity provider out
      // (src/http/jwt.ts logs that once per outage, not per request).
      if (appError.code === 'DB_SCHEMA_MISSING') {
        if (Date.now() - schemaMissingWarnedAt >= SCHEMA_MISSING_WARN_INTERVAL_MS) {
          schemaMissingWarnedAt = Date.now();
          logger.warn(
            { code: appError.code, requestId: ctx.state.requestId, path: ctx.path },
            'the database has no tables of this service: run npm run db:migrate against it (or start with DB_MIGRATE=true); requests get 503 until then',
          );
        }
      } else if (appError.status >= 500 && !ORDINARY_5XX.has(appError.code)) {
        const dbCause = describeDbError(err)?.cause;
        logger.error(
          { err, ...(dbCause ? { dbCause } : {}), requestId: ctx.state.requestId, method: ctx.method, path: ctx.path },
          'request failed',
        );
      }
      ctx.state.errorCode = appError.code;
      for (const [name, value] of Object.entries(appError.headers ?? {})) ctx.set(name, value);
      ctx.status = appError.status;
      ctx.type = 'application/json';
      ctx.body = {
        success: false,
        code: appError.code,
        message: appError.message,
        requestId: ctx.state.requestId as string | undefined,
        ...(appError.errors ? { errors: appError.errors } : {}),
      };
    }
  };
}
