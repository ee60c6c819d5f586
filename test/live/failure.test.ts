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

/**
 * The database goes away and comes back; the service must keep answering, fail fast with the
 * contract's codes, and recover by itself. The database sits behind a TCP proxy that the test cuts.
 */

const CHECK_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 1000;
const ACQUIRE_TIMEOUT_MS = 2000;
/** "Within a few seconds": a failed query must not wait longer than this. */
const FAIL_FAST_MS = ACQUIRE_TIMEOUT_MS + 1500;

const FAILURE_ENV = {
  DB_CHECK_TIMEOUT_MS: String(CHECK_TIMEOUT_MS),
  DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS),
  QUERY_TIMEOUT_MS: '5000',
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
  expect(ms, 'GET /api/test-db answers within DB_CHECK_TIMEOUT_MS').to.be.below(CHECK_TIMEOUT_MS + 400);
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
  const check = await t.request.get('/api/test-db');
  expect(check.body).to.deep.equal({ success: true, message: '数据库连接正常' });
  const res = await t.request.post('/api/query/pricing').send({ pageSize: 5 });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body.total).to.be.above(1000);
  const details = await t.request.post('/api/query/pricing-details').send({ pricingId: 1 });
  expect(details.status).to.equal(200);
}

for (const client of ['pg', 'mysql2'] as NetworkClient[]) {
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
        await trx.raw(client === 'pg' ? 'lock table pricing in access exclusive mode' : 'lock tables pricing write');
        const pending = t.request.post('/api/query/pricing').send({});
        await new Promise((r) => setTimeout(r, 300)); // the statement is now waiting for the lock
        await proxy.refuse();
        const res = await pending;
        expect(res.status, JSON.stringify(res.body)).to.equal(503);
        expect(res.body.code).to.equal('DB_UNAVAILABLE');
      } finally {
        if (client === 'mysql2') await trx.raw('unlock tables');
        await trx.rollback();
        await locker.destroy();
      }
      await proxy.restore();
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
