import { expect } from 'chai';
import { cachedTableStats, queryTableStats, STATS_MAX_AGE_MS, STATS_SLOW_MS } from '../src/queries/operations/table-stats.js';
import type { QueryDeps } from '../src/queries/deps.js';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';

/** The statistics cache of GET /api/stats/tables (src/queries/table-stats.ts). */
describe('table statistics kept when counting is slow', () => {
  let t: TestApp;
  let deps: QueryDeps;
  let queries = 0;
  /** How long the warm counting took (the slower of two runs). */
  let warmMs = 0;
  const countQuery = () => queries++;
  // An app of its own per test: kept figures live per knex instance, so none leaks into the next test.
  beforeEach(async () => {
    t = createTestApp({}, { ownDb: true });
    deps = { db: t.db, timeZone: t.config.appTimeZone, queryTimeoutMs: t.config.db.queryTimeoutMs };
    // "Cheap" is about counting, not about opening the pool's connections (a TDS login to
    // Babelfish takes ~100 ms here) or a server's first plan: both happen before the clock starts.
    warmMs = 0;
    for (let i = 0; i < 2; i++) {
      const start = performance.now();
      await queryTableStats(deps);
      warmMs = Math.max(warmMs, performance.now() - start);
    }
    t.db.on('query', countQuery);
    queries = 0;
  });
  afterEach(() => closeTestApp(t));

  it('when counting is cheap (the demo seed) then every call counts again', async function () {
    expect(STATS_SLOW_MS).to.be.at.least(10);
    // Babelfish on a loaded machine can take ~50 ms for the four counts even warm: not cheap there.
    if (warmMs >= STATS_SLOW_MS / 2) this.skip();
    const first = await t.request.get('/api/stats/tables').expect(200);
    await new Promise((r) => setTimeout(r, 5)); // lets the clock move on, so that a new count has a later generatedAt
    const second = await t.request.get('/api/stats/tables').expect(200);
    expect(queries).to.equal(8);
    expect(second.body.data).to.deep.equal(first.body.data);
    expect(Date.parse(second.body.generatedAt)).to.be.above(Date.parse(first.body.generatedAt));
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
    expect(a.data.map((r) => r.rowCount)).to.deep.equal([300, 1200, 8585, 400]);
  });
});
