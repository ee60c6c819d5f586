import bodyParser from 'koa-bodyparser';
import type { Context, Next } from 'koa';
import { AppError } from './errors.js';

/**
 * JSON bodies for the POST operations: an empty body is `{}`, a body of another type is 415,
 * one over `limit` is 413, and anything that is not a JSON object is INVALID_JSON.
 */
export function jsonBody(limit: string) {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: limit,
    strict: true,
    onerror(err: Error & { status?: number }) {
      if (err.status === 413) throw new AppError('PAYLOAD_TOO_LARGE');
      if (err.status === 415) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      throw new AppError('INVALID_JSON');
    },
  });

  return async function parseJsonBody(ctx: Context, next: Next): Promise<void> {
    if (ctx.method !== 'POST') return next();
    if (ctx.request.length === 0 || (!ctx.request.type && !ctx.request.length && !ctx.get('Transfer-Encoding'))) {
      ctx.request.body = {};
      return next();
    }
    if (!ctx.request.is('application/json', '+json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    await parse(ctx, async () => {});
    const body: unknown = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError('INVALID_JSON');
    return next();
  };
}
