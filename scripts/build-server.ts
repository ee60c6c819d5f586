/**
 * Compiles the service, its migrations and seeds into dist/ (tsconfig.build.json), which `npm start`
 * runs with plain node: no TypeScript hook loaded in production. `--if-stale` (npm's prestart)
 * compiles only when a source is newer than the last build.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, writeStamp } from './build-stamp.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.built');
const SOURCES = ['src', 'migrations', 'seeds', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];
/** Files the service reads beside its code, copied as they are. */
const ASSETS = ['src/routes/docs-static'];

if (process.argv.includes('--if-stale') && !isStale(STAMP, ROOT, SOURCES)) {
  console.log('server: dist/ is up to date');
  process.exit(0);
}
console.log('server: compiling into dist/ (tsc -p tsconfig.build.json)…');
let tsc: string;
try {
  tsc = path.join(path.dirname(fileURLToPath(import.meta.resolve('typescript/package.json'))), 'bin/tsc');
} catch {
  // An install without dev dependencies (npm ci --omit=dev) starts the build it was given.
  const message = 'server: typescript is not installed (npm ci --omit=dev?): dist/ is not rebuilt';
  if (process.argv.includes('--if-stale') && fs.existsSync(path.join(DIST, 'src/server.js'))) {
    console.warn(message);
    process.exit(0);
  }
  console.error(message);
  process.exit(1);
}
fs.rmSync(DIST, { recursive: true, force: true });
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
if (result.status !== 0) {
  console.error('server: tsc failed');
  process.exit(result.status ?? 1);
}
for (const asset of ASSETS) fs.cpSync(path.join(ROOT, asset), path.join(DIST, asset), { recursive: true });
writeStamp(STAMP);
console.log('server: built dist/');
