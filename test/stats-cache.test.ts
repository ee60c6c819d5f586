import { expect } from 'chai';
import { cachedTableStats, STATS_MAX_AGE_MS } from '../src/queries/operations/table-stats.js';
import type { QueryDeps } from '../src/queries/deps.js';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';
import { seed } from './support/expected.js';

/** The statistics cache of GET /api/stats/tables (src/queries/table-stats.ts). */
describe('table statistics kept when counting is slow', () => {
  let t: TestApp;
  let deps: QueryDeps;
  let queries = 0;
  const countQuery = () => queries++;
  // An app of its own per test: kept figures live per knex instance, so none leaks into the next test.
  beforeEach(() => {
    t = createTestApp({}, { ownDb: true });
    deps = { db: t.db, timeZone: t.config.appTimeZone, queryTimeoutMs: t.config.db.queryTimeoutMs };
    t.db.on('query', countQuery);
    queries = 0;
  });
  afterEach(() => closeTestApp(t));

  // Whether counting is cheap is decided by the threshold, not by this machine's speed: none is slow enough here.
  it('when counting took less than slowMs then every call counts again', async () => {
    const policy = { maxAgeMs: STATS_MAX_AGE_MS, slowMs: Number.POSITIVE_INFINITY };
    const first = await cachedTableStats(deps, policy);
    await new Promise((r) => setTimeout(r, 5)); // lets the clock move on, so that a new count has a later generatedAt
    const second = await cachedTableStats(deps, policy);
    expect(queries).to.equal(8);
    expect(second.data).to.deep.equal(first.data);
    expect(Date.parse(second.generatedAt)).to.be.above(Date.parse(first.generatedAt));
  });

  it('when counting took at least slowMs then calls within maxAgeMs share one count and its generatedAt', async () => {
    const policy = { maxAgeMs: STATS_MAX_AGE_MS, slowMs: 0 };
    const first = await cachedTableStats(deps, policy);
    const again = await Promise.all([1, 2, 3].map(() => cachedTableStats(deps, policy)));
    expect(queries).to.equal(4);
    for (const snapshot of again) expect(snapshot).to.deep.equal(first);
    const viaHttp = await t.request.get('/api/stats/tables').expect(200);
    expect(viaHttp.body.generatedAt).to.equal(first.generatedAt);
    expect(queries).to.equal(4);
  });

  it('when the kept figures are older than maxAgeMs then they are counted again, concurrent callers sharing the count', async () => {
    await cachedTableStats(deps, { maxAgeMs: STATS_MAX_AGE_MS, slowMs: 0 });
    queries = 0;
    await new Promise((r) => setTimeout(r, 5)); // lets time pass: the kept figures become older than maxAgeMs (1)
    const expired = { maxAgeMs: 1, slowMs: 0 };
    const [a, b] = await Promise.all([cachedTableStats(deps, expired), cachedTableStats(deps, expired)]);
    expect(queries).to.equal(4);
    expect(a).to.equal(b);
    expect(a.data.map((r) => r.rowCount)).to.deep.equal(seed.stats.map((s) => s.rowCount));
  });
});
