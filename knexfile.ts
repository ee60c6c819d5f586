import type { Knex } from 'knex';
import { loadConfig } from './src/config.js';
import { knexConfig } from './src/db/knex-config.js';

// The knex CLI (`npm run knex -- migrate:latest`, `seed:run`, ...) reads the same environment
// variables as the service, so one set of DB_* variables drives both.
const config: Knex.Config = knexConfig(loadConfig().db);

export default config;
