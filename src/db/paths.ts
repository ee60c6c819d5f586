import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root folder: relative DB_FILENAMEs, migrations and seeds are found from it. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'migrations');
export const SEEDS_DIR = path.join(PROJECT_ROOT, 'seeds');
