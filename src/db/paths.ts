import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { CODE_EXTENSION, CODE_ROOT } from '../project-root.js';

export { PROJECT_ROOT } from '../project-root.js';

export const MIGRATIONS_DIR = path.join(CODE_ROOT, 'migrations');
export const SEEDS_DIR = path.join(CODE_ROOT, 'seeds');

const codeFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(CODE_EXTENSION) && !f.endsWith('.d.ts'))
    .sort();

/**
 * The name knex records for a migration file. Always the source's `.ts` name, so a database migrated
 * by the compiled service, by the knex CLI or by the tests reads as the same history to all three.
 */
const recordedName = (file: string): string => file.slice(0, -CODE_EXTENSION.length) + '.ts';

/** The migrations this build carries, by the names knex records, in order. */
export function migrationNames(): string[] {
  return codeFiles(MIGRATIONS_DIR).map(recordedName);
}

/** knex's migration settings for this build: its own files, recorded under their source names. */
export function migrationSettings(): Knex.MigratorConfig {
  if (CODE_EXTENSION === '.ts') return { directory: MIGRATIONS_DIR, extension: 'ts', loadExtensions: ['.ts'] };
  const source: Knex.MigrationSource<string> = {
    getMigrations: () => Promise.resolve(codeFiles(MIGRATIONS_DIR)),
    getMigrationName: recordedName,
    getMigration: (file) => import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href) as Promise<Knex.Migration>,
  };
  return { migrationSource: source };
}

export function seedSettings(): Knex.SeederConfig {
  return { directory: SEEDS_DIR, extension: CODE_EXTENSION.slice(1), loadExtensions: [CODE_EXTENSION] };
}
