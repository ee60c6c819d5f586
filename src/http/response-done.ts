import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';

type Done = (aborted: boolean) => void;

/** The callbacks waiting on each answer: one 'close' listener per answer however many wait (Node warns past ten). */
const waiting = new WeakMap<ServerResponse, Done[]>();

/**
 * Calls `done` once the answer has really left: Koa writes the body after every middleware has
 * returned, and a streamed export goes on long after that. `aborted` is true when the connection
 * closed before the whole body was written (the client went away, or an export was cut short).
 */
export function onResponseDone(ctx: Context, done: Done): void {
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
  waiting.set(res, [done]);
  res.once('close', () => {
    const aborted = !res.writableFinished;
    for (const callback of waiting.get(res) ?? []) callback(aborted);
    waiting.delete(res);
  });
}
