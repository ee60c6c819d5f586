import bodyParser from 'koa-bodyparser';
import type { Context, Next } from 'koa';
import { AppError } from './errors.js';

/**
 * The media types a POST body is read as JSON under: application/json and every structured-syntax
 * `+json` type (RFC 6839: application/merge-patch+json, application/ld+json …), any parameters.
 * The 415 gate and the parser both take this one list: a body the gate lets through is always
 * parsed and validated, never dropped as an empty one.
 */
export const JSON_MEDIA_TYPES = ['application/json', '+json'];

/**
 * JSON bodies for the POST operations: an empty body is `{}`, a body of another type is 415,
 * one over `limit` is 413, and anything that is not a JSON object is INVALID_JSON.
 */
export function jsonBody(limit: number) {
  const parse = bodyParser({
    enableTypes: ['json'],
    // koa-bodyparser parses a fixed list of its own; ours is added to it.
    extendTypes: { json: JSON_MEDIA_TYPES },
    jsonLimit: `${limit}b`,
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
    if (!ctx.request.is(JSON_MEDIA_TYPES)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    await parse(ctx, async () => {});
    // The parser leaves rawBody unset for a type it did not read: should the lists ever part, a 415, not `{}`.
    if (ctx.request.rawBody === undefined) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const body: unknown = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError('INVALID_JSON');
    return next();
  };
}
