import type { Knex } from 'knex';
import type { DbClient } from '../../config.js';
import type { Dialect } from './dialect.js';
import { mssql } from './mssql.js';
import { mysql } from './mysql.js';
import { postgres } from './postgres.js';
import { sqlite } from './sqlite.js';

export type { Dialect } from './dialect.js';

/** Every database the service runs on, by DB_CLIENT. A new database is one module and one entry here. */
const DIALECTS: Readonly<Record<DbClient, Dialect>> = {
  'better-sqlite3': sqlite,
  pg: postgres,
  mysql2: mysql,
  mssql,
};

/** All dialects, for what is asked of every database at once (error classification). */
export const ALL_DIALECTS: readonly Dialect[] = Object.values(DIALECTS);

/** The dialect of a DB_CLIENT value (or of a knex client name: knex's `mysql` is the same database). */
export function dialectFor(client: string): Dialect {
  const dialect = Object.hasOwn(DIALECTS, client) ? DIALECTS[client as DbClient] : client === 'mysql' ? mysql : undefined;
  if (!dialect) throw new Error(`no dialect for the knex client ${JSON.stringify(client)}`);
  return dialect;
}

/** The dialect a knex instance (or a builder's client) runs on. */
export function dialectOf(db: Knex | Knex.Client): Dialect {
  const client = typeof db === 'function' ? (db.client as Knex.Client) : db;
  return dialectFor(String(client.config.client));
}
