/**
 * `npx tsx bench/middleware-cost.ts [--duration 4] [--connections 16] [--rounds 3] [--request info|details]`
 *
 * What each layer of the service costs per request. `--request info` (the default): GET /api/info,
 * no database work: a bare node:http handler writing the same JSON, Koa with the router, then the
 * service's middlewares added one at a time in createApp's order, then createApp itself.
 * `--request details`: POST /api/query/pricing-details by id on a demo-seed SQLite file: the floor
 * (Koa + router + bodyparser + knex.raw of the statements the service runs), the route alone (Koa +
 * router + jsonBody + validation + the query module + mapping), then the middlewares one at a
 * time, then createApp. A layer's cost is its step's CPU per request minus the previous step's.
 * Each step is served
 * by a child process (started like the bench's service child) and driven by autocannon from this
 * one. It prints req/s and the server's CPU time per request (user + system, steadier than req/s
 * on a shared machine), and the bare handler's CPU per request over the step's: the ceiling of the
 * demo-seed ratio target of `npm run bench` for requests whose SQL costs nothing.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Router from '@koa/router';
import autocannon from 'autocannon';
import Koa from 'koa';
import { Registry } from 'prom-client';
import bodyParser from 'koa-bodyparser';
import type { Knex } from 'knex';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { auditTrail } from '../src/http/audit.js';
import { errorMiddleware } from '../src/http/error-middleware.js';
import { rateLimit } from '../src/http/rate-limit.js';
import { requestId } from '../src/http/request-id.js';
import { requestLog } from '../src/http/request-log.js';
import { corsPolicy, securityHeaders } from '../src/http/security.js';
import { serverTiming } from '../src/http/server-timing.js';
import { createLogger } from '../src/logger.js';
import { createMetrics } from '../src/metrics.js';
import { Readiness } from '../src/lifecycle/readiness.js';
import { probes } from '../src/routes/probes.js';
import { webApp } from '../src/routes/web-app.js';
import { openApiDocument } from '../src/openapi.js';
import { ENDPOINTS } from '../src/routes/all.js';
import { INFO_ROUTE } from '../src/routes/info.js';
import { QUERY_ROUTES } from '../src/routes/queries.js';
import { API_PREFIX, mountRoutes, type RouteDeps } from '../src/routes/records.js';
import { jsonBody } from '../src/http/json-body.js';
import { ExportSlots } from '../src/export/slots.js';
import { COUNT_CACHE_POLICY } from '../src/queries/freshness/count-cache.js';
import { queryPricingDetails } from '../src/queries/operations/pricing-details.js';
import type { QueryDeps } from '../src/queries/deps.js';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'string' },
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '16' },
    request: { type: 'string', default: 'info' },
    rounds: { type: 'string', default: '3' },
    db: { type: 'string' },
  },
});
const details = args.request === 'details';

// Logs at info, as served by default (to /dev/null: the children's stdout is ignored).
const config = loadConfig({
  LOG_LEVEL: 'info',
  DB_FILENAME: args.db ?? ':memory:',
  DB_MIGRATE: 'false',
  RATE_LIMIT_PER_MINUTE: '1000000',
});
const logger = createLogger(config.logLevel);
const db = createDb(config.db);

// createApp asks its router (auth.ts routeMatcher); the bench's only route is /api/info (open) or
// the details route (not open, counted by the rate limit).
const isInfo = (ctx: Koa.Context) => ctx.path === '/api/info';
const DETAILS_BODY = JSON.stringify({ pricingId: 571 });
const queryDeps: QueryDeps = {
  db,
  timeZone: config.appTimeZone,
  queryTimeoutMs: config.db.queryTimeoutMs,
  countCache: { ...COUNT_CACHE_POLICY, slowMs: config.db.countCacheMinMs },
};

/** The middlewares of createApp, in its order (src/app.ts), as served by default (no tokens: no authentication layer). */
const LAYERS: [string, (app: Koa) => void][] = [
  ['requestId', (app) => app.use(requestId)],
  ['requestLog (LOG_LEVEL=info, to /dev/null)', (app) => app.use(requestLog(logger))],
  ['auditTrail', (app) => app.use(auditTrail(logger))],
  ['metrics', (app) => app.use(createMetrics(db).middleware)],
  ['serverTiming', (app) => app.use(serverTiming)],
  ['errorMiddleware', (app) => app.use(errorMiddleware(logger))],
  ['securityHeaders (helmet)', (app) => app.use(securityHeaders())],
  ['probes', (app) => app.use(probes(new Readiness(db, config.db.checkTimeoutMs)))],
  ['corsPolicy', (app) => app.use(corsPolicy(config.corsOrigins))],
  ['webApp', (app) => app.use(webApp({ timeZone: config.appTimeZone }))],
  [
    'rateLimit (info exempt)',
    (app) => app.use(rateLimit({ perMinute: config.rateLimitPerMinute, keyPrefix: 'bench', logger, isExempt: isInfo })),
  ],
];
// As served by default (RATE_LIMIT_PER_MINUTE=0): no rate limit at all. createApp (the last step) too.
if (details) LAYERS.pop();

/** The floor for details: the statements the query module runs for DETAILS_BODY, replayed with knex.raw. */
async function floorForDetails(): Promise<http.RequestListener> {
  const statements: { sql: string; bindings: Knex.RawBinding[] }[] = [];
  const capture = (q: { sql: string; bindings: Knex.RawBinding[] }) => statements.push({ sql: q.sql, bindings: q.bindings });
  db.on('query', capture);
  await queryPricingDetails(queryDeps, JSON.parse(DETAILS_BODY) as { pricingId: number });
  db.off('query', capture);
  const app = new Koa();
  const router = new Router();
  router.post('/api/query/pricing-details', async (ctx) => {
    const data: unknown[] = [];
    for (const st of statements) data.push(await db.raw(st.sql, st.bindings));
    ctx.body = { success: true, data };
  });
  app.use(bodyParser());
  app.use(router.routes());
  return listener(app);
}

/** Step -1: bare node:http (details: the floor); 0: Koa + router; 1…n: + the first n layers; n + 1: createApp. */
/** Koa's handler as node:http's listener: it answers its own errors, so its promise never rejects. */
function listener(app: Koa): http.RequestListener {
  const handle = app.callback();
  return (req, res) => void handle(req, res);
}

async function handlerFor(step: number): Promise<http.RequestListener> {
  if (step < 0 && details) return floorForDetails();
  if (step < 0) {
    return (_req, res) => {
      const body = JSON.stringify({ success: true, message: 'React Template Backend API', version: '1.0.0', endpoints: ENDPOINTS });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    };
  }
  if (step > LAYERS.length) return listener(createApp({ config, db, logger }));
  const app = new Koa();
  for (const [, use] of LAYERS.slice(0, step)) use(app);
  const router = new Router({ prefix: API_PREFIX });
  const routeDeps: RouteDeps = {
    query: queryDeps,
    exports: { maxRows: config.exportMaxRows, logger, slots: new ExportSlots(1) },
    logger,
    checkTimeoutMs: config.db.checkTimeoutMs,
    auth: undefined,
    settings: { companyName: config.companyName, timeZone: config.appTimeZone },
    registry: new Registry(),
    jsonBody: () => jsonBody(config.bodyLimit),
    endpoints: ENDPOINTS,
    openApiDocument,
    // No MCP route among these.
    mcp: () => Promise.reject(new Error('no MCP here')),
  };
  mountRoutes(router, details ? QUERY_ROUTES : [INFO_ROUTE], routeDeps);
  app.use(router.routes());
  return listener(app);
}

const stepName = (step: number) =>
  step < 0
    ? details
      ? 'floor: Koa + router + bodyparser + knex.raw'
      : 'bare node:http'
    : step === 0
      ? details
        ? 'Koa + router + the route (jsonBody, zod, query module, mapping)'
        : 'Koa + router'
      : step > LAYERS.length
        ? 'createApp (as served)'
        : `+ ${LAYERS[step - 1]![0]}`;

if (args.serve !== undefined) {
  const server = http.createServer(await handlerFor(Number(args.serve))).listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.address() as AddressInfo).port });
  });
  process.on('message', () => {
    const { user, system } = process.cpuUsage();
    process.send!({ cpuUs: user + system });
  });
} else {
  await db.destroy();
  if (details && !args.db) {
    // A demo-seed SQLite file of its own, removed at the end.
    args.db = path.join(os.tmpdir(), `pricing-mwcost-${process.pid}.sqlite3`);
    const seeded = createDb(loadConfig({ DB_FILENAME: args.db }).db);
    await seeded.migrate.latest();
    await seeded.seed.run();
    await seeded.destroy();
    process.on('exit', () => ['', '-wal', '-shm'].forEach((x) => fs.rmSync(args.db + x, { force: true })));
  }
  let bare = 0;
  let previous = 0;
  console.log(
    `${details ? `POST /api/query/pricing-details ${DETAILS_BODY}` : 'GET /api/info'}, c=${args.connections}, ${args.duration} s per step, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(
    `| step | req/s | server CPU µs per request | this layer µs | ${details ? 'floor' : 'bare'} / step (CPU) |\n|---|---:|---:|---:|---:|`,
  );
  // Every step's server at once; the steps are measured in turn, `--rounds` times (interleaved), and
  // each step's median CPU per request is kept: noise from other work on the machine falls on all.
  process.setMaxListeners(30);
  const steps: { step: number; child: ChildProcess; target: autocannon.Options; cpu: number[]; rps: number[] }[] = [];
  for (let step = -1; step <= LAYERS.length + 1; step++) {
    const child = fork(
      fileURLToPath(import.meta.url),
      [`--serve=${step}`, `--request=${args.request}`, ...(args.db ? [`--db=${args.db}`] : [])],
      {
        execArgv: ['--import', 'tsx', '--max-semi-space-size=8', '--heap-growing-percent=50'],
        env: { ...process.env, MALLOC_ARENA_MAX: '2' },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      },
    );
    process.on('exit', () => child.kill());
    const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
    const target = details
      ? {
          url: `http://127.0.0.1:${port}/api/query/pricing-details`,
          method: 'POST' as const,
          headers: { 'content-type': 'application/json' },
          body: DETAILS_BODY,
        }
      : { url: `http://127.0.0.1:${port}/api/info` };
    await autocannon({ ...target, connections: Number(args.connections), duration: 1 }); // warm-up
    steps.push({ step, child, target, cpu: [], rps: [] });
  }
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const s of steps) {
      const cpuUs = () =>
        new Promise<number>((resolve) => {
          s.child.once('message', (m: { cpuUs: number }) => resolve(m.cpuUs));
          s.child.send('cpu');
        });
      const cpuBefore = await cpuUs();
      const r = await autocannon({ ...s.target, connections: Number(args.connections), duration: Number(args.duration) });
      if (r.non2xx > 0) throw new Error(`${stepName(s.step)}: ${r.non2xx} answers were not 2xx`);
      s.cpu.push(((await cpuUs()) - cpuBefore) / r.requests.total);
      s.rps.push(r.requests.average);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const s of steps) {
    const perRequest = median(s.cpu);
    if (s.step < 0) bare = perRequest;
    const layer = s.step > 0 && s.step <= LAYERS.length ? (perRequest - previous).toFixed(1) : '';
    previous = perRequest;
    console.log(
      `| ${stepName(s.step)} | ${Math.round(median(s.rps))} | ${perRequest.toFixed(1)} | ${layer} | ${(bare / perRequest).toFixed(2)} |`,
    );
    s.child.kill();
  }
  console.log(
    `\nload average at the end ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; CPU per request: median of ${args.rounds} interleaved rounds`,
  );
}
