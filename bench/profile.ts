/**
 * `npx tsx bench/profile.ts [--kinds info,test-db] [--duration 5] [--connections 16] [--side floor|plain]`
 *
 * CPU profile of the service child (bench/server-child.ts under `node --cpu-prof`) while autocannon
 * drives the given kinds against a fresh demo-seed SQLite file (or the configured database with
 * --no-demo); prints the top functions by self time, and by self time grouped per package.
 * `--side floor` profiles the floor of the stack instead (Koa + router + bodyparser + knex replaying
 * the service's SQL), to set the two side by side; `--side plain` the plain Koa + knex floor
 * (bench/plain-floor.ts) of `npm run bench -- --floor plain`. `--root <dir>` profiles another checkout's
 * service (a `git archive` of an earlier commit, as `npm run bench -- --compare`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { capturePlans, startChild } from './capture.js';
import { buildMix } from './mix.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    kinds: { type: 'string', default: 'info,test-db,pricing.page1,details.partNo' },
    'no-demo': { type: 'boolean', default: false },
    top: { type: 'string', default: '25' },
    side: { type: 'string', default: 'service' },
    root: { type: 'string' },
  },
});
// Every default feature on, logs at info included (to /dev/null), as in `npm run bench`.
const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'info', MALLOC_ARENA_MAX: '2', ...process.env };
if (!args['no-demo']) {
  env.DB_FILENAME = path.join(os.tmpdir(), `pricing-profile-demo-${process.pid}.sqlite3`);
  env.DB_MIGRATE = 'false';
}
const config = loadConfig(env);
const db = createDb(config.db);
if (!args['no-demo']) {
  await db.migrate.latest();
  await db.seed.run();
}
const { kinds: all } = await buildMix(db);
await db.destroy();
const kinds = all.filter((k) => args.kinds.split(',').includes(k.name));

const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-prof-'));
const side = args.side === 'floor' || args.side === 'plain' ? args.side : 'service';
const plans = side === 'floor' ? await capturePlans(env, kinds) : undefined;
const { child, port } = await startChild(side, env, kinds, plans, [], args.root ? path.resolve(args.root) : undefined);
const ask = <T>(msg: object, key: string) =>
  new Promise<T>((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        child.off('message', on);
        resolve(m[key] as T);
      }
    };
    child.on('message', on);
    child.send(msg);
  });
const requestsOf = (kind: (typeof kinds)[number]) =>
  kind.variants.map((v, i) => ({
    method: v.method,
    path: side === 'floor' ? `/b/${kind.name}/${i}` : v.path,
    headers: { 'content-type': 'application/json' },
    body: v.body ? JSON.stringify(v.body) : undefined,
  }));
// Warm-up (JIT, caches), outside the profile.
for (const kind of kinds)
  await autocannon({ url: `http://127.0.0.1:${port}`, connections: Number(args.connections), duration: 2, requests: requestsOf(kind) });
const profFile = path.join(profDir, `${side}.cpuprofile`);
await ask({ profile: 'start' }, 'profiling');
let requestsTotal = 0;
const cpuBefore = await ask<number>({ cpu: true }, 'cpuUs');
for (const kind of kinds) {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: Number(args.connections),
    duration: Number(args.duration),
    requests: requestsOf(kind),
  });
  requestsTotal += r.requests.total;
  console.log(`${kind.name}: ${r.requests.average} req/s, non-2xx ${r.non2xx}`);
}
const cpuPerRequest = ((await ask<number>({ cpu: true }, 'cpuUs')) - cpuBefore) / requestsTotal;
await ask({ profile: profFile }, 'profiled');
console.log(
  `${side}: server CPU ${cpuPerRequest.toFixed(1)} µs per request (user + system, while profiling), load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const exited = new Promise((resolve) => child.once('exit', resolve));
child.send({ exit: true });
await exited;

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const prof = JSON.parse(fs.readFileSync(profFile, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const self = new Map<number, number>();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const idleIds = new Set(prof.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
// Busy time only: waiting for the next request is no cost of a request.
const total = [...self.entries()].reduce((a, [id, t]) => (idleIds.has(id) ? a : a + t), 0);
// Self time as µs per request: the profile's share of the CPU time measured above.
const usPerRequest = (t: number) => ((t / total) * cpuPerRequest).toFixed(1);
const byFn = new Map<string, number>();
const byPkg = new Map<string, number>();
for (const n of prof.nodes) {
  const t = idleIds.has(n.id) ? 0 : (self.get(n.id) ?? 0);
  if (!t) continue;
  const url = n.callFrame.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
  const key = `${n.callFrame.functionName || '(anon)'} ${url}:${n.callFrame.lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.startsWith('node:')
      ? url.split('/')[0]!
      : url
        ? url.startsWith('src/') || url.startsWith('bench/')
          ? url
          : 'other'
        : n.callFrame.functionName);
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
}
const show = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(args.top))
    .forEach(([k, t]) => console.log(`${((100 * t) / total).toFixed(1).padStart(5)}% ${usPerRequest(t).padStart(6)} µs  ${k}`));
console.log('\nself time by function:');
show(byFn);
console.log('\nself time by package:');
show(byPkg);
console.log(`\nprofile: ${profFile}`);
if (!args['no-demo']) for (const s of ['', '-wal', '-shm']) fs.rmSync(config.db.filename + s, { force: true });
