import type { Knex } from 'knex';
import { acquireWithin, releaseConnection } from '../db/connection.js';
import type { Cancellation } from '../db/dialects/dialect.js';
import { dialectOf } from '../db/dialects/index.js';
import { QueryTimeoutError } from '../db/errors.js';
import type { QueryDeps, StatementClock } from './deps.js';

/**
 * Runs a query under QUERY_TIMEOUT_MS, on the request's clock when it has one (Server-Timing).
 * SQLite runs in-process and synchronously, so a timer could not interrupt it anyway.
 */
export function run<T>(deps: QueryDeps, qb: Knex.QueryBuilder | Knex.Raw): Promise<T> {
  return timed(deps.clock, runUntimed<T>(deps, qb));
}

/** `work` on `clock` (if any): one statement, from now until it settles. */
export function timed<T>(clock: StatementClock | undefined, work: Promise<T>): Promise<T> {
  if (!clock) return work;
  clock.started();
  return work.finally(() => clock.finished());
}

function runUntimed<T>(deps: QueryDeps, qb: Knex.QueryBuilder | Knex.Raw): Promise<T> {
  const cancellation = dialectOf(deps.db).cancellation;
  if (cancellation.kind === 'in-process') return yieldThen(qb) as Promise<T>;
  return withinDeadline<T>(deps, qb, cancellation);
}

/**
 * One deadline, QUERY_TIMEOUT_MS from when the statement is asked for, bounds both the wait for a
 * pool connection and the statement: a caller that gets no connection by then is answered 503
 * DB_UNAVAILABLE, however long DB_CONNECT_TIMEOUT_MS and DB_ACQUIRE_TIMEOUT_MS are; the statement
 * gets what is left and is cancelled on the server at the deadline (504 QUERY_TIMEOUT), as its
 * dialect's cancellation says (knex's cancel on pg and mysql; tedious' request timeout on SQL Server).
 */
async function withinDeadline<T>(
  deps: QueryDeps,
  qb: Knex.QueryBuilder | Knex.Raw,
  cancellation: Extract<Cancellation, { kind: 'on-server' }>,
): Promise<T> {
  const deadline = performance.now() + deps.queryTimeoutMs;
  // A session (a read on a replica, src/db/session.ts) runs all its statements on its one connection.
  const lease = deps.session ? await deps.session.lease(deps.queryTimeoutMs) : undefined;
  const connection = lease?.connection ?? (await acquireWithin(deps.db, deps.queryTimeoutMs));
  const leftMs = Math.max(1, Math.round(deadline - performance.now()));
  // knex runs a builder on the connection it is given and leaves giving it back to us.
  qb.connection(connection);
  cancellation.bound(qb, connection, leftMs);
  // Promise.resolve runs the builder once (every then() of a knex builder would run it again).
  const query = Promise.resolve(qb as unknown as PromiseLike<T>);
  // Back to the pool when the driver is done with it, which can be after the caller's 504.
  void query.then(
    () => settled(),
    (err: unknown) => settled(err),
  );
  function settled(err?: unknown): void {
    cancellation.unbound?.(connection);
    if (lease) lease.done(err);
    else releaseConnection(deps.db, connection);
  }
  return answeredWithin(query, leftMs, deps.queryTimeoutMs);
}

/**
 * SQLite runs in-process and synchronously: without a turn of the event loop before each statement,
 * the requests already waiting for the connection run one after another in a single chain of
 * promise callbacks, and sockets (new requests, their bodies) are read only when the chain ends.
 * Yielding first lets statements take turns with I/O in arrival order. The turn is taken every time:
 * skipping it when the loop had just turned made the worst waits under concurrent load longer.
 */
async function yieldThen(qb: Knex.QueryBuilder | Knex.Raw): Promise<unknown> {
  await new Promise((resolve) => setImmediate(resolve));
  return qb;
}

/**
 * How long after the deadline the driver may take to cancel the statement before the caller gets
 * its 504 anyway. knex (pg, mysql) sends the cancel on a new connection and rejects only once
 * that is done; tedious waits for the server to acknowledge its attention. On a server that has
 * vanished (connections accepted, nothing answered) that takes the connect or cancel timeout, then
 * fails ("…cancelling of query failed", "Failed to cancel request"). The driver still discards the
 * connection by itself.
 */
export const CANCEL_MARGIN_MS = 500;

/** `query`, or a QueryTimeoutError once `leftMs` (what was left of the deadline) and the margin have passed. */
function answeredWithin<T>(query: Promise<T>, leftMs: number, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new QueryTimeoutError(timeoutMs)), leftMs + CANCEL_MARGIN_MS);
  });
  return Promise.race([query, late]).finally(() => clearTimeout(timer));
}
