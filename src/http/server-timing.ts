import type { Context, Next } from 'koa';
import type { QueryDeps, StatementClock } from '../queries/deps.js';

/**
 * Time a request spent waiting on the database, for the Server-Timing header (and the log line's
 * dbMs). Each request gets a clock; routes hand it to the queries in QueryDeps (withDbClock), and
 * queries/run.ts tells it when each statement starts and ends. An AsyncLocalStorage would find the
 * request without that hand-over, but on Node 20 its promise hooks tax every promise of every
 * request, knex's included.
 * Overlapping statements (Promise.all) count once: the wall-clock time at least one was running.
 */
export class DbClock implements StatementClock {
  private running = 0;
  private since = 0;
  private totalMs = 0;
  statements = 0;

  started(): void {
    this.statements += 1;
    if (this.running++ === 0) this.since = performance.now();
  }

  finished(): void {
    if (this.running === 0) return;
    if (--this.running === 0) this.totalMs += performance.now() - this.since;
  }

  /** Statements still running (one past its time-out) count up to now. */
  elapsedMs(): number {
    return this.totalMs + (this.running > 0 ? performance.now() - this.since : 0);
  }
}

/** Adds `Server-Timing: db;dur=<ms>` to every answer that ran a statement. */
export async function serverTiming(ctx: Context, next: Next): Promise<void> {
  const clock = new DbClock();
  ctx.state.dbClock = clock;
  try {
    await next();
  } finally {
    if (clock.statements > 0) {
      ctx.state.dbMs = Math.round(clock.elapsedMs() * 10) / 10;
      const n = clock.statements;
      ctx.append('Server-Timing', `db;dur=${ctx.state.dbMs};desc="${n} ${n === 1 ? 'query' : 'queries'}"`);
    }
  }
}

/** The request's clock (none when serverTiming is not installed). */
export function dbClockOf(ctx: Context): DbClock | undefined {
  return ctx.state.dbClock as DbClock | undefined;
}

/** `deps` with the request's clock, so that its statements count towards its Server-Timing. */
export function withDbClock<T extends QueryDeps>(deps: T, ctx: Context): T {
  return { ...deps, clock: dbClockOf(ctx) };
}
