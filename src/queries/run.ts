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
export function run<T>(deps: QueryDeps, qb: Knex.QueryBuilder | Knex.Raw, options: RunOptions = {}): Promise<T> {
  return timed(deps.clock, runUntimed<T>(deps, qb, options));
}

export interface RunOptions {
  /**
   * The statement reads one value at once (a pragma, max(id) off the primary key): on SQLite it does
   * not wait for a turn (below). A turn waits behind every statement already queued, so at c=16 a
   * request whose page came after two such reads waited three rounds of the others' pages
   * (1M pricings, pricing.combo: c=16 max 1,988 ms; bench/README.md, issue 18).
   */
  instant?: boolean;
}

/** `work` on `clock` (if any): one statement, from now until it settles. */
export function timed<T>(clock: StatementClock | undefined, work: Promise<T>): Promise<T> {
  if (!clock) return work;
  clock.started();
  return work.finally(() => clock.finished());
}

function runUntimed<T>(deps: QueryDeps, qb: Knex.QueryBuilder | Knex.Raw, options: RunOptions): Promise<T> {
  const client = clientOf(deps.db);
  if (client === 'pg' || client === 'mysql2') {
    return answeredWithin(qb, qb.timeout(deps.queryTimeoutMs, { cancel: true }), deps.queryTimeoutMs);
  }
  if (client === 'better-sqlite3') {
    // Promise.resolve runs the builder once (every then() of a knex builder would run it again).
    return (options.instant ? Promise.resolve(qb) : takeTurn(qb)) as Promise<T>;
  }
  // SQL Server: tedious sends the cancel (attention) at requestTimeout and then waits up to its
  // cancelTimeout (5 s) for the server to confirm; a server that has vanished never does.
  return answeredWithin(qb, qb, deps.queryTimeoutMs);
}

/**
 * SQLite runs in-process and synchronously: without a turn of the event loop now and then, the
 * requests already waiting for the connection run one after another in a single chain of promise
 * callbacks, and sockets (new requests, their bodies) are read only when the chain ends. So a
 * statement first lets the loop turn, unless it turned less than YIELD_AFTER_MS ago and no other
 * statement is waiting for its turn (it would jump the queue: the c=16 maxima grew): at 1M rows
 * nearly every statement takes longer than that (each still yields, in arrival order: 1M pricings,
 * c=16, p95 page 1 295 → 194 ms, supplier + status filters 1952 → 1108 ms when this was
 * introduced), while on small data a request's statements no longer each wait a turn (details by
 * id, demo seed: the turn was about a tenth of the request's CPU; bench/README.md, issue 18).
 */
const YIELD_AFTER_MS = 1;
let loopTurnedAt = -Infinity;
let turnWatched = false;

/** Statements waiting for their turn: while any is, a new one queues behind it (arrival order). */
let waitingForTurn = 0;

function takeTurn(qb: Knex.QueryBuilder | Knex.Raw): Promise<unknown> {
  if (waitingForTurn === 0 && performance.now() - loopTurnedAt < YIELD_AFTER_MS) {
    watchForTurn();
    // Promise.resolve runs the builder once (every then() of a knex builder would run it again).
    return Promise.resolve(qb);
  }
  waitingForTurn += 1;
  return new Promise((resolve) => setImmediate(resolve)).then(() => {
    waitingForTurn -= 1;
    loopTurnedAt = performance.now();
    return qb;
  });
}

/** Notes when the loop next turns (setImmediate runs after the loop has read the sockets). */
function watchForTurn(): void {
  if (turnWatched) return;
  turnWatched = true;
  setImmediate(() => {
    turnWatched = false;
    loopTurnedAt = performance.now();
  });
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
