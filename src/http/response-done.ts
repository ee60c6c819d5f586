import type { Context } from 'koa';

/**
 * Calls `done` once the answer has really left: Koa writes the body after every middleware has
 * returned, and a streamed export goes on long after that. `aborted` is true when the connection
 * closed before the whole body was written (the client went away, or an export was cut short).
 */
export function onResponseDone(ctx: Context, done: (aborted: boolean) => void): void {
  const res = ctx.res;
  if (res.destroyed) {
    done(!res.writableFinished);
    return;
  }
  res.once('close', () => done(!res.writableFinished));
}
