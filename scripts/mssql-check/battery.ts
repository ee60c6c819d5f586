import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { createApp } from '../../src/app.js';
import { loadConfig, type DbConfig } from '../../src/config.js';
import type { Db } from '../../src/db/connection.js';
import { createLogger } from '../../src/logger.js';
import { BATTERY, comparable, firstDifference, type BatteryCase } from '../../test/support/identity-battery.js';

export interface BatteryReport {
  requests: number;
  /** Requests whose answers are not empty on the reference (the battery is not vacuous). */
  nonEmpty: number;
  differences: { name: string; detail: string }[];
}

interface Served {
  url: string;
  close(): Promise<void>;
}

/**
 * The service as it runs, on `db`, with the defaults of every other setting: the caller's API_TOKENS,
 * rate limits or CORS must not change the answers compared.
 */
function appOn(db: Db, dbConfig: DbConfig): Koa {
  const base = loadConfig({ LOG_LEVEL: 'silent' });
  const config = { ...base, db: dbConfig };
  return createApp({ config, db, logger: createLogger('silent') });
}

async function serve(app: Koa): Promise<Served> {
  const handle = app.callback();
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function send(base: string, c: BatteryCase): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(base + c.path, {
    method: c.method.toUpperCase(),
    ...(c.method === 'post' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(c.body) } : {}),
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { unparsable: text.slice(0, 200) };
  }
  return { status: res.status, body };
}

/**
 * Sends every request of the battery to the reference (SQLite) and the target (SQL Server) apps
 * and compares status, `data` and `total`, as test/live/cross-db.test.ts does.
 */
export async function runBattery(
  reference: { db: Db; config: DbConfig },
  target: { db: Db; config: DbConfig },
  onCase?: (done: number) => void,
): Promise<BatteryReport> {
  const [ref, tgt] = await Promise.all([serve(appOn(reference.db, reference.config)), serve(appOn(target.db, target.config))]);
  const report: BatteryReport = { requests: BATTERY.length, nonEmpty: 0, differences: [] };
  try {
    for (const [i, c] of BATTERY.entries()) {
      const [a, b] = await Promise.all([send(ref.url, c), send(tgt.url, c)]);
      const data = a.body.data;
      if (Array.isArray(data) ? data.length > 0 : data) report.nonEmpty++;
      if (a.status !== c.status || b.status !== c.status) {
        report.differences.push({
          name: c.name,
          detail: `status ${b.status} on SQL Server, ${a.status} on SQLite, expected ${c.status}: ${JSON.stringify(b.body).slice(0, 300)}`,
        });
      } else {
        const [x, y] = [comparable(a.body), comparable(b.body)];
        if (x !== y) report.differences.push({ name: c.name, detail: `differs from SQLite ${firstDifference(x, y)}` });
      }
      onCase?.(i + 1);
    }
  } finally {
    await Promise.all([ref.close(), tgt.close()]);
  }
  return report;
}
