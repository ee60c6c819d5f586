/**
 * `npm run bench [-- --duration 5 --connections 1,16 --kinds a,b --demo --rounds 3 --label x]`
 *
 * Drives the fixed request mix (bench/mix.ts) with autocannon against the service, against the
 * floor of its stack (Koa + @koa/router + koa-bodyparser + knex running the same SQL, nothing else)
 * and against a bare baseline (node:http + the same driver and SQL), see bench/server-child.ts; all
 * three in child processes started the same way. Before measuring, the floor's and the baseline's
 * answers to every variant are compared byte for byte. For each kind and concurrency they are
 * measured in turn, `--rounds` times (interleaved rounds), so that noise from other work on the
 * machine hits every side alike. Prints per kind: requests/s, p50/p95/p99/max latency, errors, the
 * service/floor and service/baseline throughput ratios (median of the rounds' ratios), and peak
 * RSS; writes bench/results/<date>-<db>[-label].json.
 *
 * The service runs with every default feature on, logs at LOG_LEVEL=info included (to /dev/null)
 * unless LOG_LEVEL is set.
 *
 * The database is the usual configuration (DB_CLIENT, DB_FILENAME, DB_HOST, ...); SQLite defaults to
 * data/bench.sqlite3 (npm run bench:data). --demo builds a fresh demo-seed SQLite file instead and,
 * without --kinds, runs the ratio mix (mix.ts RATIO_KINDS); `--kinds all` runs every kind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { capturePlans, startChild, type Child } from './capture.js';
import { buildMix, RATIO_KINDS, type Kind } from './mix.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,16' },
    kinds: { type: 'string' },
    demo: { type: 'boolean', default: false },
    label: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    // Seconds of unmeasured load at each concurrency before it is measured, so that the pool holds
    // that many connections and each has run the kind's statements once (Babelfish plans per
    // connection: a new one pays 0.5-1.5 s on its first statements, which a 5 s window counts).
    warmup: { type: 'string', default: '0' },
    'no-baseline': { type: 'boolean', default: false },
    'no-floor': { type: 'boolean', default: false },
    // replay: the service's own statements on Koa + knex; plain: the routes as a plain Koa + knex
    // developer writes them (bench/plain-floor.ts: a count and a page with correlated subqueries).
    floor: { type: 'string', default: 'replay' },
    // Another checkout's service (e.g. `git archive <commit>` with node_modules linked), measured in
    // the same interleaved rounds: before/after on the same machine state.
    compare: { type: 'string' },
  },
});
const duration = Number(args.duration);
const connectionLevels = args.connections.split(',').map(Number);
const rounds = Math.max(1, Number(args.rounds));
const warmupSeconds = Math.max(0, Number(args.warmup));

// MALLOC_ARENA_MAX as `npm start` sets it (docs/operations.md: resident memory).
const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'info', MALLOC_ARENA_MAX: '2', ...process.env };
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
const wanted = args.kinds === 'all' ? undefined : (args.kinds?.split(',') ?? (args.demo ? RATIO_KINDS : undefined));
const kinds = wanted ? allKinds.filter((k) => wanted.includes(k.name)) : allKinds;

const machine = {
  nproc: os.availableParallelism(),
  cpu: os.cpus()[0]?.model,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  db: `${config.db.client} ${versions}`,
  loadavg: os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' '),
};
console.log(`machine: ${JSON.stringify(machine)}`);
console.log(
  `data: ${JSON.stringify(facts)}  duration ${duration}s per kind per concurrency per round${warmupSeconds > 0 ? ` after ${warmupSeconds}s unmeasured` : ''}, ${rounds} round(s)`,
);

const gcTrace = process.env.BENCH_TRACE_GC ? ['--trace-gc'] : [];
const service = await startChild('service', env, kinds, undefined, gcTrace);
const plainFloor = args.floor === 'plain';
const plans = (args['no-floor'] || plainFloor) && args['no-baseline'] ? undefined : await capturePlans(env, kinds);
const floor = args['no-floor'] ? undefined : await startChild(plainFloor ? 'plain' : 'floor', env, kinds, plans, gcTrace);
const other = args.compare ? await startChild('service', env, kinds, undefined, gcTrace, path.resolve(args.compare)) : undefined;
const baseline = args['no-baseline'] ? undefined : await startChild('baseline', env, kinds, plans, gcTrace);
if (floor && baseline && !plainFloor) await checkSameAnswers(floor, baseline, kinds);
if (floor && plainFloor) await checkSameRows(service, floor, kinds);

interface Measure {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  requests: number;
  /** The server's CPU time (user + system) per request: steadier than req/s on a shared machine. */
  cpuUs: number;
}
interface Row {
  kind: string;
  connections: number;
  service: Measure;
  floor?: Measure;
  baseline?: Measure;
  /** service/floor requests per second: the median of the rounds' ratios. */
  floorRatio?: number;
  /** floor/service CPU time per request (the same ratio by cost): the median of the rounds'. */
  floorCpuRatio?: number;
  /** service/baseline, likewise. */
  ratio?: number;
  /** The --compare checkout's service, and this service / that one (req/s, median of the rounds). */
  compared?: Measure;
  comparedRatio?: number;
  /** Each round's service/floor and service/baseline ratios. */
  roundRatios?: { floor?: number; floorCpu?: number; baseline?: number }[];
}
const rows: Row[] = [];
const singles: Record<string, number[]> = {};

const servicePath = (_: number, v: Kind['variants'][number]) => v.path;
const replayPath = (kind: Kind) => (i: number) => `/b/${kind.name}/${i}`;
const floorPath = (kind: Kind) => (plainFloor ? servicePath : replayPath(kind));
for (const kind of kinds) {
  const single = await warmUp(service, kind, servicePath);
  if (floor) await warmUp(floor, kind, floorPath(kind));
  if (baseline) await warmUp(baseline, kind, replayPath(kind));
  console.log(`${kind.name.padEnd(18)} single requests (ms): ${single.join(' ')}`);
  singles[kind.name] = single;
  for (const connections of connectionLevels) {
    const perRound: { s: Measure; f?: Measure; b?: Measure; o?: Measure }[] = [];
    for (let r = 0; r < rounds; r++) {
      // Each side right after a warm-up that also drains what the previous side left queued.
      const s = await measure(service, kind, connections, servicePath);
      if (floor) await warmUp(floor, kind, floorPath(kind));
      const f = floor ? await measure(floor, kind, connections, floorPath(kind)) : undefined;
      if (baseline) await warmUp(baseline, kind, replayPath(kind));
      const b = baseline ? await measure(baseline, kind, connections, replayPath(kind)) : undefined;
      if (other) await warmUp(other, kind, servicePath);
      const o = other ? await measure(other, kind, connections, servicePath) : undefined;
      await warmUp(service, kind, servicePath);
      perRound.push({ s, f, b, o });
    }
    const roundRatios = perRound.map(({ s, f, b }) => ({
      floor: f ? round(s.rps / f.rps, 2) : undefined,
      floorCpu: f ? round(f.cpuUs / s.cpuUs, 2) : undefined,
      baseline: b ? round(s.rps / b.rps, 2) : undefined,
    }));
    const row: Row = {
      kind: kind.name,
      connections,
      service: merged(perRound.map((p) => p.s)),
      floor: floor ? merged(perRound.map((p) => p.f!)) : undefined,
      baseline: baseline ? merged(perRound.map((p) => p.b!)) : undefined,
      floorRatio: floor ? median(roundRatios.map((r) => r.floor!)) : undefined,
      floorCpuRatio: floor ? median(roundRatios.map((r) => r.floorCpu!)) : undefined,
      ratio: baseline ? median(roundRatios.map((r) => r.baseline!)) : undefined,
      roundRatios: rounds > 1 ? roundRatios : undefined,
      compared: other ? merged(perRound.map((p) => p.o!)) : undefined,
      comparedRatio: other ? median(perRound.map((p) => round(p.s.rps / p.o!.rps, 2))) : undefined,
    };
    rows.push(row);
    console.log(formatRow(row));
  }
}

const rss = {
  serviceMb: peakRssMb(service.child),
  floorMb: floor ? peakRssMb(floor.child) : undefined,
  baselineMb: baseline ? peakRssMb(baseline.child) : undefined,
  comparedMb: other ? peakRssMb(other.child) : undefined,
};
service.child.kill();
floor?.child.kill();
other?.child.kill();
baseline?.child.kill();
console.log(
  `peak RSS: service ${rss.serviceMb} MB, floor ${rss.floorMb ?? '-'} MB, baseline ${rss.baselineMb ?? '-'} MB${other ? `, compared service ${rss.comparedMb} MB` : ''}`,
);

const date = new Date().toISOString().slice(0, 10);
const dbTag = `${config.db.client === 'better-sqlite3' ? 'sqlite' : config.db.client}${args.demo ? '-demo' : ''}${args.label ? `-${args.label}` : ''}`;
const outDir = path.join(here, 'results');
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `${date}-${dbTag}.json`);
const loadavgAtEnd = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
fs.writeFileSync(
  outFile,
  JSON.stringify(
    { date: new Date().toISOString(), machine, loadavgAtEnd, facts, duration, warmup: warmupSeconds, rounds, rss, rows, singles, kinds },
    null,
    2,
  ) + '\n',
);
console.log(`\n${markdownTable(rows)}\n\nload average at the end: ${loadavgAtEnd}\nwritten ${path.relative(process.cwd(), outFile)}`);
console.log(`\ntargets (issues 6 and 18; bench/README.md):\n${targetChecks(rows, rss.serviceMb, Boolean(args.demo)).join('\n')}`);
if (args.demo) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(config.db.filename + suffix, { force: true });

// ---------------------------------------------------------------------------------------------

/**
 * Each target of the issue that this run can speak to, met or not, with the figure that decides
 * it: at 1M rows p95 < 100 ms at c=1, max < 1 s at c=16, deep page ≤ 2× page 1 (p95, c=1); a
 * BOM of 2,000 lines p95 < 300 ms at c=1 (SQL Server: 1 s);
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
  // The BOM of 2,000 lines has a target of its own (below), not the list pages' 100 ms and 1 s.
  const at = (c: number) => all.filter((r) => r.connections === c && r.kind !== 'bom.2000');
  if (!demo && at(1).length > 0) {
    const w = worst(at(1), (r) => r.service.p95);
    lines.push(
      `${mark(w.service.p95 < 100)} p95 < 100 ms at c=1 (worst ${w.kind} ${Number.isNaN(w.service.p95) ? 'no response in the window' : `${w.service.p95} ms`})`,
    );
  }
  if (!demo && at(16).length > 0) {
    const w = worst(at(16), (r) => r.service.max);
    lines.push(
      `${mark(w.service.max < 1000)} no request over 1 s at c=16 (worst ${w.kind} ${Number.isNaN(w.service.max) ? 'no response in the window' : `${w.service.max} ms`})`,
    );
  }
  const p95Of = (kind: string) => all.find((r) => r.kind === kind && r.connections === 1)?.service.p95;
  const page1 = p95Of('pricing.page1');
  const deep = p95Of('pricing.deep');
  if (!demo && page1 !== undefined && deep !== undefined) {
    lines.push(`${mark(deep <= 2 * page1)} deep page ≤ 2× page 1 (p95 at c=1: ${deep} / ${page1} ms = ${round(deep / page1, 2)}×)`);
  }
  const bom = all.find((r) => r.kind === 'bom.2000' && r.connections === 1);
  if (!demo && bom) {
    const limit = config.db.client === 'mssql' ? 1000 : 300;
    const p95 = Number.isNaN(bom.service.p95) ? Infinity : bom.service.p95;
    lines.push(`${mark(p95 < limit)} BOM of 2,000 lines: p95 < ${limit} ms at c=1 (${bom.service.p95} ms, p50 ${bom.service.p50} ms)`);
  }
  if (rssMb !== undefined) lines.push(`${mark(rssMb < 200)} service RSS < 200 MB (peak ${rssMb} MB)`);
  const floorRatios = all.filter((r) => r.floorRatio !== undefined);
  if (demo && floorRatios.length > 0) {
    const w = floorRatios.reduce((a, r) => (r.floorRatio! < a.floorRatio! ? r : a));
    lines.push(
      `${mark(w.floorRatio! >= 0.8)} service ≥ 0.8× floor (Koa + router + bodyparser + knex) in req/s, every kind (worst ${w.kind} c=${w.connections} ${w.floorRatio}×)`,
    );
    const wc = floorRatios.reduce((a, r) => (r.floorCpuRatio! < a.floorCpuRatio! ? r : a));
    lines.push(
      `${mark(wc.floorCpuRatio! >= 0.8)} the same by CPU per request (floor/service), every kind (worst ${wc.kind} c=${wc.connections} ${wc.floorCpuRatio}×)`,
    );
  }
  const ratios = all.filter((r) => r.ratio !== undefined);
  if (demo && ratios.length > 0) {
    const w = ratios.reduce((a, r) => (r.ratio! < a.ratio! ? r : a));
    lines.push(`(for reference, not a target since issue 18) service / bare baseline: worst ${w.kind} c=${w.connections} ${w.ratio}×`);
  }
  return lines;
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

/** `connections` clients sending the kind's requests for `seconds`, nothing recorded. */
function load(c: Child, kind: Kind, connections: number, pathOf: (i: number, v: Kind['variants'][number]) => string, seconds: number) {
  return new Promise<void>((resolve, reject) => {
    autocannon(
      { url: `http://127.0.0.1:${c.port}`, connections, duration: seconds, timeout: 30, requests: requestsFor(kind, pathOf) },
      (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
    );
  });
}

/** Once the child has no request whose work is still going on (bench/server-child.ts inFlight). */
function drained(c: Child): Promise<void> {
  return new Promise((resolve) => {
    const on = (m: { drained?: boolean }) => {
      if (!m.drained) return;
      c.child.off('message', on);
      resolve();
    };
    c.child.on('message', on);
    c.child.send({ drained: true });
  });
}

function cpuUsOf(c: Child): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: { cpuUs?: number }) => {
      if (m.cpuUs === undefined) return;
      c.child.off('message', on);
      resolve(m.cpuUs);
    };
    c.child.on('message', on);
    c.child.send({ cpu: true });
  });
}

async function measure(
  c: Child,
  kind: Kind,
  connections: number,
  pathOf: (i: number, v: Kind['variants'][number]) => string,
): Promise<Measure> {
  if (warmupSeconds > 0) await load(c, kind, connections, pathOf, warmupSeconds);
  await drained(c);
  const cpuBefore = await cpuUsOf(c);
  const latencies: number[] = [];
  let errors = 0;
  let instance!: autocannon.Instance;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      { url: `http://127.0.0.1:${c.port}`, connections, duration, timeout: 30, requests: requestsFor(kind, pathOf) },
      (err, res) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status >= 400) errors++;
    });
  });
  const cpuUs = (await cpuUsOf(c)) - cpuBefore;
  // What was still running when the window closed would otherwise load the next side's window.
  await drained(c);
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
    cpuUs: round(cpuUs / Math.max(1, latencies.length), 1),
  };
}

/**
 * The floor and the baseline replay the same captured statements: their answers must be the same
 * bytes, or one of them is not measuring what the other does. A token that reads live state (pg's
 * snapshot) may move between the two requests: a differing answer is asked for again, up to 3 times.
 */
/** The plain floor's answers name the same rows (ids, in order) and totals as the service's. */
async function checkSameRows(a: Child, b: Child, ks: readonly Kind[]): Promise<void> {
  const rows = async (c: Child, v: Kind['variants'][number]) => {
    const res = await fetch(`http://127.0.0.1:${c.port}${v.path}`, {
      method: v.method,
      headers: { 'content-type': 'application/json' },
      body: v.body ? JSON.stringify(v.body) : undefined,
    });
    const body = (await res.json()) as { total?: number; data?: unknown };
    const data = body.data as { id?: number; pricing?: { id: number } }[] | { pricing?: { id: number } } | undefined;
    const ids = Array.isArray(data) ? data.map((r) => r.id ?? null) : (data?.pricing?.id ?? null);
    return JSON.stringify({ status: res.status, total: body.total, ids });
  };
  let checked = 0;
  for (const kind of ks) {
    for (const [i, v] of kind.variants.entries()) {
      if (v.method !== 'POST') continue;
      const [sa, fa] = [await rows(a, v), await rows(b, v)];
      if (sa !== fa)
        throw new Error(
          `the plain floor and the service differ on ${kind.name} #${i}:\nservice: ${sa.slice(0, 300)}\nplain:   ${fa.slice(0, 300)}`,
        );
      checked++;
    }
  }
  console.log(`service and plain floor: the same rows and totals for all ${checked} list and details variants`);
}

async function checkSameAnswers(a: Child, b: Child, ks: readonly Kind[]): Promise<void> {
  const body = async (c: Child, url: string, v: Kind['variants'][number]) => {
    const res = await fetch(`http://127.0.0.1:${c.port}${url}`, {
      method: v.method,
      headers: { 'content-type': 'application/json' },
      body: v.body ? JSON.stringify(v.body) : undefined,
    });
    return `${res.status} ${await res.text()}`;
  };
  let checked = 0;
  for (const kind of ks) {
    for (const [i, v] of kind.variants.entries()) {
      const url = `/b/${kind.name}/${i}`;
      let same = false;
      let fa = '';
      let ba = '';
      for (let attempt = 0; attempt < 3 && !same; attempt++) {
        [fa, ba] = [await body(a, url, v), await body(b, url, v)];
        same = fa === ba && fa.startsWith('200 ');
      }
      if (!same)
        throw new Error(
          `floor and baseline answer ${kind.name} #${i} differently:\nfloor:    ${fa.slice(0, 300)}\nbaseline: ${ba.slice(0, 300)}`,
        );
      checked++;
    }
  }
  console.log(`floor and baseline: the same answer, byte for byte, for all ${checked} variants`);
}

/** The rounds of one side as one measure: requests pooled, latencies' percentiles taken over all. */
function merged(ms: readonly Measure[]): Measure {
  const requests = ms.reduce((n, m) => n + m.requests, 0);
  // Each round's percentile weighted by its requests: close enough for rounds of like size.
  const weighted = (pick: (m: Measure) => number) => round(ms.reduce((a, m) => a + pick(m) * m.requests, 0) / Math.max(1, requests), 1);
  return {
    rps: round(ms.reduce((a, m) => a + m.rps, 0) / ms.length, 1),
    p50: weighted((m) => m.p50),
    p95: weighted((m) => m.p95),
    p99: weighted((m) => m.p99),
    max: Math.max(...ms.map((m) => m.max)),
    errors: ms.reduce((a, m) => a + m.errors, 0),
    requests,
    cpuUs: weighted((m) => m.cpuUs),
  };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : round((s[mid - 1]! + s[mid]!) / 2, 2);
}

/** VmHWM: the process's peak resident set, kept by the kernel. */
function peakRssMb(child: Child['child']): number | undefined {
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
      return `SQLite ${(await db.raw<{ v: string }[]>('select sqlite_version() as v'))[0]!.v}`;
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
  const m = (x: Measure) =>
    `${String(x.rps).padStart(7)} r/s p50 ${x.p50} p95 ${x.p95} p99 ${x.p99} max ${x.max} err ${x.errors} cpu ${x.cpuUs} µs`;
  const rounds = r.roundRatios
    ? ` (rounds: ${r.roundRatios.map((x) => x.floor ?? x.baseline).join(' ')}; by CPU ${r.roundRatios.map((x) => x.floorCpu).join(' ')})`
    : '';
  return (
    `${r.kind.padEnd(18)} c=${String(r.connections).padEnd(3)} service ${m(r.service)}` +
    (r.floor ? ` | floor ${m(r.floor)} | service/floor ${r.floorRatio}, by CPU ${r.floorCpuRatio}${rounds}` : '') +
    (r.baseline ? ` | baseline ${m(r.baseline)} | service/baseline ${r.ratio}` : '') +
    (r.compared ? ` | compared ${m(r.compared)} | service/compared ${r.comparedRatio}` : '')
  );
}

function markdownTable(rs: Row[]): string {
  const head =
    '| kind | conc | service req/s | p50 / p95 / p99 / max ms | errors | service CPU µs/req | floor req/s | floor CPU µs/req | baseline req/s | service/floor req/s | floor/service CPU | service/baseline |';
  const sep = '|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|';
  const body = rs.map((r) => {
    const s = r.service;
    return `| ${r.kind} | ${r.connections} | ${s.rps} | ${s.p50} / ${s.p95} / ${s.p99} / ${s.max} | ${s.errors} | ${s.cpuUs} | ${r.floor?.rps ?? '-'} | ${r.floor?.cpuUs ?? '-'} | ${r.baseline?.rps ?? '-'} | ${r.floorRatio ?? '-'} | ${r.floorCpuRatio ?? '-'} | ${r.ratio ?? '-'} |${r.compared ? ` ${r.compared.rps} / ${r.compared.cpuUs} µs: ${r.comparedRatio} |` : ''}`;
  });
  return [head, sep, ...body].join('\n');
}
