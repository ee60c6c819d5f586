import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { DbConfig } from '../../src/config.js';

export interface Scratch {
  name: string;
  config: DbConfig;
  /** Drops the database; safe to call more than once. Throws when the server keeps refusing. */
  drop(): Promise<void>;
}

/** `pricing_check_<pid>_<random>`: unique per run, and safe to splice into DDL. */
export function scratchName(): string {
  return `pricing_check_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
}

/** The configured connection, pointed at another database of the same server. */
export function onDatabase(db: DbConfig, database: string): DbConfig {
  if (!db.url) return { ...db, database };
  const url = new URL(db.url);
  url.pathname = `/${database}`;
  return { ...db, url: url.href };
}

/**
 * Creates an empty database next to the configured one, through `admin` (a connection to the
 * configured database). Throws the server's refusal (no CREATE DATABASE) for the caller to report.
 */
export async function createScratch(admin: Knex, configured: DbConfig): Promise<Scratch> {
  const name = scratchName();
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  await admin.raw(`create database [${name}]`);
  let dropped = false;
  return {
    name,
    config: onDatabase(configured, name),
    async drop() {
      if (dropped) return;
      // SQL Server refuses to drop a database a session is still in, and a session closed by the
      // client may take a moment to end on the server: try again for a while.
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.raw(`if db_id(N'${name}') is not null drop database [${name}]`);
          dropped = true;
          return;
        } catch (err) {
          if (attempt >= 20 || !/in use/i.test((err as Error).message)) throw err;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    },
  };
}
