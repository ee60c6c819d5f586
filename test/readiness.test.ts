import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createDb, type Db } from '../src/db/connection.js';
import { checkDatabase, Readiness, READINESS_MAX_AGE_MS, type ReadinessState } from '../src/lifecycle/readiness.js';
import { ENDPOINTS } from '../src/routes/all.js';
import { closeTestApp, createTestApp, statementsDuring, testConfig, type TestApp } from './support/context.js';
import { waitFor } from './support/wait.js';

/**
 * GET /api/health/live and /api/health/ready, and what every route answers on a database without
 * this build's schema (a fresh SQLite file nobody migrated, or one migration short).
 */

const sqliteFiles: string[] = [];
function freshSqliteFile(label: string): string {
  const file = path.join(os.tmpdir(), `pricing-ready-${label}-${process.pid}-${sqliteFiles.length}.sqlite3`);
  sqliteFiles.push(file);
  return file;
}

after(() => {
  for (const f of sqliteFiles) for (const s of ['', '-wal', '-shm']) fs.rmSync(f + s, { force: true });
});

describe('liveness and readiness probes', () => {
  let t: TestApp;
  before(() => (t = createTestApp()));

  it('on the seeded database: live 200 and ready 200, uncached and without a token', async () => {
    const live = await t.request.get('/api/health/live');
    expect(live.status).to.equal(200);
    expect(live.body).to.deep.equal({ success: true, status: 'live' });
    expect(live.headers['cache-control']).to.equal('no-store');
    const ready = await t.request.get('/api/health/ready');
    expect(ready.status).to.equal(200);
    expect(ready.body).to.deep.equal({ success: true, status: 'ready' });
  });

  it('spelt as the router accepts paths (case, trailing slash): still the probes, never a 404', async () => {
    for (const path of ['/API/HEALTH/LIVE', '/api/health/live/', '/Api/Health/Ready/']) {
      const res = await t.request.get(path);
      expect(res.status, path).to.equal(200);
      expect(res.body.success, path).to.equal(true);
    }
  });

  it('they are not among the six operations of /api/info', async () => {
    const info = await t.request.get('/api/info');
    expect(Object.keys(info.body.endpoints)).to.deep.equal(Object.keys(ENDPOINTS));
    expect(Object.keys(info.body.endpoints)).to.have.length(6);
  });

  it('with API_TOKENS and a rate limit of 1 a minute: probes need no token and are never limited', async () => {
    const guarded = createTestApp({ API_TOKENS: 'probe-test-token-123456', RATE_LIMIT_PER_MINUTE: '1' });
    for (let i = 0; i < 5; i++) {
      expect((await guarded.request.get('/api/health/live')).status).to.equal(200);
      expect((await guarded.request.get('/api/health/ready')).status).to.equal(200);
    }
    expect((await guarded.request.get('/api/test-db')).status).to.equal(401);
  });

  it('a wrong method: 405 with Allow', async () => {
    const res = await t.request.post('/api/health/ready').send({});
    expect(res.status).to.equal(405);
    expect(res.headers.allow).to.equal('GET, HEAD');
    expect(res.body.code).to.equal('METHOD_NOT_ALLOWED');
  });

  it('readiness asks the database at most once a second, however often it is probed', async () => {
    const own = createTestApp({}, { ownDb: true });
    try {
      const statements = await statementsDuring(own.db, async () => {
        await Promise.all(Array.from({ length: 20 }, () => own.request.get('/api/health/ready').expect(200)));
        for (let i = 0; i < 10; i++) await own.request.get('/api/health/ready').expect(200);
      });
      expect(statements.length).to.be.within(1, 2);
      // Liveness never touches it.
      expect(await statementsDuring(own.db, async () => void (await own.request.get('/api/health/live')))).to.deep.equal([]);
    } finally {
      await closeTestApp(own);
    }
  });

  it('a database that cannot be opened: ready 503 NOT_READY (database unavailable, the cause named), live still 200', async () => {
    const broken = createTestApp({ DB_FILENAME: os.tmpdir(), DB_CHECK_TIMEOUT_MS: '500' }, { ownDb: true });
    try {
      expect((await broken.request.get('/api/health/live')).status).to.equal(200);
      const ready = await broken.request.get('/api/health/ready');
      expect(ready.status).to.equal(503);
      expect(ready.body).to.include({ success: false, code: 'NOT_READY', message: '服务未就绪：数据库不可用（cannot-open）' });
      expect(JSON.stringify(ready.body)).not.to.match(/unable to open|SQLITE|tmp/i);
      const state = await checkDatabase(broken.db, 500);
      expect(state).to.deep.include({ ready: false, reason: 'database-unavailable', cause: 'cannot-open' });
      expect((state as { detail: string }).detail).to.match(/^cannot-open: unable to open database file/);
    } finally {
      await closeTestApp(broken);
    }
  });
});

describe('readiness names why the database is unavailable', () => {
  /** A Db whose knex_migrations read fails with whatever `failure` holds at the time. */
  function failingDb(failure: { err: Error }, onAsk: () => void = () => {}): Db {
    return { select: () => (onAsk(), { from: () => ({ timeout: () => Promise.reject(failure.err) }) }) } as unknown as Db;
  }
  const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
  const noRole = Object.assign(new Error('role "nobody" does not exist'), { code: '28000' });

  it('the cause leads the detail; a driver message quoting its URL loses the password', async () => {
    expect(await checkDatabase(failingDb({ err: noRole }), 100)).to.deep.equal({
      ready: false,
      reason: 'database-unavailable',
      cause: 'login-failed',
      detail: 'login-failed: role "nobody" does not exist',
    });
    const quoting = Object.assign(new Error('getaddrinfo ENOTFOUND for postgres://nobody:Wr0ng@nohost/pricing'), { code: 'ENOTFOUND' });
    const state = await checkDatabase(failingDb({ err: quoting }), 100);
    expect(state).to.deep.include({ cause: 'host-unknown' });
    expect((state as { detail: string }).detail).to.equal('host-unknown: getaddrinfo ENOTFOUND for postgres://nobody:***@nohost/pricing');
  });

  it('a check that gets no answer: no-answer', async () => {
    const silent = { select: () => ({ from: () => ({ timeout: () => new Promise(() => {}) }) }) } as unknown as Db;
    expect(await checkDatabase(silent, 50)).to.deep.include({ ready: false, reason: 'database-unavailable', cause: 'no-answer' });
  });

  it('an error it does not know: unavailable, without a cause', async () => {
    const state = await checkDatabase(failingDb({ err: new Error('something else') }), 100);
    expect(state).to.deep.equal({ ready: false, reason: 'database-unavailable', detail: 'something else' });
  });

  it('a change of cause is reported (refused, then a wrong login), the same cause once', async function () {
    this.timeout(15_000);
    const failure = { err: refused as Error };
    const changes: ReadinessState[] = [];
    let asked = 0;
    const readiness = new Readiness(
      failingDb(failure, () => asked++),
      100,
      (s) => changes.push(s),
    );
    // A check is reused for READINESS_MAX_AGE_MS: probe until the database is asked again.
    const checkedAgain = async () => {
      const before = asked;
      await waitFor(async () => (await readiness.check(), asked > before), {
        timeoutMs: READINESS_MAX_AGE_MS + 3000,
        what: 'readiness to check the database again',
      });
    };
    await readiness.check();
    await checkedAgain();
    failure.err = noRole;
    await checkedAgain();
    expect(changes.map((s) => !s.ready && s.cause)).to.deep.equal(['connection-refused', 'login-failed']);
  });
});

describe('a database without the schema (never migrated)', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp({ DB_FILENAME: freshSqliteFile('empty'), DB_MIGRATE: 'false' }, { ownDb: true });
  });
  after(() => closeTestApp(t));

  it('readiness: 503 NOT_READY naming the schema', async () => {
    const res = await t.request.get('/api/health/ready');
    expect(res.status).to.equal(503);
    expect(res.body).to.include({ code: 'NOT_READY', message: '服务未就绪：数据库结构未迁移到最新版本' });
  });

  it('every database operation: 503 DB_SCHEMA_MISSING, never 500; counted in db_errors_total', async () => {
    const answers = await Promise.all([
      t.request.post('/api/query/pricing').send({}),
      t.request.post('/api/query/secondary-process').send({}),
      t.request.post('/api/query/pricing-details').send({ pricingId: 1 }),
      t.request.get('/api/stats/tables'),
      t.request.post('/api/query/pricing').set('Accept', 'text/csv').send({}),
    ]);
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).to.equal(503);
      expect(res.body).to.include({ success: false, code: 'DB_SCHEMA_MISSING', message: '数据库结构未迁移到最新版本' });
      expect(JSON.stringify(res.body)).to.not.match(/no such table|select/i);
    }
    const metrics = await t.request.get('/api/metrics');
    expect(metrics.text).to.match(/^db_errors_total\{code="DB_SCHEMA_MISSING"\} 5$/m);
  });

  it('/api/test-db: false (the connection works, the schema does not)', async () => {
    const res = await t.request.get('/api/test-db');
    expect(res.body).to.deep.equal({ success: false, message: '数据库连接失败' });
  });
});

describe('a database one migration short of this build', () => {
  it('readiness: 503 NOT_READY; the pending migration is named by the check', async () => {
    const file = freshSqliteFile('short');
    const db = createDb(testConfig({ DB_FILENAME: file }).db);
    const [, pending] = (await db.migrate.list()) as [unknown[], { file: string }[]];
    // Everything but the last migration.
    for (let i = 0; i < pending.length - 1; i++) await db.migrate.up();
    await db.destroy();

    const t = createTestApp({ DB_FILENAME: file, DB_MIGRATE: 'false' }, { ownDb: true });
    try {
      const res = await t.request.get('/api/health/ready');
      expect(res.status).to.equal(503);
      expect(res.body.message).to.equal('服务未就绪：数据库结构未迁移到最新版本');
      const state = await checkDatabase(t.db, 1000);
      expect(state).to.deep.include({ ready: false, reason: 'schema-not-migrated' });
      expect((state as { detail: string }).detail).to.include(pending[pending.length - 1]!.file);
    } finally {
      await closeTestApp(t);
    }
  });
});
