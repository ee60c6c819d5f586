import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Reuses the caller's X-Request-Id when it is sane (so logs join up across services). */
export function requestId(ctx: Context, next: Next): Promise<void> {
  const incoming = ctx.get('X-Request-Id');
  const id = SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  // Not async: nothing to do afterwards, so no promise of its own.
  return next();
}
