import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';

/** The callbacks waiting for one response: one 'close' listener serves them all (log and metrics). */
const waiting = new WeakMap<ServerResponse, ((aborted: boolean) => void)[]>();

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
  const callbacks = waiting.get(res);
  if (callbacks) {
    callbacks.push(done);
    return;
  }
  const first = [done];
  waiting.set(res, first);
  res.once('close', () => {
    const aborted = !res.writableFinished;
    for (const callback of first) callback(aborted);
  });
}
