import knex, { type Knex } from 'knex';
import { ConfigError, loadConfig } from './src/config.js';
import { describeDbError, dbErrorMessage } from './src/db/errors.js';
import { knexConfig } from './src/db/knex-config.js';
import { describeDbTarget } from './src/db/target.js';

// The knex CLI (`npm run knex -- migrate:latest`, `seed:run`, ...) reads the same environment
// variables as the service, so one set of DB_* variables drives both. It says which database it
// uses, and a database it cannot use gets one line of advice instead of the driver's stack traces.

/** CLI commands that never open a connection. */
const OFFLINE_COMMANDS = new Set(['init', 'migrate:make', 'seed:make', 'help', '--help', '-h', '--version', '-V']);

async function knexfile(): Promise<Knex.Config> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  const target = describeDbTarget(config.db);
  console.error(`knex: ${target}`);
  const settings = knexConfig(config.db);
  const command = process.argv.slice(2).find((a) => !a.startsWith('--knexfile') && !a.endsWith('knexfile.ts'));
  if (command && !OFFLINE_COMMANDS.has(command)) await exitUnlessUsable(settings, target);
  return settings;
}

async function exitUnlessUsable(settings: Knex.Config, target: string): Promise<void> {
  const probe = knex({ ...settings, pool: { min: 0, max: 1 }, log: { warn: () => {}, error: () => {} } });
  try {
    await probe.raw('select 1');
  } catch (err) {
    const described = describeDbError(err);
    if (!described || (described.failure !== 'not-found' && described.failure !== 'unavailable')) throw err;
    const advice =
      described.failure === 'not-found'
        ? 'the database does not exist: create it, or check DB_NAME / DATABASE_URL'
        : `the database cannot be used (${described.cause ?? 'unavailable'}): check DB_HOST / DB_PORT / DB_USER / DB_PASSWORD or DATABASE_URL, and that the server runs`;
    console.error(`knex: ${target}: ${advice}\n  ${dbErrorMessage(err)}`);
    process.exit(1);
  } finally {
    await probe.destroy();
  }
}

export default knexfile;
