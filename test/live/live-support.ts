import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { NetworkClient } from '../support/context.js';

/** A SQLite file of its own for a live suite (the shared test file belongs to the root hook). */
export function liveSqliteEnv(label: string): { env: NodeJS.ProcessEnv; remove(): void } {
  const file = path.join(os.tmpdir(), `pricing-${label}-${process.pid}-${crypto.randomBytes(4).toString('hex')}.sqlite3`);
  return {
    env: { DB_CLIENT: 'better-sqlite3', DB_FILENAME: file, DB_MIGRATE: 'false' },
    remove() {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    },
  };
}

/**
 * The networked databases the live suites run on. SQL Server (Babelfish from scripts/babelfish.sh,
 * or TEST_MSSQL_HOST) joins when TEST_LIVE_MSSQL=1: .ci/run sets it after starting Babelfish.
 */
export const LIVE_CLIENTS: NetworkClient[] = [
  'pg',
  'mysql2',
  ...(['1', 'true'].includes(process.env.TEST_LIVE_MSSQL ?? '') ? (['mssql'] as const) : []),
];

/**
 * Holds a lock that makes every read of `pricing` wait, in `trx`, until it ends. SQL Server: ALTER
 * TABLE takes a schema-modification lock, which blocks readers whatever their isolation level
 * (rolled back with the transaction); Babelfish takes PostgreSQL's ACCESS EXCLUSIVE for it.
 */
export async function lockPricing(client: NetworkClient, trx: Knex.Transaction): Promise<void> {
  if (client === 'pg') await trx.raw('lock table pricing in access exclusive mode');
  else if (client === 'mysql2') await trx.raw('lock tables pricing write');
  else await trx.raw('alter table pricing add lock_probe int null');
}

export async function unlockPricing(client: NetworkClient, trx: Knex.Transaction): Promise<void> {
  if (client === 'mysql2') await trx.raw('unlock tables');
  await trx.rollback();
}

/**
 * Statements of the service still running against the scratch database (never our own session).
 * `admin` must not be a transaction: PostgreSQL shows pg_stat_activity as it was at a transaction's
 * first look, so a poll inside one would never see a change.
 */
export async function serviceStatements(client: NetworkClient, admin: Knex, database: string): Promise<string[]> {
  if (client === 'pg') {
    const r = await admin.raw(
      `select query from pg_stat_activity where datname = ? and application_name = 'pricing-query-service'
         and state = 'active' and pid <> pg_backend_pid()`,
      [database],
    );
    return r.rows.map((row: { query: string }) => row.query);
  }
  if (client === 'mssql') {
    // sys.dm_exec_sessions (SQL Server 2012+, and Babelfish): 'running' on SQL Server, 'active' on
    // Babelfish while a statement runs; 'sleeping' / 'idle' between statements.
    const rows = await admin.raw(
      `select session_id from sys.dm_exec_sessions where program_name = N'pricing-query-service'
         and database_id = db_id(?) and session_id <> @@spid and status not in ('sleeping', 'idle', 'dormant')`,
      [database],
    );
    return (rows as { session_id: number }[]).map((row) => `session ${row.session_id}`);
  }
  const [rows] = await admin.raw(
    `select info from information_schema.processlist where db = ? and command = 'Query' and id <> connection_id()
       and info like '%pricing%' and info not like '%processlist%'`,
    [database],
  );
  return (rows as { info: string }[]).map((row) => row.info);
}
