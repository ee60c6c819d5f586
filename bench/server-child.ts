/**
 * One side of `npm run bench`, in its own process so that the load generator never shares an event
 * loop or a heap with the server it measures, and so that its RSS is its own.
 *
 *   service:  the real app (createApp) on node:http.
 *   baseline: node:http + the same driver running the same SQL, no framework, no validation: the
 *             statements are captured once at start from the service's own query functions (knex's
 *             'query' event carries the dialect's native SQL and bindings, as .toSQL().toNative()
 *             would), then each request runs them with the raw driver.
 *
 * The parent sends {kinds} over IPC and gets back {port} when the server listens.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { createApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type Db } from '../src/db/connection.js';
import { createLogger } from '../src/logger.js';
import { queryPricing } from '../src/queries/operations/pricing.js';
import { queryPricingDetails, type DetailsSelector } from '../src/queries/operations/pricing-details.js';
import type { QueryDeps } from '../src/queries/deps.js';
import { querySecondaryProcesses } from '../src/queries/operations/secondary-process.js';
import { queryTableStats } from '../src/queries/operations/table-stats.js';
import { toSortKeys } from '../src/schemas/common.js';
import { pricingDetailsQuerySchema, pricingQuerySchema, secondaryProcessQuerySchema } from '../src/schemas/requests.js';
import type { Kind, Variant } from './mix.js';

const mode = process.argv[2] as 'service' | 'baseline';
const config = loadConfig(process.env);

process.on('message', (msg: { kinds?: Kind[]; exit?: boolean }) => {
  // A clean exit (not a kill) so that `--cpu-prof` writes its profile (bench/profile.ts).
  if (msg.exit) process.exit(0);
  if (msg.kinds)
    start(msg.kinds).catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
});

async function start(kinds: Kind[]): Promise<void> {
  const db = createDb(config.db);
  const server = mode === 'service' ? serviceServer(db) : await baselineServer(db, kinds);
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.address() as AddressInfo).port });
  });
}

function serviceServer(db: Db): http.Server {
  const app = createApp({ config, db, logger: createLogger(config.logLevel) });
  return http.createServer(app.callback());
}

interface Statement {
  sql: string;
  bindings: unknown[];
}

/** Each variant's statements, in the order the service ran them, and whether they may overlap. */
interface Plan {
  statements: Statement[];
  parallel: boolean;
  fixedBody?: string;
}

async function baselineServer(db: Db, kinds: Kind[]): Promise<http.Server> {
  const deps: QueryDeps = { db, timeZone: config.appTimeZone, queryTimeoutMs: config.db.queryTimeoutMs };
  let captured: Statement[] = [];
  db.on('query', (q: { sql: string; bindings?: unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] }));

  const plans = new Map<string, Plan>();
  for (const kind of kinds) {
    for (const [i, variant] of kind.variants.entries()) {
      captured = [];
      const parallel = await runThroughService(deps, variant);
      plans.set(`/b/${kind.name}/${i}`, {
        statements: captured,
        parallel,
        fixedBody: variant.path === '/api/info' ? JSON.stringify({ success: true, message: 'React Template Backend API' }) : undefined,
      });
    }
  }
  await db.destroy();
  const exec = rawExecutor(config);

  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const plan = plans.get(req.url ?? '');
      if (!plan) {
        res.writeHead(404).end();
        return;
      }
      if (plan.fixedBody) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(plan.fixedBody);
        return;
      }
      const results = plan.parallel
        ? Promise.all(plan.statements.map(exec))
        : plan.statements.reduce<Promise<unknown[]>>(async (acc, s) => [...(await acc), await exec(s)], Promise.resolve([]));
      results.then(
        (r) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: r })),
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    });
  });
}

/** Calls the query function the route would call; returns whether the service overlaps its statements. */
async function runThroughService(deps: QueryDeps, v: Variant): Promise<boolean> {
  switch (v.path) {
    case '/api/query/pricing': {
      const { current, pageSize, sort, ...filters } = pricingQuerySchema.parse(v.body ?? {});
      await queryPricing(deps, filters, { current, pageSize, sort: toSortKeys(sort) });
      return false;
    }
    case '/api/query/secondary-process': {
      const { current, pageSize, sort, ...filters } = secondaryProcessQuerySchema.parse(v.body ?? {});
      await querySecondaryProcesses(deps, filters, { current, pageSize, sort: toSortKeys(sort) });
      return false;
    }
    case '/api/query/pricing-details': {
      const q = pricingDetailsQuerySchema.parse(v.body ?? {});
      const selector = (q.pricingId !== undefined ? { pricingId: q.pricingId } : q.pricingNo !== undefined ? { pricingNo: q.pricingNo } : { partNo: q.partNo! }) as DetailsSelector;
      await queryPricingDetails(deps, selector);
      return false;
    }
    case '/api/stats/tables':
      await queryTableStats(deps);
      return true;
    case '/api/test-db':
      await deps.db.raw('select 1');
      return false;
    default:
      return false;
  }
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
      // The service's count-cache token reads it (src/db/knex-config.ts registers it per connection).
      conn.function('connection_id', { deterministic: true }, () => 1);
      const prepared = new Map<string, Database.Statement>();
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
