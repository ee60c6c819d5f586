import type { Knex } from 'knex';
import type { DbConfig } from '../config.js';
import { dialectFor } from './dialects/index.js';
import { migrationSettings, seedSettings } from './paths.js';

export { MIGRATIONS_DIR, SEEDS_DIR } from './paths.js';

/**
 * The one place that turns our configuration into knex's, for the service, the knex CLI
 * (through knexfile.ts), the tests and the benchmarks alike: what every database shares here,
 * the rest from the database's dialect (dialects/).
 */
export function knexConfig(db: DbConfig): Knex.Config {
  const common: Knex.Config = {
    client: db.client,
    // Without this a dead database makes every request wait 60 s for a pool slot.
    acquireConnectionTimeout: db.acquireTimeoutMs,
    // A failed query's message is `<sql with ? placeholders> - <driver message>`, not the SQL with
    // the bound values written in: those are the user's search text, which logs never hold.
    compileSqlOnError: false,
    migrations: migrationSettings(),
    seeds: seedSettings(),
  };
  return dialectFor(db.client).knexConfig(db, common);
}
