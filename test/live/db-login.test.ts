import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { createDb } from '../../src/db/connection.js';
import { Readiness, type ReadinessState } from '../../src/lifecycle/readiness.js';
import { createLogger } from '../../src/logger.js';
import { adminConnection, testConfig, type NetworkClient } from '../support/context.js';
import { LIVE_CLIENTS } from './live-support.js';

/**
 * A login the live server refuses (a wrong password; on PostgreSQL, whose test server trusts every
 * known role, a role that does not exist): every database route answers 503 DB_UNAVAILABLE, never
 * 500; readiness names `login-failed`; and no log line holds the password. The configuration is a
 * DATABASE_URL, the form most likely to be quoted whole by a driver. A host that does not resolve
 * is named `host-unknown` the same way.
 */

const FAIL_ENV = { DB_CHECK_TIMEOUT_MS: '2000', DB_CONNECT_TIMEOUT_MS: '2000', DB_ACQUIRE_TIMEOUT_MS: '3000', DB_POOL_MAX: '4' };
/** A refused login is answered at once; this only guards against waiting for the pool instead. */
const FAIL_FAST_MS = 3000 + 1500;

const SCHEME: Record<NetworkClient, string> = { pg: 'postgres', mysql2: 'mysql', mssql: 'mssql' };

/** The driver's own code for a refused login, as the error middleware logs it. */
const LOGIN_CODES: Record<NetworkClient, string[]> = {
  pg: ['28000', '28P01'],
  mysql2: ['ER_ACCESS_DENIED_ERROR', 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR'],
  mssql: ['ELOGIN'],
};

interface LoggedApp {
  request: ReturnType<typeof supertest>;
  /** Every line the service logged (pino JSON), knex's own warnings included. */
  lines: string[];
  /** Each state the readiness check reported as a change (server.ts logs these at start-up). */
  changes: ReadinessState[];
  close(): Promise<void>;
}

/** The app as server.ts builds it, logging into memory. */
function loggedApp(env: NodeJS.ProcessEnv): LoggedApp {
  const config = testConfig(env);
  const lines: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
  const db = createDb(config.db, logger);
  const changes: ReadinessState[] = [];
  const readiness = new Readiness(db, config.db.checkTimeoutMs, (state) => {
    changes.push(state);
    if (!state.ready) logger.warn({ reason: state.reason, detail: state.detail }, `not ready: ${state.reason} (${state.detail})`);
  });
  const webRoot = path.join(os.tmpdir(), 'pricing-test-without-web-build');
  const app = createApp({ config, db, logger, readiness, webRoot });
  return { request: supertest(app.callback()), lines, changes, close: () => db.destroy() };
}

/** The wrong login as a DATABASE_URL; the password holds characters that need encoding. */
function wrongLoginEnv(client: NetworkClient, password: string): NodeJS.ProcessEnv {
  const admin = adminConnection(client);
  // pg: the local test server trusts its roles whatever the password, but refuses one it does not know.
  const user = client === 'pg' ? `nobody_${process.pid}` : admin.user;
  const url = `${SCHEME[client]}://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${admin.host}:${admin.port}/${admin.database}`;
  return {
    DB_CLIENT: client,
    DATABASE_URL: url,
    ...FAIL_ENV,
    ...(client === 'mssql' ? { DB_ENCRYPT: admin.encrypt, DB_TRUST_SERVER_CERTIFICATE: admin.trustServerCertificate } : {}),
  };
}

async function expectAllUnavailable(t: LoggedApp, hidden: RegExp): Promise<void> {
  const requests: [string, () => supertest.Test][] = [
    ['pricing', () => t.request.post('/api/query/pricing').send({})],
    ['secondary-process', () => t.request.post('/api/query/secondary-process').send({ keyword: '镀锌' })],
    ['pricing-details', () => t.request.post('/api/query/pricing-details').send({ pricingId: 1 })],
    ['stats/tables', () => t.request.get('/api/stats/tables')],
  ];
  // Concurrently, as traffic comes: each waiting request must get the refusal, not a pool time-out.
  const answers = await Promise.all(
    requests.map(async ([name, send]) => {
      const start = performance.now();
      const res = await send();
      return { name, res, ms: performance.now() - start };
    }),
  );
  for (const { name, res, ms } of answers) {
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).to.equal(503);
    expect(res.body).to.include({ success: false, code: 'DB_UNAVAILABLE', message: '数据库暂时不可用' });
    expect(JSON.stringify(res.body)).not.to.match(hidden);
    expect(ms, `${name} answered in ${Math.round(ms)} ms`).to.be.below(FAIL_FAST_MS);
  }
}

for (const client of LIVE_CLIENTS) {
  describe(`a ${client} login the server refuses`, function () {
    this.timeout(20_000);
    const password = `Wr0ng:pw@${crypto.randomBytes(6).toString('hex')}`;
    // The password as it is, and as the URL carries it.
    const secrets = [password, encodeURIComponent(password), password.split('@')[1]!];
    let t: LoggedApp;

    before(() => {
      t = loggedApp(wrongLoginEnv(client, password));
    });
    after(async () => {
      await t?.close();
    });

    it('the query routes and /api/stats/tables: 503 DB_UNAVAILABLE, not 500, without driver text', async () => {
      await expectAllUnavailable(t, /login|denied|nobody|password|28000|28P01|ER_|ELOGIN/i);
      // Again, once the pool has seen the refusal: still 503.
      const again = await t.request.post('/api/query/pricing').send({ pageSize: 1 });
      expect(again.status).to.equal(503);
      expect(again.body.code).to.equal('DB_UNAVAILABLE');
    });

    it('readiness: 503 NOT_READY naming login-failed; the reported state leads with it', async () => {
      const ready = await t.request.get('/api/health/ready');
      expect(ready.status).to.equal(503);
      expect(ready.body).to.include({ success: false, code: 'NOT_READY', message: '服务未就绪：数据库不可用（login-failed）' });
      const state = t.changes.at(-1);
      expect(state).to.deep.include({ ready: false, reason: 'database-unavailable', cause: 'login-failed' });
      expect((state as { detail: string }).detail).to.match(/^login-failed: /);
    });

    it('/api/test-db: false; the failures are counted as DB_UNAVAILABLE', async () => {
      expect((await t.request.get('/api/test-db')).body).to.deep.equal({ success: false, message: '数据库连接失败' });
      const metrics = await t.request.get('/api/metrics');
      const counted = Number(/^db_errors_total\{code="DB_UNAVAILABLE"\} (\d+)$/m.exec(metrics.text)?.[1] ?? 0);
      expect(counted).to.be.at.least(5);
    });

    it("no log line holds the password; the failed requests are logged with the driver's code and the cause", () => {
      expect(t.lines.length).to.be.above(5);
      for (const line of t.lines) for (const secret of secrets) expect(line).not.to.include(secret);
      const failed = t.lines
        .map((l) => JSON.parse(l) as { msg: string; err?: { code?: string }; dbCause?: string })
        .filter((l) => l.msg === 'request failed');
      expect(failed.length).to.be.at.least(5);
      for (const line of failed) expect(LOGIN_CODES[client]).to.include(line.err?.code);
      for (const line of failed) expect(line.dbCause).to.equal('login-failed');
      expect(t.lines.some((l) => l.includes('not ready: database-unavailable (login-failed: '))).to.equal(true);
    });
  });

  describe(`a ${client} host that does not resolve`, function () {
    this.timeout(20_000);
    let t: LoggedApp;

    before(() => {
      const env = wrongLoginEnv(client, 'Wr0ng-host-pw');
      env.DATABASE_URL = env.DATABASE_URL!.replace(/@[^/]+\//, `@no-such-host-${process.pid}.invalid:1433/`);
      t = loggedApp(env);
    });
    after(async () => {
      await t?.close();
    });

    it('503 DB_UNAVAILABLE; readiness names host-unknown', async () => {
      await expectAllUnavailable(t, /ENOTFOUND|EAI_AGAIN|invalid|getaddrinfo/i);
      const ready = await t.request.get('/api/health/ready');
      expect(ready.body).to.include({ code: 'NOT_READY', message: '服务未就绪：数据库不可用（host-unknown）' });
      for (const line of t.lines) expect(line).not.to.include('Wr0ng-host-pw');
    });
  });
}
