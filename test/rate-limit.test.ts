import crypto from 'node:crypto';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import supertest from 'supertest';
import { createApp } from '../src/app.js';
import { createRedisClient } from '../src/http/rate-limit.js';
import { createLogger } from '../src/logger.js';
import { closeTestApp, createTestApp, sharedTestDb, testConfig } from './support/context.js';

const TOKEN_A = 'rate-token-aaaaaaaaaaaaaaaa';
const TOKEN_B = 'rate-token-bbbbbbbbbbbbbbbb';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function expectRateLimited(res: supertest.Response): void {
  expect(res.status).to.equal(429);
  expect(res.body).to.include({ success: false, code: 'RATE_LIMITED' });
  expect(res.body.requestId).to.equal(res.headers['x-request-id']);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).to.be.within(1, 60);
}

/** An app with its own Redis client, as server.ts builds it. */
async function redisApp(env: NodeJS.ProcessEnv) {
  const config = testConfig(env);
  const logger = createLogger('silent');
  const redis = await createRedisClient(REDIS_URL.replace(/\/$/, ''), logger);
  const app = createApp({ config, db: sharedTestDb(), logger, redis });
  return { request: supertest(app.callback()), redis };
}

describe('RATE_LIMIT_PER_MINUTE (in memory, one instance)', () => {
  it('when a caller exceeds the limit, then 429 RATE_LIMITED with Retry-After', async () => {
    const t = createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) expect((await t.request.get('/api/stats/tables')).status).to.equal(200);
    expectRateLimited(await t.request.get('/api/stats/tables'));
    // Every route counts against the same budget, unknown paths included.
    expectRateLimited(await t.request.post('/api/query/pricing').send({}));
    await closeTestApp(t);
  });

  it('when Prometheus scrapes /api/metrics, then it is not counted (unless RATE_LIMIT_METRICS=true)', async () => {
    const t = createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    for (let i = 0; i < 5; i++) expect((await t.request.get('/api/metrics')).status, `scrape ${i}`).to.equal(200);
    expect((await t.request.get('/API/METRICS/')).status, 'however the router spells it').to.equal(200);
    expect((await t.request.get('/api/stats/tables')).status, 'the scrapes used none of the budget').to.equal(200);
    expect((await t.request.get('/api/stats/tables')).status).to.equal(200);
    expectRateLimited(await t.request.get('/api/stats/tables'));
    expect((await t.request.get('/api/metrics')).status, 'nor are scrapes refused once the budget is spent').to.equal(200);
    await closeTestApp(t);

    const limited = createTestApp({ RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_METRICS: 'true' });
    expect((await limited.request.get('/api/metrics')).status).to.equal(200);
    expect((await limited.request.get('/api/metrics')).status).to.equal(200);
    expectRateLimited(await limited.request.get('/api/metrics'));
    await closeTestApp(limited);
  });

  it('when tokens are in use, then each token has its own budget', async () => {
    const t = createTestApp({ RATE_LIMIT_PER_MINUTE: '2', API_TOKENS: `${TOKEN_A},${TOKEN_B}` });
    const as = (token: string) => t.request.get('/api/stats/tables').set('Authorization', `Bearer ${token}`);
    expect((await as(TOKEN_A)).status).to.equal(200);
    expect((await as(TOKEN_A)).status).to.equal(200);
    expectRateLimited(await as(TOKEN_A));
    expect((await as(TOKEN_B)).status).to.equal(200);
    await closeTestApp(t);
  });

  it('when TRUST_PROXY is on, then X-Forwarded-For names the client; when off, it is ignored', async () => {
    const trusted = createTestApp({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: 'true' });
    const from = (t: typeof trusted, ip: string) => t.request.get('/api/stats/tables').set('X-Forwarded-For', ip);
    expect((await from(trusted, '10.0.0.1')).status).to.equal(200);
    expectRateLimited(await from(trusted, '10.0.0.1'));
    expect((await from(trusted, '10.0.0.2')).status).to.equal(200);

    const direct = createTestApp({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: 'false' });
    expect((await from(direct, '10.0.0.1')).status).to.equal(200);
    expectRateLimited(await from(direct, '10.0.0.2'));
  });

  it('when TRUST_PROXY is on, then the left part of X-Forwarded-For (the client writes it) cannot buy more requests', async () => {
    const t = createTestApp({ RATE_LIMIT_PER_MINUTE: '10', TRUST_PROXY: 'true' });
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await t.request.get('/api/stats/tables').set('X-Forwarded-For', `10.9.9.${i}, 203.0.113.7`);
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).to.have.length(10);
    expect(statuses.slice(10)).to.deep.equal([429, 429, 429, 429]);
    expect((await t.request.get('/api/stats/tables').set('X-Forwarded-For', '203.0.113.8')).status).to.equal(200);
    await closeTestApp(t);
  });

  it('when TRUST_PROXY is 2, then the client is the second address from the right', async () => {
    const t = createTestApp({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '2' });
    const via = (xff: string) => t.request.get('/api/stats/tables').set('X-Forwarded-For', xff);
    expect((await via('6.6.6.6, 198.51.100.1, 10.0.0.9')).status).to.equal(200);
    expectRateLimited(await via('7.7.7.7, 198.51.100.1, 10.0.0.9'));
    expectRateLimited(await via('198.51.100.1, 10.0.0.8'));
    expect((await via('6.6.6.6, 198.51.100.2, 10.0.0.9')).status).to.equal(200);
    await closeTestApp(t);
  });

  it('then GET /api/info is exempt', async () => {
    const t = createTestApp({ RATE_LIMIT_PER_MINUTE: '1' });
    for (let i = 0; i < 5; i++) expect((await t.request.get('/api/info')).status).to.equal(200);
  });

  it('when it is 0 (the default), then there is no limit', async () => {
    const t = createTestApp({});
    const statuses = await Promise.all(Array.from({ length: 50 }, () => t.request.get('/api/test-db').then((r) => r.status)));
    expect(new Set(statuses)).to.deep.equal(new Set([200]));
  });
});

describe('RATE_LIMIT_PER_MINUTE with REDIS_URL (shared by every instance)', () => {
  // A fresh prefix per run: counters of an earlier run (they live 60 s) cannot interfere.
  const prefix = `pricing-test:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const clients: Redis[] = [];
  const admin = new Redis(REDIS_URL, { lazyConnect: true });

  before(async () => {
    await admin.connect();
  });
  after(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await Promise.all(clients.map((c) => c.quit()));
    await admin.quit();
  });

  it('when two instances serve one caller, then they share one limit through Redis', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '4', API_TOKENS: TOKEN_A, REDIS_URL, REDIS_KEY_PREFIX: `${prefix}:shared` };
    const one = await redisApp(env);
    const two = await redisApp(env);
    clients.push(one.redis, two.redis);
    await Promise.all(
      [one.redis, two.redis].map((r) => new Promise((resolve) => (r.status === 'ready' ? resolve(null) : r.once('ready', resolve)))),
    );

    const get = (inst: typeof one) => inst.request.get('/api/stats/tables').set('Authorization', `Bearer ${TOKEN_A}`);
    expect((await get(one)).status).to.equal(200);
    expect((await get(two)).status).to.equal(200);
    expect((await get(one)).status).to.equal(200);
    expect((await get(two)).status).to.equal(200);
    expectRateLimited(await get(one));
    expectRateLimited(await get(two));

    // The counter lives in Redis under the prefix, keyed by a token id, never by the token.
    const keys = await admin.keys(`${prefix}:shared*`);
    expect(keys).to.have.length(1);
    expect(keys[0]).to.not.include(TOKEN_A);
  });

  it('when Redis is unreachable, then each instance still answers and limits on its own', async () => {
    const config = testConfig({ RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: `${prefix}:down` });
    const logger = createLogger('silent');
    const redis = await createRedisClient('redis://127.0.0.1:1', logger);
    clients.push(redis);
    const request = supertest(createApp({ config, db: sharedTestDb(), logger, redis }).callback());
    const started = Date.now();
    expect((await request.get('/api/stats/tables')).status).to.equal(200);
    expect((await request.get('/api/stats/tables')).status).to.equal(200);
    expectRateLimited(await request.get('/api/stats/tables'));
    expect(Date.now() - started, 'no waiting for Redis').to.be.below(2000);
    redis.disconnect();
    clients.pop();
  });
});
