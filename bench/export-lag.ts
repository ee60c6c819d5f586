/**
 * `npm run bench:export-lag`: how fast GET /api/info (and the readiness probe, where the build has
 * one) answers while 20 clients keep asking for xlsx exports of every demo pricing (1,200 rows).
 *
 * The server is src/server.ts in a child process, started as production runs it (node --import
 * tsx), on the demo data. Each export client loops: ask for the export, read it to the end; on a
 * 503 (EXPORTS_BUSY) wait 200 ms and ask again (one export runs first, unmeasured: the first one
 * after a start pays one-off costs), so that 20 exports stay wanted all the time. One
 * prober asks GET /api/info every 50 ms, one request at a time, and records each latency.
 *
 *   BENCH_SECONDS (15)        how long the load runs
 *   BENCH_EXPORTERS (20)      export clients
 *   BENCH_ROOT (this repo)    the project whose src/server.ts runs: point it at an export of an
 *                             older commit (git archive) to measure before a change
 *   other variables           passed to the server (DB_CLIENT=pg DB_HOST=… for PostgreSQL,
 *                             EXPORT_MAX_CONCURRENT=20 to see the yields without the cap)
 *
 * `npm run bench:export-lag -- --fresh`: the first exports after a start instead. Each of
 * BENCH_RUNS (5) rounds starts a new server process on an already seeded file and, the moment it
 * listens (BENCH_AFTER_LISTEN_MS, 0, later), asks for 4 xlsx exports at once (as 4 callers, each
 * with a token of its own: one caller may hold only half of the slots) while GET /api/info and
 * the readiness probe are asked one at a time every 20 ms until the 4 are done. Per round it prints
 * the time from spawn to listening, the probes' latencies and the server's RSS when it started
 * listening, after the exports and at its peak (VmHWM); first, three starts left idle for
 * BENCH_IDLE_MS (3000) give the resident memory of a server that has not exported anything.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningPort } from './listening-port.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const EXPORTERS = Number(process.env.BENCH_EXPORTERS ?? 20);
const ROOT = path.resolve(process.env.BENCH_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Server {
  port: number;
  pid: number;
  /** From spawn until the port was seen listening. */
  listenMs: number;
  stop(): Promise<void>;
}

const DB_FILE = path.join(os.tmpdir(), `export-lag-${process.pid}.sqlite3`);

function removeDbFile(): void {
  for (const s of ['', '-wal', '-shm']) fs.rmSync(DB_FILE + s, { force: true });
}

async function startServer(options: { keepDb?: boolean; pollMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<Server> {
  const dbFile = DB_FILE;
  const spawned = performance.now();
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--heap-growing-percent=50', '--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      DB_FILENAME: dbFile,
      DB_SEED_DEMO: 'true',
      ...process.env,
      ...options.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG ?? 'warn',
      SHUTDOWN_DELAY_MS: '0',
      MALLOC_ARENA_MAX: '2',
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  // LOG_LEVEL=warn hides the listening line: find the port from the process' own sockets instead.
  const port = await new Promise<number>((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const found = listeningPort(child.pid!);
      if (found) {
        clearInterval(poll);
        resolve(found);
      } else if (Date.now() - started > 60_000 || child.exitCode !== null) {
        clearInterval(poll);
        reject(new Error('the server did not start'));
      }
    }, options.pollMs ?? 100);
  });
  const listenMs = performance.now() - spawned;
  return {
    port,
    pid: child.pid!,
    listenMs,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!options.keepDb) removeDbFile();
    },
  };
}

/** VmRSS and VmHWM of a process, in MB (Linux). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

async function timedGet(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

function exportXlsx(base: string, token: string): Promise<number> {
  return fetch(`${base}/api/query/pricing`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: XLSX, Authorization: `Bearer ${token}` },
    body: '{}',
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });
}

function summary(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  return `n=${String(sorted.length).padStart(3)} p50 ${percentile(sorted, 50).toFixed(0).padStart(4)} max ${(sorted.at(-1) ?? NaN).toFixed(0).padStart(4)} ms`;
}

/** The first 4 xlsx exports of each of BENCH_RUNS new server processes (see the top of the file). */
async function fresh(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const afterListenMs = Number(process.env.BENCH_AFTER_LISTEN_MS ?? 0);
  const EXPORTS = 4;
  // Four callers (one caller may hold only half of the export slots); /api/info and readiness are open.
  const tokens = Array.from({ length: EXPORTS }, (_, i) => `export-lag-fresh-token-${i}`);
  const env = { API_TOKENS: tokens.join(',') };
  removeDbFile();
  // The first start migrates and seeds the file; the measured starts find it ready, like a restart.
  await (await startServer({ keepDb: true, env })).stop();
  const idleMs = Number(process.env.BENCH_IDLE_MS ?? 3000);
  const idle: string[] = [];
  for (let i = 0; i < 3; i++) {
    const server = await startServer({ keepDb: true, env });
    await sleep(idleMs);
    idle.push(memoryOf(server.pid).rssMb.toFixed(1));
    await server.stop();
  }
  console.log(`RSS ${idleMs} ms after listening, no request: ${idle.join(', ')} MB`);
  console.log(
    `${EXPORTS} xlsx exports at once, ${afterListenMs} ms after a fresh server listens; probes every 20 ms until they are done (${process.env.DB_CLIENT ?? 'better-sqlite3'}; root ${ROOT})`,
  );
  const worst = { info: 0, ready: 0 };
  for (let round = 1; round <= runs; round++) {
    const server = await startServer({ keepDb: true, pollMs: 5, env });
    const base = `http://127.0.0.1:${server.port}`;
    const atListen = memoryOf(server.pid);
    await sleep(afterListenMs);
    let done = false;
    const info: number[] = [];
    const ready: number[] = [];
    const probe = async (pathname: string, into: number[]) => {
      while (!done) {
        into.push((await timedGet(`${base}${pathname}`)).ms);
        await sleep(20);
      }
    };
    const started = performance.now();
    const exports = Promise.all(tokens.map((token) => exportXlsx(base, token)));
    const probes = Promise.all([probe('/api/info', info), probe('/api/health/ready', ready)]);
    const statuses = await exports;
    const exportsMs = performance.now() - started;
    done = true;
    await probes;
    const afterExports = memoryOf(server.pid);
    await server.stop();
    worst.info = Math.max(worst.info, ...info);
    worst.ready = Math.max(worst.ready, ...ready);
    console.log(
      `#${round} listening after ${server.listenMs.toFixed(0).padStart(4)} ms | /api/info ${summary(info)} | ready ${summary(ready)} | ` +
        `exports ${statuses.join(',')} in ${exportsMs.toFixed(0)} ms | RSS MB at listen ${atListen.rssMb.toFixed(1)}, after ${afterExports.rssMb.toFixed(1)}, peak ${afterExports.peakMb.toFixed(1)}`,
    );
  }
  removeDbFile();
  console.log(`worst /api/info ${worst.info.toFixed(0)} ms, worst readiness probe ${worst.ready.toFixed(0)} ms`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--fresh')) return fresh();
  const server = await startServer();
  const base = `http://127.0.0.1:${server.port}`;
  const hasReadiness = (await timedGet(`${base}/api/health/ready`)).status !== 404;
  const until = Date.now() + SECONDS * 1000;
  const counts = { exported: 0, busy: 0, other: 0 };
  const exportMs: number[] = [];

  const exporter = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/api/query/pricing`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: XLSX },
          body: '{}',
        });
        await res.arrayBuffer();
        if (res.status === 200) {
          counts.exported += 1;
          exportMs.push(performance.now() - started);
        } else if (res.status === 503 || res.status === 429) {
          counts.busy += 1;
          await sleep(200);
        } else counts.other += 1;
      } catch {
        counts.other += 1;
      }
    }
  };

  const probe = async (pathname: string, into: number[]) => {
    while (Date.now() < until) {
      const { ms } = await timedGet(`${base}${pathname}`);
      into.push(ms);
      await sleep(50);
    }
  };

  const info: number[] = [];
  const ready: number[] = [];
  // One export first: the first after a start pays one-off costs (`--fresh` measures those).
  await fetch(`${base}/api/query/pricing`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: XLSX },
    body: '{}',
  }).then((r) => r.arrayBuffer());
  await sleep(500);
  await Promise.all([
    ...Array.from({ length: EXPORTERS }, exporter),
    probe('/api/info', info),
    ...(hasReadiness ? [probe('/api/health/ready', ready)] : []),
  ]);
  await server.stop();

  const line = (name: string, ms: number[]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    return `${name.padEnd(18)} n=${String(sorted.length).padStart(4)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(1).padStart(7)} ms`;
  };
  console.log(
    `${EXPORTERS} xlsx exporters for ${SECONDS} s (${process.env.DB_CLIENT ?? 'better-sqlite3'}; root ${ROOT}; EXPORT_MAX_CONCURRENT ${process.env.EXPORT_MAX_CONCURRENT ?? 'default'})`,
  );
  console.log(line('GET /api/info', info));
  if (hasReadiness) console.log(line('GET /api/health/ready', ready));
  console.log(line('export (200)', exportMs));
  console.log(`exports: ${counts.exported} complete, ${counts.busy} refused busy (503/429), ${counts.other} other`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
