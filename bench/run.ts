/**
 * `npm run bench [-- --duration 5 --connections 1,16 --kinds a,b --demo --label x]`
 *
 * Drives the fixed request mix (bench/mix.ts) with autocannon against the service and against a
 * bare baseline (node:http + the same driver and SQL, see bench/server-child.ts), both in child
 * processes started the same way, alternating service/baseline for each kind and concurrency so
 * that noise from other work on the machine hits both sides alike. Prints per kind: requests/s,
 * p50/p95/p99/max latency, errors, the service/baseline throughput ratio, and peak RSS; writes
 * bench/results/<date>-<db>[-label].json.
 *
 * The database is the usual configuration (DB_CLIENT, DB_FILENAME, DB_HOST, ...); SQLite defaults to
 * data/bench.sqlite3 (npm run bench:data). --demo builds a fresh demo-seed SQLite file instead.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { buildMix, type Kind } from './mix.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,16' },
    kinds: { type: 'string' },
    demo: { type: 'boolean', default: false },
    label: { type: 'string' },
    'no-baseline': { type: 'boolean', default: false },
  },
});
const duration = Number(args.duration);
const connectionLevels = args.connections.split(',').map(Number);

// MALLOC_ARENA_MAX as `npm start` sets it (docs/operations.md: resident memory).
const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn', MALLOC_ARENA_MAX: '2', ...process.env };
if ((env.DB_CLIENT ?? 'better-sqlite3') === 'better-sqlite3') {
  if (args.demo) {
    env.DB_FILENAME = path.join(os.tmpdir(), `pricing-bench-demo-${process.pid}.sqlite3`);
    env.DB_MIGRATE = 'false';
  } else env.DB_FILENAME ??= 'data/bench.sqlite3';
}
const config = loadConfig(env);

const db = createDb(config.db);
if (args.demo) {
  await db.migrate.latest();
  await db.seed.run();
}
const { kinds: allKinds, facts } = await buildMix(db);
const versions = await dbVersion();
await db.destroy();
const kinds = args.kinds ? allKinds.filter((k) => args.kinds!.split(',').includes(k.name)) : allKinds;

const machine = {
  nproc: os.availableParallelism(),
  cpu: os.cpus()[0]?.model,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  db: `${config.db.client} ${versions}`,
  loadavg: os.loadavg().map((n) => n.toFixed(2)).join(' '),
};
console.log(`machine: ${JSON.stringify(machine)}`);
console.log(`data: ${JSON.stringify(facts)}  duration ${duration}s per kind per concurrency`);

const service = await startChild('service', kinds);
const baseline = args['no-baseline'] ? undefined : await startChild('baseline', kinds);

interface Measure {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  requests: number;
}
interface Row {
  kind: string;
  connections: number;
  service: Measure;
  baseline?: Measure;
  ratio?: number;
}
const rows: Row[] = [];
const singles: Record<string, number[]> = {};

for (const kind of kinds) {
  const single = await warmUp(service, kind, (_, v) => v.path);
  if (baseline) await warmUp(baseline, kind, (i) => `/b/${kind.name}/${i}`);
  console.log(`${kind.name.padEnd(18)} single requests (ms): ${single.join(' ')}`);
  singles[kind.name] = single;
  for (const connections of connectionLevels) {
    const s = await measure(service, kind, connections, (_, v) => v.path);
    await warmUp(service, kind, (_, v) => v.path);
    const b = baseline ? await measure(baseline, kind, connections, (i) => `/b/${kind.name}/${i}`) : undefined;
    const row: Row = { kind: kind.name, connections, service: s, baseline: b, ratio: b ? round(s.rps / b.rps, 2) : undefined };
    rows.push(row);
    console.log(formatRow(row));
    if (baseline) await warmUp(baseline, kind, (i) => `/b/${kind.name}/${i}`);
  }
}

const rss = { serviceMb: peakRssMb(service.child), baselineMb: baseline ? peakRssMb(baseline.child) : undefined };
service.child.kill();
baseline?.child.kill();
console.log(`peak RSS: service ${rss.serviceMb} MB, baseline ${rss.baselineMb ?? '-'} MB`);

const date = new Date().toISOString().slice(0, 10);
const dbTag = `${config.db.client === 'better-sqlite3' ? 'sqlite' : config.db.client}${args.demo ? '-demo' : ''}${args.label ? `-${args.label}` : ''}`;
const outDir = path.join(here, 'results');
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `${date}-${dbTag}.json`);
fs.writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), machine, facts, duration, rss, rows, singles, kinds }, null, 2) + '\n');
console.log(`\n${markdownTable(rows)}\n\nwritten ${path.relative(process.cwd(), outFile)}`);
console.log(`\ntargets (issue 6; bench/README.md):\n${targetChecks(rows, rss.serviceMb, Boolean(args.demo)).join('\n')}`);
if (args.demo) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(config.db.filename + suffix, { force: true });

// ---------------------------------------------------------------------------------------------

/**
 * Each target of the issue that this run can speak to, met or not, with the figure that decides
 * it: at 1M rows p95 < 100 ms at c=1, max < 1 s at c=16, deep page ≤ 2× page 1 (p95, c=1);
 * RSS < 200 MB; on the demo seed, service ≥ 0.8× baseline for every kind and concurrency.
 */
function targetChecks(all: readonly Row[], rssMb: number | undefined, demo: boolean): string[] {
  const mark = (ok: boolean) => (ok ? 'met    ' : 'MISSED ');
  // A kind with no response inside the window (NaN: every request outlasted it) is the worst of all.
  const worst = (rs: readonly Row[], value: (r: Row) => number) => {
    const v = (r: Row) => (Number.isNaN(value(r)) ? Infinity : value(r));
    return rs.reduce((w, r) => (v(r) > v(w) ? r : w));
  };
  const lines: string[] = [];
  const at = (c: number) => all.filter((r) => r.connections === c);
  if (!demo && at(1).length > 0) {
    const w = worst(at(1), (r) => r.service.p95);
    lines.push(`${mark(w.service.p95 < 100)} p95 < 100 ms at c=1 (worst ${w.kind} ${Number.isNaN(w.service.p95) ? 'no response in the window' : `${w.service.p95} ms`})`);
  }
  if (!demo && at(16).length > 0) {
    const w = worst(at(16), (r) => r.service.max);
    lines.push(`${mark(w.service.max < 1000)} no request over 1 s at c=16 (worst ${w.kind} ${Number.isNaN(w.service.max) ? 'no response in the window' : `${w.service.max} ms`})`);
  }
  const p95Of = (kind: string) => all.find((r) => r.kind === kind && r.connections === 1)?.service.p95;
  const page1 = p95Of('pricing.page1');
  const deep = p95Of('pricing.deep');
  if (!demo && page1 !== undefined && deep !== undefined) {
    lines.push(`${mark(deep <= 2 * page1)} deep page ≤ 2× page 1 (p95 at c=1: ${deep} / ${page1} ms = ${round(deep / page1, 2)}×)`);
  }
  if (rssMb !== undefined) lines.push(`${mark(rssMb < 200)} service RSS < 200 MB (peak ${rssMb} MB)`);
  const ratios = all.filter((r) => r.ratio !== undefined);
  if (demo && ratios.length > 0) {
    const w = ratios.reduce((a, r) => (r.ratio! < a.ratio! ? r : a));
    lines.push(`${mark(w.ratio! >= 0.8)} service ≥ 0.8× baseline, every kind (worst ${w.kind} c=${w.connections} ${w.ratio}×)`);
  }
  return lines;
}

interface Child {
  child: ChildProcess;
  port: number;
}

async function startChild(mode: 'service' | 'baseline', k: Kind[]): Promise<Child> {
  const child = fork(path.join(here, 'server-child.ts'), [mode], {
    env,
    // The V8 flag `npm start` passes (docs/operations.md: memory).
    execArgv: ['--import', 'tsx', '--max-semi-space-size=8', ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Do not leave a server behind when the bench stops early.
  process.on('exit', () => child.kill());
  const ready = new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${mode} child exited with ${code}`)));
  });
  child.send({ kinds: k });
  const port = await ready;
  return { child, port };
}

function requestsFor(kind: Kind, pathOf: (i: number, v: Kind['variants'][number]) => string) {
  return kind.variants.map((v, i) => ({
    method: v.method,
    path: pathOf(i, v),
    headers: { 'content-type': 'application/json' },
    body: v.body ? JSON.stringify(v.body) : undefined,
  }));
}

/**
 * Each variant once, one at a time: warms the caches, and times single requests, which is the only
 * figure for a kind whose requests outlast the measuring window. Waiting for these also drains what
 * a previous run left queued on the server.
 */
async function warmUp(c: Child, kind: Kind, pathOf: (i: number, v: Kind['variants'][number]) => string): Promise<number[]> {
  const times: number[] = [];
  for (const r of requestsFor(kind, pathOf)) {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${c.port}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
    await res.arrayBuffer();
    times.push(round(performance.now() - t0, 1));
  }
  return times;
}

async function measure(c: Child, kind: Kind, connections: number, pathOf: (i: number, v: Kind['variants'][number]) => string): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  let instance!: autocannon.Instance;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      { url: `http://127.0.0.1:${c.port}`, connections, duration, timeout: 30, requests: requestsFor(kind, pathOf) },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status >= 400) errors++;
    });
  });
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN, 1);
  return {
    rps: round(latencies.length / duration, 1),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    max: round(latencies[latencies.length - 1] ?? NaN, 1),
    errors: errors + result.errors + result.timeouts,
    requests: latencies.length,
  };
}

/** VmHWM: the process's peak resident set, kept by the kernel. */
function peakRssMb(child: ChildProcess): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return undefined;
  }
}

async function dbVersion(): Promise<string> {
  switch (config.db.client) {
    case 'better-sqlite3':
      return `SQLite ${((await db.raw('select sqlite_version() as v')) as { v: string }[])[0]!.v}`;
    case 'pg':
      return String((await db.raw('show server_version')).rows[0].server_version);
    case 'mysql2':
      return String((await db.raw('select version() as v'))[0][0].v);
    default:
      return '';
  }
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function formatRow(r: Row): string {
  const m = (x: Measure) => `${String(x.rps).padStart(7)} r/s p50 ${x.p50} p95 ${x.p95} p99 ${x.p99} max ${x.max} err ${x.errors}`;
  return `${r.kind.padEnd(18)} c=${String(r.connections).padEnd(3)} service ${m(r.service)}` + (r.baseline ? ` | baseline ${m(r.baseline)} | ratio ${r.ratio}` : '');
}

function markdownTable(rs: Row[]): string {
  const head = '| kind | conc | service req/s | p50 / p95 / p99 / max ms | errors | baseline req/s | baseline p50 / p95 / p99 ms | service/baseline |';
  const sep = '|---|---:|---:|---|---:|---:|---|---:|';
  const body = rs.map((r) => {
    const s = r.service;
    const b = r.baseline;
    return `| ${r.kind} | ${r.connections} | ${s.rps} | ${s.p50} / ${s.p95} / ${s.p99} / ${s.max} | ${s.errors} | ${b?.rps ?? '-'} | ${b ? `${b.p50} / ${b.p95} / ${b.p99}` : '-'} | ${r.ratio ?? '-'} |`;
  });
  return [head, sep, ...body].join('\n');
}
