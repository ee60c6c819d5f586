import fs from 'node:fs';
import { closeSharedTestDb, sharedTestDb, TEST_SQLITE_FILE } from './support/context.js';

/** Root hooks: migrate and seed the shared test database once for the whole run. */
export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(120_000);
    removeSqliteFiles();
    const db = sharedTestDb();
    await db.migrate.latest();
    await db.seed.run();
  },
  async afterAll() {
    await closeSharedTestDb();
    removeSqliteFiles();
  },
};

function removeSqliteFiles(): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(TEST_SQLITE_FILE + suffix, { force: true });
}
