import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { STATS_MAX_AGE_MS } from '../../src/queries/operations/table-stats.js';
import { seed } from '../support/expected.js';

describe('GET /api/stats/tables', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  it('when called then the four tables come back with labels, row counts and the newest updated_at', async () => {
    const before = Date.now();
    const res = await t.request.get('/api/stats/tables');
    expect(res.status).to.equal(200);
    const { generatedAt, ...rest } = res.body;
    expect(rest).to.deep.equal({ success: true, data: seed.stats, total: 4 });
    expect(Object.keys(res.body)).to.deep.equal(['success', 'data', 'total', 'generatedAt']);
    for (const row of res.body.data) expect(Object.keys(row)).to.deep.equal(['table', 'label', 'rowCount', 'lastUpdatedAt']);
    expect(generatedAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // When counting is slow (a loaded machine, a cold database) the figures are kept up to
    // STATS_MAX_AGE_MS, and generatedAt says when they were counted.
    expect(Date.parse(generatedAt)).to.be.within(before - STATS_MAX_AGE_MS - 1000, Date.now() + 1000);
  });

  it('when compared with the seed sizes then the counts are 300, 1200, as many detail lines as the seed has, and 400, and pricing_details has no lastUpdatedAt', async () => {
    const res = await t.request.get('/api/stats/tables');
    const details = seed.stats.find((s) => s.table === 'pricing_details')!.rowCount;
    expect(details, '4–10 lines a pricing').to.be.within(4 * 1200, 10 * 1200);
    expect(res.body.data.map((r: { rowCount: number }) => r.rowCount)).to.deep.equal([300, 1200, details, 400]);
    expect(res.body.data.map((r: { label: string }) => r.label)).to.deep.equal(['物料', '核价记录', '核价明细', '二次加工报价']);
    expect(res.body.data[2].lastUpdatedAt).to.equal(null);
    for (const i of [0, 1, 3]) expect(res.body.data[i].lastUpdatedAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
  });
});
