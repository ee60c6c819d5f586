import fs from 'node:fs';
import path from 'node:path';
import type { DbConfig } from '../config.js';
import { PROJECT_ROOT } from '../project-root.js';
import type { Db } from './connection.js';
import { dialectFor } from './dialects/index.js';

/**
 * Why the service must not open its SQLite file, or undefined: a directory, or a file that does
 * not exist where the service may not create it (any but the default file without DB_SEED_DEMO),
 * since a mistyped path to real data would otherwise be created and served with demo prices.
 */
export function sqliteFileProblem(config: DbConfig): string | undefined {
  if (!dialectFor(config.client).embedded || config.filename === ':memory:') return undefined;
  const file = path.resolve(PROJECT_ROOT, config.filename);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat?.isDirectory())
    return `DB_FILENAME: ${file} is a directory: name the SQLite file, such as ${path.join(file, 'pricing.sqlite3')}`;
  if (stat || config.seedDemo) return undefined;
  return (
    `DB_FILENAME: ${file} does not exist: fix the path, or create the database there first ` +
    `(DB_FILENAME=${config.filename} npm run db:setup; DB_SEED_DEMO=true lets the service create it with the demo data)`
  );
}

/**
 * Start-up preparation: pending migrations when DB_MIGRATE is on (the default for SQLite only),
 * and the demo seed for the embedded SQLite file while it is empty, if it may have demo data
 * (DbConfig.seedDemo). A networked database is never seeded by the service itself.
 */
export async function prepareDatabase(db: Db, config: DbConfig, log: (msg: string) => void): Promise<void> {
  if (config.migrate) {
    const [batch, applied] = (await db.migrate.latest()) as [number, string[]];
    if (applied.length > 0) log(`applied ${applied.length} migration(s) in batch ${batch}`);
  }
  if (config.seedDemo && (await db.schema.hasTable('parts'))) {
    const row = await db('parts').count({ n: '*' }).first();
    if (Number(row?.n ?? 0) === 0) {
      await db.seed.run();
      log('seeded the embedded SQLite database with the demo data');
    }
  }
}
