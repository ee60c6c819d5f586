/**
 * `npm run bench:export-lag`: how fast GET /api/info (and the readiness probe, where the build has
 * one) answers while 20 clients keep asking for xlsx exports of every demo pricing (1,200 rows).
 *
 * The server is src/server.ts in a child process, started as production runs it (node --import
 * tsx), on the demo data. Each export client loops: ask for the export, read it to the end; on a
 * 503 (EXPORTS_BUSY) wait 200 ms and ask again (one export runs first, unmeasured: the first one
 * loads exceljs), so that 20 exports stay wanted all the time. One
 * prober asks GET /api/info every 50 ms, one request at a time, and records each latency.
 *
 *   BENCH_SECONDS (15)        how long the load runs
 *   BENCH_EXPORTERS (20)      export clients
 *   BENCH_ROOT (this repo)    the project whose src/server.ts runs: point it at an export of an
 *                             older commit (git archive) to measure before a change
 *   other variables           passed to the server (DB_CLIENT=pg DB_HOST=… for PostgreSQL,
 *                             EXPORT_MAX_CONCURRENT=20 to see the yields without the cap)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const EXPORTERS = Number(process.env.BENCH_EXPORTERS ?? 20);
const ROOT = path.resolve(process.env.BENCH_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function startServer(): Promise<{ port: number; stop(): Promise<void> }> {
  const dbFile = path.join(os.tmpdir(), `export-lag-${process.pid}.sqlite3`);
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--heap-growing-percent=50', '--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      DB_FILENAME: dbFile,
      ...process.env,
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
    }, 100);
  });
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      for (const s of ['', '-wal', '-shm']) fs.rmSync(dbFile + s, { force: true });
    },
  };
}

/** The TCP port a process listens on, from /proc (Linux). */
function listeningPort(pid: number): number | undefined {
  let inodes: Set<string>;
  try {
    inodes = new Set(
      fs
        .readdirSync(`/proc/${pid}/fd`)
        .map((fd) => {
          try {
            return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
          } catch {
            return undefined;
          }
        })
        .filter((i): i is string => i !== undefined),
    );
  } catch {
    return undefined;
  }
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A' && inodes.has(cols[9]!)) return parseInt(cols[1]!.split(':')[1]!, 16);
    }
  }
  return undefined;
}

async function timedGet(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

async function main(): Promise<void> {
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
  // One export first: the first loads exceljs (a one-off stall of the loop, not what is measured here).
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
