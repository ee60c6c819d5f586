import type { Knex } from 'knex';
import type { DbClient, DbConfig } from '../../config.js';

/**
 * What differs for one database, in one record (one module per database in this folder). The rest
 * of src/ asks the record of its knex instance (index.ts dialectOf) and never compares client names.
 */
export interface Dialect {
  /** DB_CLIENT's value, which is also knex's client name. */
  readonly client: DbClient;
  /**
   * knex's configuration: `common` (what every database shares: pool limits' wait, migrations,
   * seeds, logging of errors) with this database's connection, pool and driver options.
   */
  knexConfig(db: DbConfig, common: Knex.Config): Knex.Config;
}

/** The server, port, login and database of a networked configuration given without DATABASE_URL. */
export function serverParts(db: DbConfig) {
  return {
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    database: db.database,
  };
}
