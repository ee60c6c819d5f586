/**
 * The shell of a DBA command on SQL Server (`npm run mssql:grams`): the
 * subcommand from argv, the service's own connection settings (DB_CLIENT=mssql and DB_HOST…DB_NAME,
 * or DATABASE_URL=mssql://…), a small pool, and the exit code: what `run` returns, 1 when it
 * throws, 2 when nothing was run (usage, settings, another client).
 */
import type { Knex } from 'knex';
import { ConfigError, loadConfig, type Config } from '../src/config.js';
import { createDb } from '../src/db/connection.js';

export interface MssqlCommand<C extends string> {
  /** The npm script's name, which prefixes every line: `mssql:grams`. */
  tool: string;
  /** What it manages, in a sentence: `the gram index`. */
  what: string;
  commands: readonly C[];
  run: (command: C, db: Knex) => Promise<number>;
}

export function sayAs(tool: string): (line: string) => void {
  return (line) => console.log(`[${tool}] ${line}`);
}

async function main<C extends string>(c: MssqlCommand<C>): Promise<number> {
  const say = sayAs(c.tool);
  const command = process.argv[2] as C | undefined;
  if (!command || !c.commands.includes(command)) {
    say(`usage: npm run ${c.tool} -- ${c.commands.join('|')}`);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    say(err.message);
    return 2;
  }
  if (config.db.client !== 'mssql') {
    say(`${c.what} is SQL Server's; the configured client is ${config.db.client} (DB_CLIENT / DATABASE_URL). Nothing was run.`);
    return 2;
  }
  const db = createDb({ ...config.db, poolMin: 0, poolMax: 2 });
  try {
    return await c.run(command, db);
  } finally {
    await db.destroy();
  }
}

/** Runs the command and exits the process with its code. */
export function runMssqlCommand<C extends string>(c: MssqlCommand<C>): void {
  main(c).then(
    (code) => process.exit(code),
    (err: unknown) => {
      sayAs(c.tool)(`failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
