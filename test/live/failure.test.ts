import os from 'node:os';
import { expect } from 'chai';
import {
  adminConnection,
  closeTestApp,
  createScratchDatabase,
  createTestApp,
  prepareScratchDatabase,
  testConfig,
  type NetworkClient,
  type ScratchDatabase,
  type TestApp,
} from '../support/context.js';
import { createDb } from '../../src/db/connection.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { waitFor } from '../support/wait.js';
import { LIVE_CLIENTS, lockPricing, serviceStatements, unlockPricing } from './live-support.js';

/**
 * The database goes away and comes back; the service must keep answering, fail fast with the
 * contract's codes, and recover by itself. The database sits behind a TCP proxy that the test cuts.
 */

const CHECK_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 1000;
const ACQUIRE_TIMEOUT_MS = 2000;
/** "Within a few seconds": a failed query must not wait longer than this. */
const FAIL_FAST_MS = ACQUIRE_TIMEOUT_MS + 1500;

/** Shorter than DB_CONNECT_TIMEOUT_MS + its own value: knex's cancel cannot be what ends the wait. */
const PARTITION_QUERY_TIMEOUT_MS = 2000;

const FAILURE_ENV = {
  DB_CHECK_TIMEOUT_MS: String(CHECK_TIMEOUT_MS),
  DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS),
  QUERY_TIMEOUT_MS: String(PARTITION_QUERY_TIMEOUT_MS),
  DB_POOL_MAX: '4',
};

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

async function expectServiceUp(t: TestApp): Promise<void> {
  const info = await t.request.get('/api/info');
  expect(info.status).to.equal(200);
  expect(info.body.success).to.equal(true);
}

async function expectDbCheckFails(t: TestApp): Promise<void> {
  const { result: res, ms } = await timed(() => t.request.get('/api/test-db'));
  expect(res.status).to.equal(200);
  expect(res.body).to.deep.equal({ success: false, message: '数据库连接失败' });
  // Room for a loaded machine, short of DB_ACQUIRE_TIMEOUT_MS, which would end the wait otherwise.
  expect(ms, 'GET /api/test-db answers within DB_CHECK_TIMEOUT_MS').to.be.below(CHECK_TIMEOUT_MS + 800);
}

async function expectQueriesUnavailable(t: TestApp): Promise<void> {
  const requests = [
    () => t.request.post('/api/query/pricing').send({}),
    () => t.request.post('/api/query/secondary-process').send({ keyword: '镀锌' }),
    () => t.request.post('/api/query/pricing-details').send({ pricingId: 1 }),
    () => t.request.get('/api/stats/tables'),
  ];
  // Concurrently, as real traffic would come: none may hang on the pool.
  const results = await Promise.all(requests.map((r) => timed(r)));
  for (const { result: res, ms } of results) {
    expect(res.status, JSON.stringify(res.body)).to.equal(503);
    expect(res.body).to.include({ success: false, code: 'DB_UNAVAILABLE', message: '数据库暂时不可用' });
    expect(JSON.stringify(res.body)).not.to.match(/ECONN|127\.0\.0\.1|select/i);
    expect(ms, 'a query fails fast').to.be.below(FAIL_FAST_MS);
  }
}

async function expectWorking(t: TestApp): Promise<void> {
  // The first check after the restore opens a new connection: on Babelfish under load its login
  // and first statement can take longer than DB_CHECK_TIMEOUT_MS, so allow a few tries (5 s).
  let check = await t.request.get('/api/test-db');
  for (let i = 0; i < 5 && !check.body.success; i++) check = await t.request.get('/api/test-db');
  expect(check.body).to.deep.equal({ success: true, message: '数据库连接正常' });
  const res = await t.request.post('/api/query/pricing').send({ pageSize: 5 });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body.total).to.be.above(1000);
  const details = await t.request.post('/api/query/pricing-details').send({ pricingId: 1 });
  expect(details.status).to.equal(200);
}

for (const client of LIVE_CLIENTS) {
  describe(`when the ${client} database is unreachable, then comes back`, function () {
    this.timeout(20_000);
    let scratch: ScratchDatabase;
    let proxy: TcpProxy;
    let t: TestApp;

    before(async function () {
      this.timeout(120_000);
      scratch = await createScratchDatabase(client, 'fail');
      const db = await prepareScratchDatabase(scratch);
      await db.destroy();
      const admin = adminConnection(client);
      proxy = await new TcpProxy(admin.host, admin.port).start();
      await proxy.refuse(); // down before the service starts
      t = createTestApp({ ...scratch.env, ...FAILURE_ENV, DB_HOST: '127.0.0.1', DB_PORT: String(proxy.port) }, { ownDb: true });
    });

    after(async function () {
      this.timeout(30_000);
      await proxy?.stop();
      if (t) await closeTestApp(t);
      await scratch?.drop();
    });

    it('closed port: the service starts, /api/info answers, /api/test-db fails in time, queries get 503', async () => {
      await expectServiceUp(t);
      await expectDbCheckFails(t);
      await expectQueriesUnavailable(t);
    });

    it('when the database comes back, the service recovers by itself', async () => {
      await proxy.restore();
      await expectWorking(t);
    });

    it('connections cut while in use (port closed): 503 at once, then recovery', async () => {
      await proxy.refuse();
      await expectServiceUp(t);
      await expectDbCheckFails(t);
      await expectQueriesUnavailable(t);
      await proxy.restore();
      await expectWorking(t);
    });

    it('a query in flight when the connection drops: 503, not 500', async () => {
      const locker = createDb(testConfig(scratch.env).db); // straight to the database, not through the proxy
      const trx = await locker.transaction();
      try {
        await lockPricing(client, trx);
        // then() sends it: a supertest request left alone is not sent until awaited.
        const pending = t.request
          .post('/api/query/pricing')
          .send({})
          .then((r) => r);
        await waitFor(async () => (await serviceStatements(client, locker, scratch.name)).length > 0, {
          intervalMs: 50,
          what: 'the statement to wait for the lock on the server',
        });
        await proxy.refuse();
        const res = await pending;
        expect(res.status, JSON.stringify(res.body)).to.equal(503);
        expect(res.body.code).to.equal('DB_UNAVAILABLE');
      } finally {
        await unlockPricing(client, trx);
        await locker.destroy();
      }
      await proxy.restore();
      await expectWorking(t);
    });

    it('a partition (connections open, nothing answered): queries in flight 504 QUERY_TIMEOUT, those without a connection 503, all within QUERY_TIMEOUT_MS + 1 s, never 500; counted; recovery', async () => {
      await proxy.restore();
      await expectWorking(t); // the pool holds live connections that the partition will swallow
      const before = await t.request.get('/api/metrics');
      await proxy.silence();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => timed(() => t.request.post('/api/query/pricing').send({ pageSize: 1 + i }))),
      );
      const codes = results.map(({ result }) => `${result.status} ${result.body.code}`);
      for (const { result: res, ms } of results) {
        expect([503, 504], JSON.stringify(res.body)).to.include(res.status);
        expect(res.body.code).to.be.oneOf(['DB_UNAVAILABLE', 'QUERY_TIMEOUT']);
        expect(ms, `answered in ${Math.round(ms)} ms`).to.be.below(PARTITION_QUERY_TIMEOUT_MS + 1000);
      }
      expect(codes, 'a query sent on a swallowed connection times out').to.include('504 QUERY_TIMEOUT');
      await proxy.restore();
      const after = await t.request.get('/api/metrics');
      const counted = (text: string, code: string) =>
        Number(new RegExp(`^db_errors_total\\{code="${code}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
      const added = ['DB_UNAVAILABLE', 'QUERY_TIMEOUT'].reduce((n, code) => n + counted(after.text, code) - counted(before.text, code), 0);
      expect(added, 'every 503/504 counted in db_errors_total').to.equal(results.length);
      await expectWorking(t);
    });

    it('a listener that accepts but never answers: test-db within DB_CHECK_TIMEOUT_MS, queries 503 within seconds', async () => {
      await proxy.blackhole();
      await expectServiceUp(t);
      await expectDbCheckFails(t);
      await expectQueriesUnavailable(t);
      await proxy.restore();
      await expectWorking(t);
    });
  });
}

describe('when the SQLite file cannot be opened', function () {
  this.timeout(20_000);
  let t: TestApp;

  before(() => {
    // A directory is not a database file: better-sqlite3 fails with SQLITE_CANTOPEN on every try.
    t = createTestApp({ DB_CLIENT: 'better-sqlite3', DB_FILENAME: os.tmpdir(), ...FAILURE_ENV }, { ownDb: true });
  });
  after(async () => {
    if (t) await closeTestApp(t);
  });

  it('the service starts, /api/info answers, /api/test-db fails in time, queries get 503', async () => {
    await expectServiceUp(t);
    await expectDbCheckFails(t);
    await expectQueriesUnavailable(t);
  });
});

for (const client of ['pg', 'mysql2'] as NetworkClient[]) {
  describe(`a ${client} DB_NAME that does not exist`, function () {
    this.timeout(20_000);
    let t: TestApp;

    before(() => {
      const admin = adminConnection(client);
      t = createTestApp(
        {
          DB_CLIENT: client,
          DB_HOST: admin.host,
          DB_PORT: String(admin.port),
          DB_USER: admin.user,
          DB_PASSWORD: admin.password,
          DB_NAME: `pricing_missing_${process.pid}`,
          ...FAILURE_ENV,
        },
        { ownDb: true },
      );
    });
    after(async () => {
      if (t) await closeTestApp(t);
    });

    it('queries: 503 DB_NOT_FOUND (not 500), counted; readiness 503 naming it; test-db false', async () => {
      const res = await t.request.post('/api/query/pricing').send({});
      expect(res.status, JSON.stringify(res.body)).to.equal(503);
      expect(res.body).to.include({ success: false, code: 'DB_NOT_FOUND', message: '配置的数据库不存在' });
      expect(JSON.stringify(res.body)).not.to.match(/pricing_missing|does not exist|Unknown database/i);
      const ready = await t.request.get('/api/health/ready');
      expect(ready.status).to.equal(503);
      expect(ready.body.message).to.equal('服务未就绪：配置的数据库不存在');
      expect((await t.request.get('/api/test-db')).body.success).to.equal(false);
      expect((await t.request.get('/api/metrics')).text).to.match(/^db_errors_total\{code="DB_NOT_FOUND"\} 1$/m);
    });
  });
}
