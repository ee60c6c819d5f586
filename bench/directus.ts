/**
 * `npm run bench:directus -- [--duration 8] [--rounds 2] [--connections 1,16] [--dir <scratch>]`
 *
 * The service side by side with Directus 11.3.5, the generic API a team might pick instead, on the
 * same PostgreSQL tables (the usual DB_* settings; DB_CLIENT=pg). Directus is installed by this
 * script into a scratch folder (default: the system's temp folder), never into the project, and
 * bootstrapped into the same database: it adds its own `directus_*` tables there, and an alias field
 * `details` on `pricing` so that a pricing's cost lines come in the same request, as ours do. Admin
 * token, its cache and rate limiter off, the same pool size as the service.
 *
 * For each kind, each side's answer is fetched and compared first (ids in order, total, and the
 * fields both give: the previous approved price and change rate are the service's own); then p95 at
 * each concurrency, the sides alternating within each round. It prints a markdown table, with the
 * service's statements per request and their time (Server-Timing) against the request's, one
 * request at a time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { DETAIL_LINE_COLUMNS } from '../src/queries/operations/pricing-details.js';
import { PRICING_COLUMNS } from '../src/queries/operations/pricing.js';
import type { Column, ValueKind } from '../src/queries/values.js';
import { startChild } from './capture.js';
import { buildMix, type Variant } from './mix.js';

const DIRECTUS_VERSION = '11.3.5';
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '1,16' },
    kinds: { type: 'string' },
    dir: { type: 'string', default: path.join(os.tmpdir(), `directus-${DIRECTUS_VERSION}`) },
  },
});
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const rounds = Number(args.rounds);
const connections = args.connections.split(',').map(Number);

const config = loadConfig(process.env);
if (config.db.client !== 'pg') {
  console.error('bench:directus compares on PostgreSQL: set DB_CLIENT=pg and the DB_* settings of the 1M database');
  process.exit(2);
}
const dbc = config.db;
const TOKEN = 'bench-directus-admin-token';
const MIN_ANSWERS = 20;

/** Directus in its own folder: a package.json of its own, so that npm never touches the project's. */
function installDirectus(dir: string): string {
  const cli = path.join(dir, 'node_modules', 'directus', 'cli.js');
  const installed = path.join(dir, 'node_modules', 'directus', 'package.json');
  if (fs.existsSync(installed) && (JSON.parse(fs.readFileSync(installed, 'utf8')) as { version: string }).version === DIRECTUS_VERSION) {
    return cli;
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'directus-bench', private: true }));
  console.log(`installing directus@${DIRECTUS_VERSION} into ${dir} (a few minutes)…`);
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--omit=dev', `directus@${DIRECTUS_VERSION}`], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (npm.status !== 0) throw new Error(`npm install directus@${DIRECTUS_VERSION} failed`);
  return cli;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function directusEnv(dir: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DB_CLIENT: 'pg',
    DB_HOST: dbc.host ?? '127.0.0.1',
    DB_PORT: String(dbc.port ?? 5432),
    DB_DATABASE: dbc.database ?? '',
    DB_USER: dbc.user ?? '',
    DB_PASSWORD: dbc.password ?? '',
    DB_POOL__MIN: '0',
    DB_POOL__MAX: String(dbc.poolMax),
    SECRET: randomBytes(24).toString('hex'),
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    ADMIN_TOKEN: TOKEN,
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    TELEMETRY: 'false',
    WEBSOCKETS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    STORAGE_LOCATIONS: 'local',
    STORAGE_LOCAL_ROOT: path.join(dir, 'uploads'),
    EXTENSIONS_PATH: path.join(dir, 'extensions'),
    NODE_ENV: 'production',
  };
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * The cost lines as an o2m alias `details` of pricing, written into Directus's own metadata tables
 * before it starts (its REST way alters the foreign key of our table; the key itself gives Directus
 * the many-to-one side).
 */
async function configureDirectus(): Promise<void> {
  const db = createDb(dbc);
  try {
    const relation = await db('directus_relations').where({ many_collection: 'pricing_details', many_field: 'pricing_id' }).first('id');
    if (!relation) {
      await db('directus_relations').insert({
        many_collection: 'pricing_details',
        many_field: 'pricing_id',
        one_collection: 'pricing',
        one_field: 'details',
      });
    }
    const field = await db('directus_fields').where({ collection: 'pricing', field: 'details' }).first('id');
    if (!field) await db('directus_fields').insert({ collection: 'pricing', field: 'details', special: 'o2m', interface: 'list-o2m' });
  } finally {
    await db.destroy();
  }
}

type Json = Record<string, unknown>;

interface SharedField {
  field: string;
  /** The column as Directus reaches it from the listed row: `unit_price`, `part_id.part_no`. */
  directus: string;
  kind: ValueKind;
}

/**
 * The fields both sides give, from the service's own column lists: a column of the listed table, or
 * of parts through the row's part_id. Computed ones (the previous approved price, the change rate)
 * are the service's alone.
 */
function sharedFields(columns: readonly Column[], table: string): SharedField[] {
  return columns.flatMap((c) => {
    if (!('sql' in c) || typeof c.sql !== 'string') return [];
    const [from, column] = c.sql.split('.');
    const directus = from === table ? column : from === 'parts' ? `part_id.${column}` : undefined;
    return directus ? [{ field: c.field, directus, kind: c.kind }] : [];
  });
}
const ROW_FIELDS = sharedFields(PRICING_COLUMNS, 'pricing');
const LINE_FIELDS = sharedFields(DETAIL_LINE_COLUMNS, 'pricing_details');

function pick(row: Json, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((v, k) => (v as Json | null | undefined)?.[k], row);
}

/** A value as both sides should agree on it: decimals as numbers (pg's text on Directus), instants as UTC ISO. */
function normal(kind: ValueKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'money' || kind === 'rate') return Number(value);
  if (kind === 'datetime') return new Date(String(value)).toISOString();
  return value;
}

function fromDirectus(row: Json, fields: readonly SharedField[]): Json {
  return Object.fromEntries(fields.map((f) => [f.field, normal(f.kind, pick(row, f.directus))]));
}
function fromService(row: Json, fields: readonly SharedField[]): Json {
  return Object.fromEntries(fields.map((f) => [f.field, normal(f.kind, row[f.field])]));
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Kind {
  name: string;
  service: Request[];
  directus: Request[];
  /** Both answers as the same comparable value. */
  compare: { service: (body: Json) => unknown; directus: (body: Json) => unknown };
}

/** The kinds of the comparison: the bench mix's (bench/mix.ts), each asked of Directus too. */
const KINDS = ['pricing.first', 'pricing.partNo', 'pricing.bracket', 'pricing.statusDate', 'pricing.deep', 'details.id'];

const LIST_FIELDS = ROW_FIELDS.map((f) => f.directus).join(',');
const DETAILS_FIELDS = `${LIST_FIELDS},${LINE_FIELDS.map((f) => `details.${f.directus}`).join(',')}`;
const list = {
  service: (b: Json) => ({ total: b.total, rows: (b.data as Json[]).map((r) => fromService(r, ROW_FIELDS)) }),
  directus: (b: Json) => ({
    total: Number((b.meta as Json).filter_count),
    rows: (b.data as Json[]).map((r) => fromDirectus(r, ROW_FIELDS)),
  }),
};
const details = {
  service: (b: Json) => {
    const d = b.data as { pricing: Json; details: Json[] };
    return { pricing: fromService(d.pricing, ROW_FIELDS), details: d.details.map((l) => fromService(l, LINE_FIELDS)) };
  },
  directus: (b: Json) => {
    const d = b.data as Json & { details: Json[] };
    return { pricing: fromDirectus(d, ROW_FIELDS), details: d.details.map((l) => fromDirectus(l, LINE_FIELDS)) };
  },
};

/** A calendar day of the data's zone (APP_TIMEZONE) as its first instant, in UTC. */
function dayStartUtc(day: string, days = 0): string {
  const start = new Date(`${day}T00:00:00+08:00`);
  return new Date(start.getTime() + days * 86_400_000).toISOString();
}

/**
 * Directus's REST filter for a pricing list request of the mix: each filter the mix uses, with the
 * service's meaning (text "contains", case-insensitive; days in Asia/Shanghai, the data's zone),
 * the service's default order (pricedAt descending, then id) and page size, and the filtered count.
 */
function directusList(body: Json): string {
  const and: Json[] = [];
  const contains = (path: string[], needle: string): Json =>
    path.reduceRight<Json>((inner, key) => ({ [key]: inner }), { _icontains: needle });
  for (const [key, value] of Object.entries(body)) {
    if (key === 'current') continue;
    if (key === 'keyword') {
      const fields = [['pricing_no'], ['part_id', 'part_no'], ['part_id', 'part_name'], ['part_id', 'spec'], ['supplier_name']];
      and.push({ _or: fields.map((f) => contains(f, String(value))) });
    } else if (key === 'partNo') and.push(contains(['part_id', 'part_no'], String(value)));
    else if (key === 'status') and.push({ status: { _in: value } });
    else if (key === 'pricedFrom') and.push({ priced_at: { _gte: dayStartUtc(String(value)) } });
    else if (key === 'pricedTo') and.push({ priced_at: { _lt: dayStartUtc(String(value), 1) } });
    else throw new Error(`bench:directus: no Directus filter written for ${key}`);
  }
  const q = new URLSearchParams({
    fields: LIST_FIELDS,
    sort: '-priced_at,id',
    limit: '20',
    page: String(body.current ?? 1),
    meta: 'filter_count',
  });
  if (and.length > 0) q.set('filter', JSON.stringify({ _and: and }));
  return `/items/pricing?${q.toString()}`;
}

function directusRequest(v: Variant): Request {
  const body = v.body ?? {};
  if (v.path === '/api/query/pricing') return { method: 'GET', path: directusList(body) };
  if (v.path === '/api/query/pricing-details' && typeof body.pricingId === 'number') {
    const q = new URLSearchParams({ fields: DETAILS_FIELDS, 'deep[details][_sort]': 'line_no', 'deep[details][_limit]': '-1' });
    return { method: 'GET', path: `/items/pricing/${body.pricingId}?${q.toString()}` };
  }
  throw new Error(`bench:directus: no Directus request written for ${v.path}`);
}

async function buildKinds(names: string[]): Promise<{ kinds: Kind[]; labels: Map<string, string> }> {
  const db = createDb(dbc);
  try {
    const { kinds } = await buildMix(db);
    const labels = new Map<string, string>();
    const chosen = names.map((name) => {
      const kind = kinds.find((k) => k.name === name);
      if (!kind) throw new Error(`bench:directus: the mix has no kind ${name}`);
      labels.set(
        name,
        `${name} ${JSON.stringify(kind.variants[0]!.body)}${kind.variants.length > 1 ? ` (+${kind.variants.length - 1})` : ''}`,
      );
      return {
        name,
        service: kind.variants.map((v) => ({ method: v.method, path: v.path, body: v.body && JSON.stringify(v.body) })),
        directus: kind.variants.map(directusRequest),
        compare: v0IsDetails(kind.variants[0]!) ? details : list,
      };
    });
    return { kinds: chosen, labels };
  } finally {
    await db.destroy();
  }
}

function v0IsDetails(v: Variant): boolean {
  return v.path === '/api/query/pricing-details';
}

async function fetchJson(port: number, r: Request, auth: boolean): Promise<Json> {
  const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
    method: r.method,
    headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: `Bearer ${TOKEN}` } : {}) },
    body: r.body,
  });
  const body = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${r.method} ${r.path.slice(0, 120)}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function checkSameAnswers(kind: Kind, servicePort: number, directusPort: number): Promise<void> {
  for (let i = 0; i < kind.service.length; i++) {
    const ours = JSON.stringify(kind.compare.service(await fetchJson(servicePort, kind.service[i]!, false)));
    const theirs = JSON.stringify(kind.compare.directus(await fetchJson(directusPort, kind.directus[i]!, true)));
    if (ours !== theirs) {
      throw new Error(`${kind.name}: different answers\n service:  ${ours.slice(0, 600)}\n directus: ${theirs.slice(0, 600)}`);
    }
  }
}

/** `c` clients for `seconds`, or until `amount` answers when given: the errors, and each answer's time into `latencies`. */
function run(
  port: number,
  requests: Request[],
  auth: boolean,
  c: number,
  { seconds, amount }: { seconds?: number; amount?: number },
  latencies?: number[],
): Promise<number> {
  return new Promise((resolve, reject) => {
    let errors = 0;
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: c,
        ...(amount !== undefined ? { amount } : { duration: seconds }),
        timeout: 60,
        requests: requests.map((r) => ({
          method: r.method,
          path: r.path,
          body: r.body,
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${TOKEN}` } : {}) },
        })),
      },
      (err, result) =>
        err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(errors + result.errors + result.timeouts),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies?.push(ms);
      if (status >= 400) errors++;
    });
  });
}

/**
 * The service's own part of a request: `rounds` requests one after another, each one's time and its
 * Server-Timing (the database's time and the statements run); medians.
 */
async function dbShare(port: number, requests: Request[], rounds = 40): Promise<{ statements: number; dbMs: number; requestMs: number }> {
  const times: number[] = [];
  const db: number[] = [];
  let statements = 0;
  for (let i = 0; i < rounds; i++) {
    const r = requests[i % requests.length]!;
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
      method: r.method,
      headers: { 'Content-Type': 'application/json' },
      body: r.body,
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    const timing = /db;dur=([\d.]+);desc="(\d+) quer/.exec(res.headers.get('server-timing') ?? '');
    db.push(Number(timing?.[1] ?? 0));
    statements = Math.max(statements, Number(timing?.[2] ?? 0));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { statements, dbMs: median(db), requestMs: median(times) };
}

function p95(latencies: number[]): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? Number.NaN;
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

const dir = path.resolve(args.dir);
const cli = installDirectus(dir);
const directusPort = await freePort();
const env = directusEnv(dir, directusPort);
console.log('directus: bootstrap (its tables in the same database)…');
const boot = spawnSync(process.execPath, [cli, 'bootstrap'], { cwd: dir, env, stdio: 'inherit' });
if (boot.status !== 0) throw new Error('directus bootstrap failed');
await configureDirectus();
const directus = spawn(process.execPath, [cli, 'start'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
process.on('exit', () => directus.kill());
const service = await startChild('service', process.env, []);
try {
  await waitFor(`http://127.0.0.1:${directusPort}/server/health`, directus, 120);
  const { kinds, labels } = await buildKinds(args.kinds ? args.kinds.split(',') : KINDS);
  for (const kind of kinds) await checkSameAnswers(kind, service.port, directusPort);
  // The service's own part, one request at a time: its statements and their share of the request.
  const shares = new Map<string, string>();
  for (const kind of kinds) {
    const { statements, dbMs, requestMs } = await dbShare(service.port, kind.service);
    shares.set(kind.name, `${statements} | ${dbMs.toFixed(1)} / ${requestMs.toFixed(1)} ms`);
  }
  console.log(`\nsame answers on ${kinds.length} kinds; measuring ${rounds} rounds of ${duration} s per side, c=${connections.join(',')}`);
  console.log(
    `load average at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const table: string[] = [];
  for (const kind of kinds) {
    const cells: string[] = [];
    for (const c of connections) {
      const ours: number[] = [];
      const theirs: number[] = [];
      let errors = 0;
      for (let r = 0; r < rounds; r++) {
        const sides = [
          { port: service.port, requests: kind.service, auth: false, into: ours },
          { port: directusPort, requests: kind.directus, auth: true, into: theirs },
        ];
        if (r % 2 === 1) sides.reverse();
        for (const side of sides) {
          if (warmup > 0) await run(side.port, side.requests, side.auth, c, { seconds: warmup });
          const before = side.into.length;
          errors += await run(side.port, side.requests, side.auth, c, { seconds: duration }, side.into);
          // A side slower than the window still gets enough answers for a p95 (those in flight at its end are not counted).
          const short = MIN_ANSWERS - (side.into.length - before);
          if (short > 0) errors += await run(side.port, side.requests, side.auth, c, { amount: Math.max(short, c) }, side.into);
        }
      }
      const [a, b] = [p95(ours), p95(theirs)];
      console.log(
        `${kind.name} c=${c}: service p95 ${fmt(a)} ms (${ours.length} req), directus ${fmt(b)} ms (${theirs.length} req), ${(b / a).toFixed(1)}x, errors ${errors}`,
      );
      cells.push(fmt(a), fmt(b), `${(b / a).toFixed(1)}x`);
    }
    table.push(`| ${labels.get(kind.name)} | ${cells.join(' | ')} | ${shares.get(kind.name)} |`);
  }
  const heads = [
    ...connections.flatMap((c) => [`service c=${c}`, `Directus c=${c}`, 'ratio']),
    'statements',
    'database / request (one at a time)',
  ];
  console.log(`\n| kind | ${heads.join(' | ')} |\n|---|${heads.map(() => '---:').join('|')}|\n${table.join('\n')}`);
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  service.child.kill();
  directus.kill();
}
