import { serverParts, type Dialect } from './dialect.js';

/** MySQL and MariaDB through mysql2. */
export const mysql: Dialect = {
  client: 'mysql2',

  knexConfig(db, common) {
    return {
      ...common,
      connection: {
        ...(db.url ? { uri: db.url } : serverParts(db)),
        connectTimeout: db.connectTimeoutMs,
        // DATETIME columns hold UTC; without this mysql2 reads and writes them in local time.
        timezone: 'Z',
        // DATE columns come back as 'YYYY-MM-DD', not as a Date at local midnight.
        dateStrings: ['DATE'] as unknown as boolean, // knex's type lags mysql2's, which takes a list
        charset: 'utf8mb4',
        supportBigNumbers: true,
      },
      pool: { min: db.poolMin, max: db.poolMax },
    };
  },
};
