import knexFactory, { type Knex } from 'knex';
import type { DbConfig } from '../config.js';
import { knexConfig } from './knex-config.js';

export type Db = Knex;

/** The knex client a database runs on ('better-sqlite3', 'pg', 'mysql2', 'mssql'); knex types it as any. */
export function clientOf(db: Knex): string {
  return String((db.client as Knex.Client).config.client);
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
 * The connectivity check behind GET /api/test-db: `select 1`, as a boolean.
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
