import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { expectErrorBody, pricingMatches, processPage, pricingPage } from '../support/expected.js';

/**
 * Dates at the ends of the calendar, numbers up to ±1e308 and paging up to 2^31 on the two list
 * operations, as a JSON page and as a CSV export: the matching rows, or 400 naming the field.
 * test/fuzz.test.ts generates many more; these are the ones a reader looks for.
 */
const PRICING = '/api/query/pricing';
const PROCESS = '/api/query/secondary-process';

type Case = [body: Record<string, unknown>, refused?: string[]];

const PRICING_CASES: Case[] = [
  [{ pricedTo: '9999-12-31' }],
  [{ pricedFrom: '9999-12-31' }],
  [{ pricedFrom: '9999-12-31', pricedTo: '9999-12-31' }],
  [{ pricedFrom: '0001-01-01' }],
  [{ pricedTo: '0001-01-01' }],
  [{ pricedFrom: '0001-01-01', pricedTo: '9999-12-31', pageSize: 200 }],
  [{ pricedFrom: '0099-12-31', pricedTo: '0100-01-01' }],
  [{ pricedFrom: '0500-03-01', pricedTo: '1752-12-31' }],
  [{ pricedFrom: '0999-12-31', pricedTo: '2025-06-30', current: 2 }],
  [{ pricedFrom: '0000-01-01' }, ['pricedFrom']],
  [{ pricedTo: '0000-12-31' }, ['pricedTo']],
  [{ minPrice: 0, maxPrice: 1e14 }],
  [{ minPrice: 5e-324 }],
  [{ maxPrice: 99_999_999_999_999.98 }],
  [{ minPrice: 1e308 }, ['minPrice']],
  [{ maxPrice: -1e308 }, ['maxPrice']],
  [{ minPrice: -5e-324 }, ['minPrice']],
  [{ current: 1_000_000, pageSize: 200 }],
  [{ current: 2 ** 31 }, ['current']],
  [{ pageSize: 2 ** 31 }, ['pageSize']],
  [{ current: -(2 ** 31), pageSize: 2 ** 31 - 1 }, ['current', 'pageSize']],
];

const PROCESS_CASES: Case[] = [
  [{ validOn: '9999-12-31' }],
  [{ validOn: '0001-01-01' }],
  [{ validOn: '1000-01-01' }],
  [{ validOn: '0000-02-29' }, ['validOn']],
  [{ minPrice: 5e-324, maxPrice: 1e14 }],
  [{ minPrice: 1e14 }],
  [{ maxPrice: 1e308 }, ['maxPrice']],
  [{ current: 1_000_000, pageSize: 200, validOn: '9999-12-31' }],
  [{ current: 2 ** 31, pageSize: 0 }, ['current', 'pageSize']],
];

describe('extremes: dates, numbers and paging', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  for (const [path, cases, page] of [
    [PRICING, PRICING_CASES, pricingPage],
    [PROCESS, PROCESS_CASES, processPage],
  ] as const) {
    for (const [body, refused] of cases) {
      const what = `${path} ${JSON.stringify(body)}`;
      if (refused) {
        it(`${what}: 400 naming ${refused.join(', ')}, also as a CSV export`, async () => {
          expectErrorBody(await t.request.post(path).send(body), 400, 'VALIDATION_ERROR', refused);
          expectErrorBody(await t.request.post(path).set('Accept', 'text/csv').send(body), 400, 'VALIDATION_ERROR', refused);
        });
      } else {
        it(`${what}: the matching rows, also as a CSV export`, async () => {
          const expected = page(body);
          const res = await t.request.post(path).send(body);
          expect(res.status, res.text).to.equal(200);
          expect(res.body.total).to.equal(expected.total);
          expect(res.body.data.map((r: { id: number }) => r.id)).to.deep.equal(expected.data.map((r) => r.id));
          const csv = await t.request.post(path).set('Accept', 'text/csv').send(body);
          expect(csv.status, csv.text.slice(0, 200)).to.equal(200);
          expect(csv.headers['content-type']).to.match(/^text\/csv/);
          expect(csv.headers['x-total-count']).to.equal(String(expected.total));
        });
      }
    }
  }

  it('POST /api/query/pricing-details: pricingId 2^31 - 1 is not found, 2^31 is refused', async () => {
    expectErrorBody(await t.request.post('/api/query/pricing-details').send({ pricingId: 2 ** 31 - 1 }), 404, 'NOT_FOUND');
    expectErrorBody(await t.request.post('/api/query/pricing-details').send({ pricingId: 2 ** 31 }), 400, 'VALIDATION_ERROR', [
      'pricingId',
    ]);
  });

  describe('in a time zone behind UTC, where the end of 9999-12-31 is in year 10000', () => {
    let west: TestApp;
    before(() => {
      west = createTestApp({ APP_TIMEZONE: 'America/New_York' });
    });
    after(() => closeTestApp(west));

    it('pricedTo 9999-12-31 and pricedFrom 0001-01-01: every row, as a page and as a CSV export', async () => {
      const all = pricingMatches({}).length;
      for (const body of [{ pricedTo: '9999-12-31' }, { pricedFrom: '0001-01-01', pricedTo: '9999-12-31' }, { pricedFrom: '0001-01-01' }]) {
        const res = await west.request.post(PRICING).send(body);
        expect(res.status, res.text).to.equal(200);
        expect(res.body.total).to.equal(all);
        const csv = await west.request.post(PRICING).set('Accept', 'text/csv').send(body);
        expect(csv.status).to.equal(200);
        expect(csv.headers['x-total-count']).to.equal(String(all));
      }
      const none = await west.request.post(PRICING).send({ pricedFrom: '9999-12-31' });
      expect(none.body.total).to.equal(0);
    });
  });
});
