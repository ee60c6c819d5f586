/**
 * Builds the web app (web/, Vite) into web/dist and writes .br/.gz siblings of its hashed assets,
 * which the service sends to browsers that accept them (src/routes/web-app.ts).
 * `--if-stale` (npm's prestart) builds only when web/dist has no finished build or one older than
 * any source of the page, so `npm ci && npm start` serves it and a later start costs a stat walk.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { isStale, writeStamp } from './build-stamp.js';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
const DIST = path.join(WEB, 'dist');
/** Written last, so an interrupted build counts as stale. */
const STAMP = path.join(DIST, '.built');
// The page also shows the service's names of the codes and its wall times (src/domain.ts, src/time-zone.ts).
const SOURCES = [
  'src',
  'build',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'tsconfig.json',
  '../src/domain.ts',
  '../src/time-zone.ts',
];
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

function precompress(): void {
  const assets = path.join(DIST, 'assets');
  for (const name of fs.readdirSync(assets)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(assets, name);
    const data = fs.readFileSync(file);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

if (process.argv.includes('--if-stale') && !isStale(STAMP, WEB, SOURCES)) {
  console.log('web: web/dist is up to date');
  process.exit(0);
}
let vite: string;
try {
  vite = path.join(path.dirname(fileURLToPath(import.meta.resolve('vite/package.json'))), 'bin/vite.js');
} catch {
  // An install without dev dependencies (npm ci --omit=dev) has no Vite: start anyway, serving the
  // build there is (if any) and the API; only an explicit build is an error.
  const message = 'web: vite is not installed (npm ci --omit=dev?): the page in web/dist is not rebuilt';
  if (process.argv.includes('--if-stale')) {
    console.warn(message);
    process.exit(0);
  }
  console.error(message);
  process.exit(1);
}
console.log('web: building web/dist (vite build)…');
const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: WEB, stdio: 'inherit' });
if (result.status !== 0) {
  console.error('web: vite build failed');
  process.exit(result.status ?? 1);
}
precompress();
writeStamp(STAMP);
console.log('web: built web/dist');
