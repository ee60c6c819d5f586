import type { Context, Next } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from './db/connection.js';
import type { ReadReplica } from './db/replica.js';
import { routeOf } from './http/request-log.js';
import { onResponseDone } from './http/response-done.js';

/** Methods a client may send are unbounded text; labels must stay a small set. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const DB_ERROR_CODES = new Set(['DB_UNAVAILABLE', 'QUERY_TIMEOUT', 'DB_NOT_FOUND', 'DB_SCHEMA_MISSING']);

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

export interface Metrics {
  registry: Registry;
  /** Records each request's count and latency once its answer is written. */
  middleware: (ctx: Context, next: Next) => Promise<void>;
}

/**
 * One Registry per app (tests build many apps; the global registry would refuse the second
 * set of metrics with the same names).
 */
export function createMetrics(db: Db, replica?: ReadReplica): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the app to the last byte of the answer written, by route pattern',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const dbErrors = new Counter({
    name: 'db_errors_total',
    help: 'Requests that failed on the database: DB_UNAVAILABLE, DB_NOT_FOUND, DB_SCHEMA_MISSING (503) or QUERY_TIMEOUT (504)',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  // Both codes are present from the first scrape, so rate() and alerts work before any failure.
  dbErrors.inc({ code: 'DB_UNAVAILABLE' }, 0);
  dbErrors.inc({ code: 'QUERY_TIMEOUT' }, 0);
  dbErrors.inc({ code: 'DB_NOT_FOUND' }, 0);
  dbErrors.inc({ code: 'DB_SCHEMA_MISSING' }, 0);

  const pool = () => (db.client as { pool?: TarnPool }).pool;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections: used (checked out), free (idle), pending (requests waiting for one), creating',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = pool();
      this.set({ state: 'used' }, p?.numUsed() ?? 0);
      this.set({ state: 'free' }, p?.numFree() ?? 0);
      this.set({ state: 'pending' }, p?.numPendingAcquires() ?? 0);
      this.set({ state: 'creating' }, p?.numPendingCreates() ?? 0);
    },
  });

  if (replica) replicaMetrics(registry, replica);

  async function recordRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // Once the whole body is out (an export streams long after the middleware returns).
      onResponseDone(ctx, () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const route = routeOf(ctx);
        const method = KNOWN_METHODS.has(ctx.method) ? ctx.method : 'OTHER';
        requests.inc({ route, method, status: String(ctx.status) });
        duration.observe({ route, method }, seconds);
        const code = ctx.state.errorCode as string | undefined;
        if (code && DB_ERROR_CODES.has(code)) dbErrors.inc({ code });
      });
    }
  }

  return { registry, middleware: recordRequest };
}

const REPLICA_STATES = ['in-use', 'lagging', 'unreachable'] as const;

/** The read replica's lag and state at scrape time, and where reads went (DATABASE_READ_URL). */
function replicaMetrics(registry: Registry, replica: ReadReplica): void {
  new Gauge({
    name: 'db_replica_lag_seconds',
    help: "The read replica's last measured lag behind the primary (NaN while it cannot be measured: unreachable, promoted, no permission)",
    registers: [registry],
    collect() {
      const { lagMs } = replica.status();
      this.set(lagMs === null ? Number.NaN : lagMs / 1000);
    },
  });
  new Gauge({
    name: 'db_replica_state',
    help: "The read replica's state: 1 for the current one of in-use, lagging, unreachable",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { state } = replica.status();
      for (const s of REPLICA_STATES) this.set({ state: s }, s === state ? 1 : 0);
    },
  });
  const reads = new Counter({
    name: 'db_reads_total',
    help: 'Reads (one per query, export or statistics request) by the server they were sent to; a read retried on the primary counts on both',
    labelNames: ['target'] as const,
    registers: [registry],
  });
  const fallbacks = new Counter({
    name: 'db_replica_fallbacks_total',
    help: 'Reads that failed on the read replica and were answered from the primary: unavailable (connection lost, refused, …) or replay-conflict',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  for (const target of ['replica', 'primary'] as const) reads.inc({ target }, 0);
  for (const reason of ['unavailable', 'replay-conflict'] as const) fallbacks.inc({ reason }, 0);
  replica.observe({ read: (target) => reads.inc({ target }), fallback: (reason) => fallbacks.inc({ reason }) });
  const pool = () => (replica.db.client as { pool?: TarnPool }).pool;
  new Gauge({
    name: 'db_replica_pool_connections',
    help: "The read replica's pool, as db_pool_connections",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = pool();
      this.set({ state: 'used' }, p?.numUsed() ?? 0);
      this.set({ state: 'free' }, p?.numFree() ?? 0);
      this.set({ state: 'pending' }, p?.numPendingAcquires() ?? 0);
      this.set({ state: 'creating' }, p?.numPendingCreates() ?? 0);
    },
  });
}
