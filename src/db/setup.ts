import type { DbConfig } from '../config.js';
import type { Db } from './connection.js';
import { dialectFor } from './dialects/index.js';

/**
 * Start-up preparation: pending migrations when DB_MIGRATE is on (the default for SQLite only),
 * and the demo seed for the embedded SQLite file while it is empty. A networked database is
 * never seeded by the service itself.
 */
export async function prepareDatabase(db: Db, config: DbConfig, log: (msg: string) => void): Promise<void> {
  if (config.migrate) {
    const [batch, applied] = (await db.migrate.latest()) as [number, string[]];
    if (applied.length > 0) log(`applied ${applied.length} migration(s) in batch ${batch}`);
  }
  if (dialectFor(config.client).embedded && (await db.schema.hasTable('parts'))) {
    const row = await db('parts').count({ n: '*' }).first();
    if (Number(row?.n ?? 0) === 0) {
      await db.seed.run();
      log('seeded the embedded SQLite database with the demo data');
    }
  }
}
