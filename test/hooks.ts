import fs from 'node:fs';
import {
  closeSharedTestDb,
  createScratchDatabase,
  isNetworkClient,
  sharedTestDb,
  testDbEnv,
  TEST_SQLITE_FILE,
  type ScratchDatabase,
} from './support/context.js';

/**
 * Root hooks: migrate and seed the shared test database once for the whole run.
 * TEST_DB_CLIENT=pg, mysql2 or mssql runs the same suite on a database created for this run
 * (pricing_test_<pid>_<random>) and dropped at the end, whether the tests passed or not.
 */
let scratch: ScratchDatabase | undefined;

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(180_000);
    removeSqliteFiles();
    const client = process.env.TEST_DB_CLIENT;
    if (client && client !== 'better-sqlite3') {
      if (!isNetworkClient(client)) throw new Error(`TEST_DB_CLIENT must be better-sqlite3, pg, mysql2 or mssql, not ${client}`);
      scratch = await createScratchDatabase(client);
      Object.assign(testDbEnv, scratch.env);
      // Ctrl-C skips afterAll: drop the database anyway.
      process.once('SIGINT', () => void dropScratch().finally(() => process.exit(130)));
    }
    const db = sharedTestDb();
    await db.migrate.latest();
    await db.seed.run();
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await closeSharedTestDb();
    await dropScratch();
    removeSqliteFiles();
  },
};

async function dropScratch(): Promise<void> {
  const db = scratch;
  scratch = undefined;
  await db?.drop();
}

function removeSqliteFiles(): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(TEST_SQLITE_FILE + suffix, { force: true });
}
