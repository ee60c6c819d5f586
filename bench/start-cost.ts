/**
 * What a start costs: milliseconds from spawn until /api/health/ready answers 200, and the process'
 * resident memory then and after a burst of queries, for each way of starting the service.
 *
 *   npm run bench:start -- [--runs 7] [--requests 300] [--variants compiled,tsx]
 *
 * `compiled` runs dist/src/server.js (what `npm start` runs; `npm run build` first), `tsx` runs
 * src/server.ts under tsx's import hook, as `npm start` did before the build. Both with the flags
 * `npm start` passes, on a copy of the demo SQLite database (made by the first run), port 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { listeningPort } from './listening-port.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const V8_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];
const VARIANTS: Record<string, string[]> = {
  compiled: [...V8_FLAGS, 'dist/src/server.js'],
  tsx: [...V8_FLAGS, '--import', 'tsx', 'src/server.ts'],
};

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    requests: { type: 'string', default: '300' },
    variants: { type: 'string', default: 'compiled,tsx' },
  },
});
const runs = Number(values.runs);
const requests = Number(values.requests);
const variants = values.variants.split(',');
for (const v of variants) if (!VARIANTS[v]) throw new Error(`unknown variant ${v}: ${Object.keys(VARIANTS).join(', ')}`);
if (variants.includes('compiled') && !fs.existsSync(path.join(ROOT, 'dist/src/server.js'))) {
  throw new Error('dist/src/server.js is missing: npm run build first');
}

const dbFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'start-cost-')), 'pricing.sqlite3');

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function readyAt(child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const port = listeningPort(child.pid!);
    if (port) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return port;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function once(variant: string): Promise<{ readyMs: number; rssReady: number; rssAfter: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, VARIANTS[variant]!, {
    cwd: ROOT,
    env: {
      ...process.env,
      DB_FILENAME: dbFile,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '0',
      MALLOC_ARENA_MAX: '2',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const port = await readyAt(child);
    const readyMs = performance.now() - started;
    const rssReady = rssMb(child.pid!);
    for (let i = 0; i < requests; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/query/pricing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ current: 1 + (i % 20), pageSize: 20, keyword: i % 3 ? '' : '支架' }),
      });
      if (res.status !== 200) throw new Error(`query answered ${res.status}`);
      await res.arrayBuffer();
    }
    return { readyMs, rssReady, rssAfter: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

await once(variants[0]!); // migrates and seeds the copy; not counted
console.log(`runs ${runs}, ${requests} queries each, load ${os.loadavg()[0]!.toFixed(1)}`);
const results: Record<string, Awaited<ReturnType<typeof once>>[]> = Object.fromEntries(variants.map((v) => [v, []]));
for (let i = 0; i < runs; i++) for (const v of variants) results[v]!.push(await once(v)); // interleaved: same load for both
for (const v of variants) {
  const r = results[v]!;
  console.log(
    `${v.padEnd(9)} ready ${median(r.map((x) => x.readyMs)).toFixed(0)} ms (min ${Math.min(...r.map((x) => x.readyMs)).toFixed(0)})` +
      `  RSS at ready ${median(r.map((x) => x.rssReady)).toFixed(1)} MB  after queries ${median(r.map((x) => x.rssAfter)).toFixed(1)} MB`,
  );
}
console.log(`load ${os.loadavg()[0]!.toFixed(1)}`);
