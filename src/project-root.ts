import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Compiled: this file runs as dist/src/project-root.js (`npm run build`, what `npm start` runs);
 * else as src/project-root.ts under tsx (tests, the knex CLI, scripts).
 */
const COMPILED = import.meta.url.endsWith('.js');

/** The extension of this build's own code files. */
export const CODE_EXTENSION = COMPILED ? '.js' : '.ts';

/** The project's root folder: relative DB_FILENAMEs and the page's build are found from it. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), COMPILED ? '../..' : '..');

/** Where this build's code lives: the project itself, or its compiled copy in dist/. */
export const CODE_ROOT = COMPILED ? path.join(PROJECT_ROOT, 'dist') : PROJECT_ROOT;
