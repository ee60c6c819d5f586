import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../src/app.js';
import { createDb } from '../src/db/connection.js';
import { createLogger } from '../src/logger.js';
import { sharedTestDb, testConfig } from './support/context.js';

const TOKEN = 'log-secret-token-7f3a9c1e5b2d';
const WRONG_TOKEN = 'log-wrong-token-0a1b2c3d4e5f';

/** An app whose logger writes into `lines` (one parsed JSON object per line). */
function loggedApp(env: NodeJS.ProcessEnv, db = sharedTestDb()) {
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      raw.push(String(chunk));
      done();
    },
  });
  const config = testConfig(env);
  const logger = createLogger(config.logLevel, sink);
  const app = createApp({ config, db, logger });
  const lines = () =>
    raw
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { request: supertest(app.callback()), raw, lines };
}

describe('logs', () => {
  it('one JSON line per request with request id, method, route, status and duration', async () => {
    const t = loggedApp({ LOG_LEVEL: 'info' });
    await t.request.post('/api/query/pricing').set('X-Request-Id', 'req-log-1').send({ pageSize: 1 }).expect(200);
    await t.request.get('/api/nope').set('X-Request-Id', 'req-log-2').expect(404);
    const requests = t.lines().filter((l) => l.msg === 'request');
    expect(requests).to.have.length(2);
    const [first, second] = requests as [Record<string, unknown>, Record<string, unknown>];
    expect(first).to.include({ requestId: 'req-log-1', method: 'POST', route: '/api/query/pricing', status: 200, level: 30 });
    expect(first.durationMs).to.be.a('number');
    expect(first.dbMs).to.be.a('number');
    expect(first.time).to.match(/^\d{4}-\d\d-\d\dT/);
    expect(second).to.include({ requestId: 'req-log-2', route: 'unmatched', status: 404, code: 'NOT_FOUND' });
  });

  it('each request line names the client address: the socket peer, or with TRUST_PROXY what our proxy appended', async () => {
    const direct = loggedApp({ LOG_LEVEL: 'info' });
    await direct.request.get('/api/info').set('X-Forwarded-For', '6.6.6.6').expect(200);
    const [line] = direct.lines().filter((l) => l.msg === 'request');
    expect(line?.ip)
      .to.be.a('string')
      .and.match(/127\.0\.0\.1|::1/);
    const proxied = loggedApp({ LOG_LEVEL: 'info', TRUST_PROXY: 'true' });
    await proxied.request.get('/api/info').set('X-Forwarded-For', '6.6.6.6, 203.0.113.7').expect(200);
    expect(proxied.lines().find((l) => l.msg === 'request')?.ip).to.equal('203.0.113.7');
  });

  it('LOG_LEVEL=warn drops the per-request lines', async () => {
    const t = loggedApp({ LOG_LEVEL: 'warn' });
    await t.request.get('/api/info').expect(200);
    expect(t.lines()).to.have.length(0);
  });

  it('a 5xx is logged with its stack; the answer has none', async () => {
    const config = testConfig({ DB_CLIENT: 'pg', DB_HOST: '127.0.0.1', DB_PORT: '1', DB_NAME: 'none', DB_ACQUIRE_TIMEOUT_MS: '500' });
    const db = createDb(config.db, createLogger('silent'));
    try {
      const t = loggedApp({ LOG_LEVEL: 'info', DB_CLIENT: 'pg', DB_HOST: '127.0.0.1', DB_PORT: '1', DB_NAME: 'none' }, db);
      const res = await t.request.get('/api/stats/tables').set('X-Request-Id', 'req-log-503').expect(503);
      expect(Object.keys(res.body).sort()).to.deep.equal(['code', 'message', 'requestId', 'success']);
      expect(res.text).to.not.match(/ECONNREFUSED|at .*\.js|knex/i);
      const failure = t.lines().find((l) => l.msg === 'request failed');
      expect(failure, 'an error line').to.not.equal(undefined);
      expect(failure).to.include({ requestId: 'req-log-503', level: 50 });
      expect((failure!.err as { stack?: string }).stack).to.match(/ECONNREFUSED|connect/);
    } finally {
      await db.destroy();
    }
  });

  it('a database never migrated: one warning naming the fix, not an error with SQL per request', async () => {
    const file = path.join(os.tmpdir(), `pricing-log-empty-${process.pid}.sqlite3`);
    const config = testConfig({ DB_FILENAME: file });
    const db = createDb(config.db, createLogger('silent'));
    try {
      const t = loggedApp({ LOG_LEVEL: 'info', DB_FILENAME: file }, db);
      for (let i = 0; i < 3; i++) {
        const res = await t.request.post('/api/query/pricing').send({ keyword: 'x' }).expect(503);
        expect(res.body.code).to.equal('DB_SCHEMA_MISSING');
      }
      expect(t.lines().filter((l) => l.msg === 'request failed')).to.deep.equal([]);
      const warnings = t.lines().filter((l) => l.level === 40);
      expect(warnings).to.have.length(1);
      expect(String(warnings[0]!.msg)).to.include('npm run db:migrate');
      expect(t.raw.join('')).to.not.match(/select /i);
    } finally {
      await db.destroy();
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    }
  });

  it('a 5xx from a failing query logs the SQL shape, never the bound search text', async () => {
    // Our tables with one column renamed (another system's change): every query fails in the driver (500).
    const file = path.join(os.tmpdir(), `pricing-log-broken-${process.pid}.sqlite3`);
    const config = testConfig({ DB_FILENAME: file });
    const db = createDb(config.db, createLogger('silent'));
    await db.migrate.latest();
    await db.seed.run();
    await db.raw('alter table pricing rename column pricing_no to pricing_number');
    // Texts the demo data holds, so that the searches find rows and the page's statement runs.
    const NEEDLE = '左支架';
    try {
      const t = loggedApp({ LOG_LEVEL: 'info', DB_FILENAME: file }, db);
      for (const body of [{ keyword: NEEDLE }, { partName: NEEDLE, supplier: '精密' }]) {
        await t.request.post('/api/query/pricing').send(body).expect(500);
      }
      const details = await t.request.post('/api/query/pricing-details').send({ partNo: 'P-100217' });
      expect(details.status).to.equal(500);
      const failures = t.lines().filter((l) => l.msg === 'request failed');
      expect(failures).to.have.length(3);
      for (const failure of failures) {
        const message = (failure.err as { message: string }).message;
        expect(message, 'the SQL shape with its placeholders').to.match(/select .* from .*\?/i);
        expect(message).to.include('no such');
      }
      for (const text of [NEEDLE, '精密', 'P-100217']) expect(t.raw.join('')).to.not.include(text);
    } finally {
      await db.destroy();
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    }
  });

  it('redacts the bindings knex puts on its time-out errors, keeping the SQL', () => {
    const raw: string[] = [];
    const logger = createLogger('info', new Writable({ write: (c, _e, done) => (raw.push(String(c)), done()) }));
    const err = Object.assign(new Error('Defined query timeout of 100ms exceeded when running query.'), {
      sql: 'select count(*) from pricing where lower(part_name) like ? escape ?',
      bindings: ['%secret-search-8d1f%', '!'],
    });
    logger.error({ err }, 'request failed');
    const line = JSON.parse(raw.join('')) as { err: { sql: string; bindings: unknown } };
    expect(line.err.sql).to.equal(err.sql);
    expect(line.err.bindings).to.equal('[redacted]');
    expect(raw.join('')).to.not.include('secret-search');
  });

  it('never writes a bearer token, good or bad, whatever the outcome', async () => {
    const t = loggedApp({ LOG_LEVEL: 'trace', API_TOKENS: TOKEN, RATE_LIMIT_PER_MINUTE: '3' });
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    await t.request.post('/api/query/pricing').set(auth(TOKEN)).send({ keyword: 'x' }).expect(200);
    await t.request.post('/api/query/pricing').set(auth(TOKEN)).send({ pageSize: -1 }).expect(400);
    await t.request.get(`/api/stats/tables?access_token=${TOKEN}`).set(auth(TOKEN)).expect(200);
    await t.request.get('/api/stats/tables').set(auth(TOKEN)).expect(429);
    await t.request.get('/api/stats/tables').set(auth(WRONG_TOKEN)).expect(401);
    await t.request.get('/api/info').set(auth(WRONG_TOKEN)).expect(200);
    const all = t.raw.join('');
    expect(t.lines().length).to.be.at.least(6);
    expect(all).to.not.include(TOKEN);
    expect(all).to.not.include(WRONG_TOKEN);
  });

  it('redacts an Authorization header if code ever logs one', () => {
    const raw: string[] = [];
    const logger = createLogger('info', new Writable({ write: (c, _e, done) => (raw.push(String(c)), done()) }));
    logger.info({ headers: { authorization: `Bearer ${TOKEN}` }, token: TOKEN }, 'oops');
    expect(raw.join('')).to.not.include(TOKEN);
  });
});
