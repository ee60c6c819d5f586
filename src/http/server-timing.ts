import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Next } from 'koa';
import type { Db } from '../db/connection.js';

/**
 * Time a request spent waiting on the database, for the Server-Timing header. The queries
 * module knows nothing of requests: knex's query events are matched by __knexQueryUid, and
 * the request they belong to is the AsyncLocalStorage store current when the query starts.
 * Overlapping queries (Promise.all) count once: the wall-clock time at least one was running.
 */
class DbTime {
  private running = 0;
  private since = 0;
  private totalMs = 0;
  queries = 0;

  begin(now: number): void {
    this.queries += 1;
    if (this.running++ === 0) this.since = now;
  }

  end(now: number): void {
    if (this.running === 0) return;
    if (--this.running === 0) this.totalMs += now - this.since;
  }

  get unfinished(): boolean {
    return this.running > 0;
  }

  /** Queries still running (a timed-out one) count up to now. */
  elapsedMs(now: number): number {
    return this.totalMs + (this.running > 0 ? now - this.since : 0);
  }
}

const requestDbTime = new AsyncLocalStorage<DbTime>();
/** Per knex instance: the queries started inside a request and not yet answered. */
const openQueriesByDb = new WeakMap<Db, Map<string, DbTime>>();
const now = () => performance.now();

interface QueryEvent {
  __knexQueryUid?: string;
}

/** Listens to one knex instance's query events, once however many apps share it. */
function instrument(db: Db): Map<string, DbTime> {
  const existing = openQueriesByDb.get(db);
  if (existing) return existing;
  const open = new Map<string, DbTime>();
  openQueriesByDb.set(db, open);
  db.on('query', (q: QueryEvent) => {
    const time = requestDbTime.getStore();
    if (!time || !q.__knexQueryUid) return;
    open.set(q.__knexQueryUid, time);
    time.begin(now());
  });
  const finish = (q: QueryEvent | undefined) => {
    const uid = q?.__knexQueryUid;
    if (!uid) return;
    open.get(uid)?.end(now());
    open.delete(uid);
  };
  db.on('query-response', (_response: unknown, q: QueryEvent) => finish(q));
  db.on('query-error', (_err: unknown, q: QueryEvent) => finish(q));
  return open;
}

/** Adds `Server-Timing: db;dur=<ms>` to every answer that ran a query. */
export function serverTiming(db: Db) {
  const open = instrument(db);
  return async function timeDb(ctx: Context, next: Next): Promise<void> {
    const time = new DbTime();
    try {
      await requestDbTime.run(time, next);
    } finally {
      if (time.queries > 0) {
        const ms = time.elapsedMs(now());
        ctx.state.dbMs = Math.round(ms * 10) / 10;
        ctx.append('Server-Timing', `db;dur=${ctx.state.dbMs};desc="${time.queries} ${time.queries === 1 ? 'query' : 'queries'}"`);
        // A timed-out query emits neither event; drop its entry so the map cannot grow.
        if (time.unfinished) for (const [uid, owner] of open) if (owner === time) open.delete(uid);
      }
    }
  };
}
