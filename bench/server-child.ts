/**
 * One side of `npm run bench`, in its own process so that the load generator never shares an event
 * loop or a heap with the server it measures, and so that its RSS is its own.
 *
 *   service:  the real app (createApp) on node:http.
 *   floor:    the floor of this stack: Koa + @koa/router + koa-bodyparser + knex running the same SQL
 *             as the service, and nothing else (no validation, no middleware, no mapping).
 *   plain:    the same routes as a plain Koa + knex developer would write them (bench/plain-floor.ts):
 *             the floor of `--floor plain`.
 *   baseline: node:http + the same driver running the same SQL, no framework, no validation.
 *
 *   capture:  sends each request variant once through the real app (createApp) while knex's 'query'
 *             events are recorded (they carry the dialect's native SQL and bindings, as
 *             .toSQL().toNative() would), sends the plans back and exits. A process of its own, so
 *             that the floor and the baseline never load the service's state.
 *
 * The floor and the baseline get those plans from the parent (bench/capture.ts). Each of their
 * requests replays the statements, knex.raw on the floor, the raw driver on the
 * baseline, and both answer `{"success":true,"data":[rows of each statement]}`: byte for byte the
 * same, which bench/run.ts checks before it measures.
 *
 * The parent sends {kinds, plans} over IPC (advanced serialization: bindings may be Dates) and gets
 * back {port} when the server listens.
 */
import fs from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Router from '@koa/router';
import Database from 'better-sqlite3';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { createApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type Db } from '../src/db/connection.js';
import { createLogger } from '../src/logger.js';
import type { Knex } from 'knex';
import type { Kind, Variant } from './mix.js';
import { plainFloorApp } from './plain-floor.js';

/**
 * Requests whose work has not ended. autocannon drops its sockets when a window ends, but the work
 * of the requests then in flight goes on (the service does not cancel a statement for a closed
 * socket), so the next window waits for none to be left (the `drained` message).
 */
let inFlight = 0;

/** Koa's handler as node:http's listener: it answers its own errors, so its promise never rejects. */
function listener(app: Koa): http.RequestListener {
  const handle = app.callback();
  return (req, res) => {
    inFlight++;
    void handle(req, res).finally(() => inFlight--);
  };
}

const mode = process.argv[2] as 'service' | 'floor' | 'plain' | 'baseline' | 'capture';
const config = loadConfig(process.env);

let profiler: inspector.Session | undefined;

process.on(
  'message',
  (msg: {
    kinds?: Kind[];
    plans?: Plans;
    exit?: boolean;
    cpu?: boolean;
    drained?: boolean;
    profile?: string; /* 'start', or where to write the profile */
  }) => {
    // A clean exit (not a kill) so that `--cpu-prof` writes its profile.
    if (msg.exit) process.exit(0);
    // bench/profile.ts: CPU time so far, and a CPU profile of the measured window only (no start-up).
    if (msg.cpu) {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuUs: user + system });
    }
    if (msg.drained) {
      const poll = setInterval(() => {
        if (inFlight > 0) return;
        clearInterval(poll);
        process.send!({ drained: true });
      }, 10);
    }
    if (msg.profile === 'start') {
      profiler = new inspector.Session();
      profiler.connect();
      profiler.post('Profiler.enable', () => profiler!.post('Profiler.start', () => process.send!({ profiling: true })));
    } else if (msg.profile) {
      const file = msg.profile;
      profiler!.post('Profiler.stop', (err, { profile }) => {
        fs.writeFileSync(file, JSON.stringify(profile));
        process.send!({ profiled: err ? String(err) : file });
      });
    }
    if (msg.kinds)
      start(msg.kinds, msg.plans).catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  },
);

async function start(kinds: Kind[], plans: Plans | undefined): Promise<void> {
  const db = createDb(config.db);
  if (mode === 'capture') {
    process.send!({ plans: await capturePlans(db, kinds) });
    await db.destroy();
    return;
  }
  const server =
    mode === 'service'
      ? serviceServer(db)
      : mode === 'plain'
        ? http.createServer(listener(plainFloorApp(db)))
        : mode === 'floor'
          ? floorServer(db, plans!)
          : baselineServer(db, plans!);
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.address() as AddressInfo).port });
  });
}

function serviceServer(db: Db): http.Server {
  const app = createApp({ config, db, logger: createLogger(config.logLevel) });
  return http.createServer(listener(app));
}

interface Statement {
  sql: string;
  bindings: unknown[];
}

/** Each variant's statements, in the order the service ran them, and whether they overlapped. */
export interface Plan {
  statements: Statement[];
  parallel: boolean;
  /** A variant that runs no SQL (GET /api/info): the service's own answer, to be sent as it is. */
  fixedAnswer?: unknown;
}

/** Plans by `<kind>/<variant index>`, the path /b/<kind>/<i> of the floor and the baseline. */
export type Plans = Map<string, Plan>;

async function capturePlans(db: Db, kinds: Kind[]): Promise<Plans> {
  let captured: Statement[] = [];
  let open = 0;
  let overlapped: boolean;
  db.on('query', (q: { sql: string; bindings?: unknown[] }) => {
    captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
    if (open++ > 0) overlapped = true;
  });
  db.on('query-response', () => open--);
  db.on('query-error', () => open--);

  // The app as served, on this db, answering one request at a time.
  const app = createApp({ config, db, logger: createLogger('silent') });
  const server = http.createServer(listener(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const plans = new Map<string, Plan>();
  for (const kind of kinds) {
    for (const [i, v] of kind.variants.entries()) {
      captured = [];
      overlapped = false;
      const res = await send(port, v);
      if (res.status !== 200) throw new Error(`capturing ${kind.name} #${i}: the service answered ${res.status} ${await res.text()}`);
      const answer: unknown = await res.json();
      plans.set(`${kind.name}/${i}`, {
        statements: captured,
        parallel: overlapped,
        fixedAnswer: captured.length === 0 ? answer : undefined,
      });
    }
  }
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return plans;
}

function send(port: number, v: Variant): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${v.path}`, {
    method: v.method,
    headers: { 'content-type': 'application/json' },
    body: v.body ? JSON.stringify(v.body) : undefined,
  });
}

/** Runs a plan's statements one after another, or all at once when the service overlapped them. */
function runPlan(plan: Plan, exec: (s: Statement) => Promise<unknown>): Promise<unknown[]> {
  if (plan.parallel) return Promise.all(plan.statements.map(exec));
  return plan.statements.reduce<Promise<unknown[]>>(async (acc, s) => [...(await acc), await exec(s)], Promise.resolve([]));
}

/**
 * Koa + @koa/router + koa-bodyparser + knex, nothing else: the least any service on this stack
 * pays per request. It runs each statement with knex.raw (its one SQLite connection is the first of
 * its process, as the capture's was: the count-cache token names it), which
 * takes `?` placeholders: pg's native `$n` and tedious' `@pN` are turned back (both are numbered in
 * order of appearance).
 */
function floorServer(db: Db, plans: Plans): http.Server {
  const client = config.db.client;
  const exec = async (s: Statement): Promise<unknown> => {
    const sql = client === 'pg' ? s.sql.replace(/\$\d+/g, '?') : client === 'mssql' ? s.sql.replace(/@p\d+/g, '?') : s.sql;
    const result = await db.raw(sql, s.bindings as readonly Knex.RawBinding[]);
    if (client === 'pg') return (result as { rows: unknown[] }).rows;
    if (client === 'mysql2') return (result as unknown[])[0];
    return result;
  };

  const app = new Koa();
  const router = new Router();
  const answer = async (ctx: Koa.Context) => {
    const plan = plans.get(`${ctx.params.kind}/${ctx.params.i}`);
    if (!plan) return; // 404
    ctx.body = plan.fixedAnswer ?? { success: true, data: await runPlan(plan, exec) };
  };
  router.get('/b/:kind/:i', answer);
  router.post('/b/:kind/:i', answer);
  app.use(bodyParser());
  app.use(router.routes());
  return http.createServer(listener(app));
}

function baselineServer(db: Db, plans: Plans): http.Server {
  void db.destroy();
  const exec = rawExecutor(config);

  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const plan = plans.get((req.url ?? '').slice('/b/'.length));
      if (!plan) {
        res.writeHead(404).end();
        return;
      }
      if (plan.fixedAnswer) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(plan.fixedAnswer));
        return;
      }
      inFlight++;
      runPlan(plan, exec)
        .then(
          (r) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: r })),
          (err: unknown) => res.writeHead(500).end(String(err)),
        )
        .finally(() => inFlight--);
    });
  });
}

function sqliteValue(v: unknown): unknown {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v;
}

/** The bare driver, configured like the service's pool. */
function rawExecutor(c: Config): (s: Statement) => Promise<unknown> {
  const d = c.db;
  switch (d.client) {
    case 'better-sqlite3': {
      const conn = new Database(path.resolve(d.filename), { readonly: true });
      // The service's count-cache token reads it (src/db/knex-config.ts registers it per connection;
      // the first connection of a process is 1, as on the floor and in the captured plans).
      conn.function('connection_id', { deterministic: true }, () => 1);
      const prepared = new Map<string, Database.Statement>();
      // eslint-disable-next-line @typescript-eslint/require-await -- the same async signature as the networked drivers'
      return async (s) => {
        let stmt = prepared.get(s.sql);
        if (!stmt) {
          stmt = conn.prepare(s.sql);
          prepared.set(s.sql, stmt);
        }
        return stmt.reader ? stmt.all(...s.bindings.map(sqliteValue)) : stmt.run(...s.bindings.map(sqliteValue));
      };
    }
    case 'pg': {
      const pool = new pg.Pool({
        ...(d.url ? { connectionString: d.url } : { host: d.host, port: d.port, user: d.user, password: d.password, database: d.database }),
        max: d.poolMax,
      });
      return async (s) => (await pool.query({ text: s.sql, values: s.bindings })).rows;
    }
    case 'mysql2': {
      const pool = mysql.createPool({
        ...(d.url ? { uri: d.url } : { host: d.host, port: d.port, user: d.user, password: d.password, database: d.database }),
        connectionLimit: d.poolMax,
        timezone: 'Z',
        charset: 'utf8mb4',
      });
      return async (s) => (await pool.query(s.sql, s.bindings))[0];
    }
    default:
      throw new Error(`no bare baseline for ${d.client}`);
  }
}
