import { createRequire } from 'node:module';
import knexFactory, { type Knex } from 'knex';
import type { DbConfig } from '../config.js';
import { knexConfig } from './knex-config.js';

export type Db = Knex;

/** A connection checked out of the pool by acquireWithin, for the caller to give back (releaseConnection). */
export type PooledConnection = object;

/** The parts of knex's pool (tarn) that acquireWithin uses. */
interface Pool {
  acquire(): { promise: Promise<PooledConnection>; abort(): void };
  release(connection: PooledConnection): boolean;
}

// tarn as knex itself resolves it (not a dependency of ours): its acquire timeout's error class.
const requireFromKnex = createRequire(createRequire(import.meta.url).resolve('knex'));
const { TimeoutError: PoolTimeoutError } = requireFromKnex('tarn') as { TimeoutError: new () => Error };

/**
 * A connection from `db`'s pool within `withinMs`, or an error that errors.ts reads as "the
 * database is unavailable" (503). When none has come by then, the wait is withdrawn from the pool,
 * so no slot or queue place is kept for a caller that has given up, however long
 * DB_CONNECT_TIMEOUT_MS is; the pool's own limit (DB_ACQUIRE_TIMEOUT_MS) still ends the wait when
 * it is shorter. A connection that could not be opened rejects with the driver's error.
 */
export async function acquireWithin(db: Db, withinMs: number): Promise<PooledConnection> {
  const pool = (db.client as { pool?: Pool }).pool;
  // No pool: db.destroy() has run (knex's acquire then says "Unable to acquire a connection"), or a
  // test double hands out connections itself.
  if (!pool) return (await (db.client as Knex.Client).acquireConnection()) as PooledConnection;
  const pending = pool.acquire();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      pending.abort();
      // Had the connection arrived in this very turn, the abort came too late: give it back.
      pending.promise.then((connection) => pool.release(connection)).catch(() => {});
      reject(acquireTimeout(`none within ${withinMs} ms`));
    }, withinMs);
  });
  try {
    return await Promise.race([pending.promise, deadline]);
  } catch (err) {
    throw err instanceof PoolTimeoutError ? acquireTimeout('DB_ACQUIRE_TIMEOUT_MS reached') : err;
  } finally {
    clearTimeout(timer);
  }
}

/** Gives a connection from acquireWithin back to the pool (which drops it if the driver marked it broken). */
export function releaseConnection(db: Db, connection: PooledConnection): void {
  const client = db.client as Knex.Client & { pool?: Pool };
  // Without a pool (destroyed, or a test double's) there is nothing to give it back to.
  if (client.pool) void client.releaseConnection(connection);
}

function acquireTimeout(why: string): Error {
  return new knexFactory.KnexTimeoutError(`Knex: Timeout acquiring a connection (${why})`);
}

/** Where knex's own warnings go (a pino logger fits); without one knex prints them to the console. */
export interface DbLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

/** The only place that creates a knex instance. */
export function createDb(config: DbConfig, log?: DbLog): Db {
  const options = knexConfig(config);
  if (log) {
    // knex reports pool trouble ("Acquire connection error") itself; keep it in the structured log.
    options.log = {
      warn: (message: unknown) => log.warn({ knex: String(message) }, 'knex warning'),
      error: (message: unknown) => log.error({ knex: String(message) }, 'knex error'),
      deprecate: (method: string, alternative: string) => log.warn({ method, alternative }, 'knex deprecation'),
      debug: (message: unknown) => log.debug({ knex: String(message) }, 'knex debug'),
    };
  }
  return knexFactory(options);
}

/**
 * The connectivity check behind the database check route: `select 1`, as a boolean.
 * A refused connection, a driver error and a time-out all yield false; the reason is handed to
 * `onError` for the log and never reaches the caller. The race bounds the answer even when the
 * pool is stuck waiting for a connection that never comes.
 */
export async function checkConnection(db: Db, timeoutMs: number, onError: (err: unknown) => void = () => {}): Promise<boolean> {
  // Both the race's timer and knex's own timeout may fire: report the first failure only.
  let reported = false;
  const fail = (err: unknown): false => {
    if (!reported) onError(err);
    reported = true;
    return false;
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(fail(new Error(`database check timed out after ${timeoutMs} ms`))), timeoutMs);
  });
  // knex's own timeout too: a probe stuck on a live but unresponsive server would otherwise keep its
  // pool connection; on time-out knex discards that connection instead of returning it to the pool.
  const probe = db
    .raw('select 1')
    .timeout(timeoutMs)
    .then(() => true)
    .catch(fail);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
