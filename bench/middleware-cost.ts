/**
 * `npx tsx bench/middleware-cost.ts [--duration 4] [--connections 16]`
 *
 * What each layer of the service costs on a request that does no database work (GET /api/info):
 * a bare node:http handler writing the same JSON, Koa with the router, then the service's
 * middlewares added one at a time in createApp's order, then createApp itself. Each step is served
 * by a child process (started like the bench's service child) and driven by autocannon from this
 * one. It prints req/s and the server's CPU time per request (user + system, steadier than req/s
 * on a shared machine), and the bare handler's CPU per request over the step's: the ceiling of the
 * demo-seed ratio target of `npm run bench` for requests whose SQL costs nothing.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Router from '@koa/router';
import autocannon from 'autocannon';
import Koa from 'koa';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { bearerAuth } from '../src/http/auth.js';
import { errorMiddleware } from '../src/http/error-middleware.js';
import { rateLimit } from '../src/http/rate-limit.js';
import { requestId } from '../src/http/request-id.js';
import { requestLog } from '../src/http/request-log.js';
import { corsPolicy, securityHeaders } from '../src/http/security.js';
import { serverTiming } from '../src/http/server-timing.js';
import { createLogger } from '../src/logger.js';
import { createMetrics } from '../src/metrics.js';
import { ENDPOINTS, infoRoutes } from '../src/routes/info.js';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'string' },
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '16' },
  },
});

const config = loadConfig({ LOG_LEVEL: 'warn', DB_FILENAME: ':memory:', DB_MIGRATE: 'false', RATE_LIMIT_PER_MINUTE: '1000000' });
const logger = createLogger(config.logLevel);
const db = createDb(config.db);

// createApp asks its router (auth.ts routeMatcher); the bench's only route is /api/info.
const isInfo = (ctx: Koa.Context) => ctx.path === '/api/info';

/** The middlewares of createApp, in its order (src/app.ts). */
const LAYERS: [string, (app: Koa) => void][] = [
  ['requestId', (app) => app.use(requestId)],
  ['requestLog (level warn)', (app) => app.use(requestLog(logger))],
  ['metrics', (app) => app.use(createMetrics(db).middleware)],
  ['serverTiming (AsyncLocalStorage)', (app) => app.use(serverTiming(db))],
  ['errorMiddleware', (app) => app.use(errorMiddleware(logger))],
  ['securityHeaders (helmet)', (app) => app.use(securityHeaders())],
  ['corsPolicy', (app) => app.use(corsPolicy(config.corsOrigins))],
  ['bearerAuth (no tokens)', (app) => app.use(bearerAuth(config.apiTokens, isInfo))],
  ['rateLimit (info exempt)', (app) => app.use(rateLimit({ perMinute: config.rateLimitPerMinute, keyPrefix: 'bench', logger, isExempt: isInfo }))],
];

/** Step -1: bare node:http; 0: Koa + router; 1…n: + the first n layers; n + 1: createApp. */
function handlerFor(step: number): http.RequestListener {
  if (step < 0) {
    return (_req, res) => {
      const body = JSON.stringify({ success: true, message: 'React Template Backend API', version: '1.0.0', endpoints: ENDPOINTS });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    };
  }
  if (step > LAYERS.length) return createApp({ config, db, logger }).callback();
  const app = new Koa();
  for (const [, use] of LAYERS.slice(0, step)) use(app);
  const router = new Router({ prefix: '/api' });
  infoRoutes(router);
  app.use(router.routes());
  return app.callback();
}

const stepName = (step: number) => (step < 0 ? 'bare node:http' : step === 0 ? 'Koa + router' : step > LAYERS.length ? 'createApp (as served)' : `+ ${LAYERS[step - 1]![0]}`);

if (args.serve !== undefined) {
  const server = http.createServer(handlerFor(Number(args.serve))).listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.address() as AddressInfo).port });
  });
  process.on('message', () => {
    const { user, system } = process.cpuUsage();
    process.send!({ cpuUs: user + system });
  });
} else {
  await db.destroy();
  let bare = 0;
  console.log(`GET /api/info, c=${args.connections}, ${args.duration} s per step\n`);
  console.log('| step | req/s | server CPU µs per request | bare / step (CPU) |\n|---|---:|---:|---:|');
  for (let step = -1; step <= LAYERS.length + 1; step++) {
    const child = fork(fileURLToPath(import.meta.url), [`--serve=${step}`], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
    const url = `http://127.0.0.1:${port}/api/info`;
    const cpuUs = () => new Promise<number>((resolve) => {
      child.once('message', (m: { cpuUs: number }) => resolve(m.cpuUs));
      child.send('cpu');
    });
    await autocannon({ url, connections: Number(args.connections), duration: 1 }); // warm-up
    const cpuBefore = await cpuUs();
    const r = await autocannon({ url, connections: Number(args.connections), duration: Number(args.duration) });
    const perRequest = ((await cpuUs()) - cpuBefore) / r.requests.total;
    if (step < 0) bare = perRequest;
    console.log(`| ${stepName(step)} | ${Math.round(r.requests.average)} | ${perRequest.toFixed(1)} | ${(bare / perRequest).toFixed(2)} |`);
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
