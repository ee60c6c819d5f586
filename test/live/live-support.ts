import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A SQLite file of its own for a live suite (the shared test file belongs to the root hook). */
export function liveSqliteEnv(label: string): { env: NodeJS.ProcessEnv; remove(): void } {
  const file = path.join(os.tmpdir(), `pricing-${label}-${process.pid}-${crypto.randomBytes(4).toString('hex')}.sqlite3`);
  return {
    env: { DB_CLIENT: 'better-sqlite3', DB_FILENAME: file, DB_MIGRATE: 'false' },
    remove() {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    },
  };
}
