import { expect } from 'chai';
import { ENDPOINTS } from '../src/routes/all.js';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';
import { waitFor } from './support/wait.js';

/** The value of one sample line of a Prometheus scrape, e.g. `db_pool_connections{state="used"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.request.get('/api/metrics');
  expect(res.status).to.equal(200);
  expect(res.headers['content-type']).to.match(/^text\/plain; version=0\.0\.4/);
  return res.text;
}

describe('GET /api/metrics', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp({}, { ownDb: true });
  });
  after(() => closeTestApp(t));

  it('counts requests by route pattern, method and status, with a latency histogram by route', async () => {
    await t.request.get('/api/stats/tables').expect(200);
    await t.request.get('/api/stats/tables').expect(200);
    await t.request.post('/api/query/pricing').send({ pageSize: 0 }).expect(400);
    await t.request.get('/api/nothing-here').expect(404);
    const text = await scrape(t);
    expect(sample(text, 'http_requests_total{route="/api/stats/tables",method="GET",status="200"}')).to.equal(2);
    expect(sample(text, 'http_requests_total{route="/api/query/pricing",method="POST",status="400"}')).to.equal(1);
    // Unknown paths share one label: a scanner cannot blow up the number of series.
    expect(sample(text, 'http_requests_total{route="unmatched",method="GET",status="404"}')).to.equal(1);
    expect(sample(text, 'http_request_duration_seconds_count{route="/api/stats/tables",method="GET"}')).to.equal(2);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",route="/api/stats/tables",method="GET"}')).to.equal(2);
  });

  it('reports process metrics and both database error codes from the start', async () => {
    const text = await scrape(t);
    expect(text).to.match(/^process_cpu_user_seconds_total /m);
    expect(text).to.match(/^nodejs_eventloop_lag_seconds /m);
    expect(text).to.match(/^process_resident_memory_bytes /m);
    expect(sample(text, 'db_errors_total{code="DB_UNAVAILABLE"}')).to.equal(0);
    expect(sample(text, 'db_errors_total{code="QUERY_TIMEOUT"}')).to.equal(0);
  });

  it('reports the database pool as it is at scrape time (used, free, pending)', async () => {
    // A pool of one connection on every database (SQLite always has one), so "free" is exact.
    const t = createTestApp({ DB_POOL_MAX: '1' }, { ownDb: true });
    try {
      await t.request.get('/api/stats/tables').expect(200);
      let text = await scrape(t);
      expect(sample(text, 'db_pool_connections{state="used"}')).to.equal(0);
      expect(sample(text, 'db_pool_connections{state="free"}')).to.equal(1);

      // Hold the only connection: a query request must now wait for it.
      const client = t.db.client as { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): Promise<void> };
      const held = await client.acquireConnection();
      // A list query, not the statistics: those are kept when counting was slow (a cold pool).
      const waiting = t.request
        .post('/api/query/pricing')
        .send({ pageSize: 1 })
        .then((r) => r.status);
      try {
        text = await waitFor(
          async () => {
            const scraped = await scrape(t);
            return (sample(scraped, 'db_pool_connections{state="pending"}') ?? 0) >= 1 && scraped;
          },
          { what: 'the query request to wait for a connection (pending >= 1)' },
        );
        expect(sample(text, 'db_pool_connections{state="used"}')).to.equal(1);
        expect(sample(text, 'db_pool_connections{state="free"}')).to.equal(0);
        expect(sample(text, 'db_pool_connections{state="pending"}')).to.be.at.least(1);
      } finally {
        await client.releaseConnection(held); // or closing the app waits for it forever
      }
      expect(await waiting).to.equal(200);
    } finally {
      await closeTestApp(t);
    }
  });

  it('each app has its own registry', async () => {
    const other = createTestApp({});
    const text = await scrape(other);
    expect(sample(text, 'http_requests_total{route="/api/stats/tables",method="GET",status="200"}')).to.equal(undefined);
  });

  it('is not listed in GET /api/info', async () => {
    const res = await t.request.get('/api/info').expect(200);
    expect(Object.keys(res.body.endpoints)).to.deep.equal(Object.keys(ENDPOINTS));
    expect(JSON.stringify(res.body.endpoints)).to.not.include('metrics');
  });
});

describe('database errors in /api/metrics', () => {
  let t: TestApp;
  before(() => {
    // Nothing listens on port 1: every query fails with a refused connection (503).
    t = createTestApp(
      { DB_CLIENT: 'pg', DB_HOST: '127.0.0.1', DB_PORT: '1', DB_NAME: 'none', DB_CONNECT_TIMEOUT_MS: '500', DB_ACQUIRE_TIMEOUT_MS: '1000' },
      { ownDb: true },
    );
  });
  after(() => closeTestApp(t));

  it('when the database is unreachable, then 503s are counted as DB_UNAVAILABLE', async () => {
    const res = await t.request.get('/api/stats/tables');
    expect(res.status).to.equal(503);
    const text = await scrape(t);
    expect(sample(text, 'db_errors_total{code="DB_UNAVAILABLE"}')).to.equal(1);
    expect(sample(text, 'http_requests_total{route="/api/stats/tables",method="GET",status="503"}')).to.equal(1);
  });
});

describe('Server-Timing', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp({});
  });
  after(() => closeTestApp(t));

  const timing = (header: string | undefined) => {
    const m = /^db;dur=(\d+(?:\.\d+)?);desc="(\d+) quer(?:y|ies)"$/.exec(header ?? '');
    expect(m, `Server-Timing: ${header}`).to.not.equal(null);
    return { dur: Number(m![1]), queries: Number(m![2]) };
  };

  it('a query answer says how long it waited on the database', async () => {
    const started = performance.now();
    const res = await t.request.post('/api/query/pricing').send({ pageSize: 5 }).expect(200);
    const elapsed = performance.now() - started;
    const { dur, queries } = timing(res.headers['server-timing']);
    expect(queries).to.be.at.least(1);
    expect(dur).to.be.above(0).and.at.most(elapsed);
  });

  // Routes hand the request's clock to the queries themselves (withDbClock): one that forgot would
  // answer without the header.
  it('every operation that queries says so: test-db, both lists, details, review and compare (found or not)', async () => {
    const answers: [string, { headers: Record<string, string> }][] = [
      ['test-db', await t.request.get('/api/test-db').expect(200)],
      ['pricing', await t.request.post('/api/query/pricing').send({ keyword: '支架' }).expect(200)],
      ['secondary-process', await t.request.post('/api/query/secondary-process').send({ processName: '镀' }).expect(200)],
      ['details', await t.request.post('/api/query/pricing-details').send({ pricingId: 1 }).expect(200)],
      ['details 404', await t.request.post('/api/query/pricing-details').send({ pricingNo: 'NO-SUCH-PRICING' }).expect(404)],
      ['review', await t.request.post('/api/query/pricing-review').send({ pricingId: 2 }).expect(200)],
      ['review 404', await t.request.post('/api/query/pricing-review').send({ pricingId: 999_999_999 }).expect(404)],
      ['compare', await t.request.post('/api/query/pricing-compare').send({ pricingId: 2 }).expect(200)],
      [
        'compare with a base of another part',
        await t.request.post('/api/query/pricing-compare').send({ pricingId: 2, basePricingId: 5 }).expect(400),
      ],
    ];
    for (const [name, res] of answers) expect(timing(res.headers['server-timing']).queries, name).to.be.at.least(1);
  });

  it('an answer without a query has no Server-Timing', async () => {
    const res = await t.request.get('/api/info').expect(200);
    expect(res.headers['server-timing']).to.equal(undefined);
  });

  it('under concurrency each answer counts its own queries only', async () => {
    // Searches differ in how many statements they take (count first, plan), so each request is
    // compared with the same request sent alone. Not the statistics: once counting them proved slow
    // (a loaded machine) they are kept, and a kept answer runs no query at all.
    const requests = Array.from({ length: 30 }, (_, i) => {
      const kind = (['test-db', 'pricing', 'details'] as const)[i % 3]!;
      return () =>
        kind === 'test-db'
          ? t.request.get('/api/test-db')
          : kind === 'pricing'
            ? t.request.post('/api/query/pricing').send({ keyword: String(i % 7) })
            : t.request.post('/api/query/pricing-details').send({ pricingId: 1 + i });
    });
    const solo: number[] = [];
    for (const send of requests) solo.push(timing((await send()).headers['server-timing']).queries);
    const together = await Promise.all(requests.map((send) => send()));
    together.forEach((res, i) => expect(timing(res.headers['server-timing']).queries, `request ${i}`).to.equal(solo[i]));
  });
});
