import type { Knex } from 'knex';
import { clientOf } from '../db/connection.js';
import { QueryTimeoutError } from '../db/errors.js';
import type { QueryDeps, StatementClock } from './deps.js';

/**
 * Runs a query under QUERY_TIMEOUT_MS, on the request's clock when it has one (Server-Timing).
 * knex can cancel a statement on the server only for pg and mysql; on SQL Server tedious'
 * requestTimeout (knex-config.ts) cancels it, and SQLite runs in-process and synchronously, so a
 * timer could not interrupt it anyway.
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
  const client = clientOf(deps.db);
  if (client === 'pg' || client === 'mysql2') {
    return answeredWithin(qb, qb.timeout(deps.queryTimeoutMs, { cancel: true }), deps.queryTimeoutMs);
  }
  if (client === 'better-sqlite3') return yieldThen(qb) as Promise<T>;
  // SQL Server: tedious sends the cancel (attention) at requestTimeout and then waits up to its
  // cancelTimeout (5 s) for the server to confirm; a server that has vanished never does.
  return answeredWithin(qb, qb, deps.queryTimeoutMs);
}

/**
 * SQLite runs in-process and synchronously: without a turn of the event loop before each statement,
 * the requests already waiting for the connection run one after another in a single chain of
 * promise callbacks, and sockets (new requests, their bodies) are read only when the chain ends.
 * Yielding first lets statements take turns with I/O in arrival order. 1M pricings, c=16, counts
 * not kept: p95 page 1 295 → 194 ms, deep page 334 → 165 ms (max 922 → 368 ms), supplier + status
 * filters 1952 → 1108 ms. Skipping the turn when the loop had just turned (and no statement was
 * waiting) saved a turn per statement on small data but made the c=16 maxima at 1M worse
 * (bench/README.md, issue 18, seventh session): not done.
 */
async function yieldThen(qb: Knex.QueryBuilder | Knex.Raw): Promise<unknown> {
  await new Promise((resolve) => setImmediate(resolve));
  return qb;
}

/**
 * How long after QUERY_TIMEOUT_MS the driver may take to cancel the statement before the caller
 * gets its 504 anyway. knex (pg, mysql) sends the cancel on a new connection and rejects only once
 * that is done; tedious waits for the server to acknowledge its attention. On a server that has
 * vanished (connections accepted, nothing answered) that takes the connect or cancel timeout, then
 * fails ("…cancelling of query failed", "Failed to cancel request"). The driver still discards the
 * connection by itself.
 */
export const CANCEL_MARGIN_MS = 500;

function answeredWithin<T>(qb: Knex.QueryBuilder | Knex.Raw, running: Knex.QueryBuilder | Knex.Raw, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let lateReject: (err: Error) => void = () => {};
  const late = new Promise<never>((_resolve, reject) => (lateReject = reject));
  // From when the statement is sent (knex's 'query' event), not from the wait for a connection.
  (qb as unknown as NodeJS.EventEmitter).once('query', () => {
    timer = setTimeout(() => lateReject(new QueryTimeoutError(timeoutMs)), timeoutMs + CANCEL_MARGIN_MS);
  });
  // Promise.resolve runs the builder once (every then() of a knex builder would run it again).
  const query = Promise.resolve(running as unknown as PromiseLike<T>);
  // The query's own outcome after the race is lost is of no interest (knex logs and cleans up).
  query.catch(() => {});
  return Promise.race([query, late]).finally(() => clearTimeout(timer));
}
