import { expect } from 'chai';
import type { Knex } from 'knex';
import { parse } from 'csv-parse/sync';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';

/**
 * Prices at both ends of decimal(18, 4), written by the system that owns the tables: the change
 * rates between them reach ±10^18, beyond a 64-bit integer in ten-thousandths. A list sorted or
 * filtered by the rate, and its export, still answer on every database.
 */
const PART_NO = 'ZZ-EDGE-RATE';
const NO_PREFIX = 'ZZER';
/** As text: a double cannot hold the largest value exactly. */
const MAX = '99999999999999.9999';
const NEG_MAX = '-99999999999999.9999';

/** In priced_at order; `rate` is what the contract says, to within a double's precision. */
const ROWS = [
  { key: 'p1', status: 'approved', unitPrice: '0.0001', rate: null },
  { key: 'p2', status: 'approved', unitPrice: MAX, rate: 1e18 - 2 },
  { key: 'p3', status: 'pending', unitPrice: NEG_MAX, rate: -2 },
  { key: 'p4', status: 'approved', unitPrice: '-0.0001', rate: -1 },
  { key: 'p5', status: 'pending', unitPrice: MAX, rate: -1e18 },
] as const;

async function insertRows(db: Knex): Promise<void> {
  const { id: _p, ...part } = (await db('parts').orderBy('id').first()) as Record<string, unknown>;
  const { id: _q, ...pricing } = (await db('pricing').orderBy('id').first()) as Record<string, unknown>;
  await db('parts').insert({ ...part, part_no: PART_NO, part_name: '极值样件' });
  const { id: partId } = (await db('parts').select('id').where('part_no', PART_NO).first()) as { id: number };
  for (const [i, r] of ROWS.entries()) {
    await db('pricing').insert({
      ...pricing,
      pricing_no: `${NO_PREFIX}-${r.key}`,
      part_id: partId,
      unit_price: r.unitPrice,
      unit_price_with_tax: r.unitPrice,
      status: r.status,
      priced_at: new Date(Date.UTC(2026, 0, 10 + i, 2)),
    });
  }
}

async function deleteRows(db: Knex): Promise<void> {
  const ids = db('parts').select('id').where('part_no', PART_NO);
  await db('pricing').whereIn('part_id', ids).del();
  await db('parts').where('part_no', PART_NO).del();
}

function expectRate(actual: unknown, expected: number | null, what: string): void {
  if (expected === null) return void expect(actual, what).to.equal(null);
  expect(actual, what).to.be.a('number');
  expect(Math.abs((actual as number) - expected), what).to.be.at.most(Math.abs(expected) * 1e-9);
}

describe('change rates at the ends of the price column', () => {
  let t: TestApp;
  before(async () => {
    t = createTestApp();
    await deleteRows(t.db);
    await insertRows(t.db);
  });
  after(async () => {
    await deleteRows(t.db);
    await closeTestApp(t);
  });

  it('each row carries its rate, up to ±10^18', async () => {
    const res = await t.request.post('/api/query/pricing').send({ partNo: PART_NO, sort: { pricedAt: 'ascend' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data.map((r: { pricingNo: string }) => r.pricingNo)).to.deep.equal(ROWS.map((r) => `${NO_PREFIX}-${r.key}`));
    for (const [i, r] of ROWS.entries()) expectRate(res.body.data[i].changeRate, r.rate, r.key);
  });

  for (const [direction, first] of [
    ['descend', 'p2'],
    ['ascend', 'p5'],
  ] as const) {
    it(`the whole list sorted by the rate (${direction}) answers, the extreme first, and so does its CSV`, async () => {
      const body = { sort: { changeRate: direction }, pageSize: 3 };
      const res = await t.request.post('/api/query/pricing').send(body);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data[0].pricingNo).to.equal(`${NO_PREFIX}-${first}`);
      const csv = await t.request
        .post('/api/query/pricing')
        .set('Accept', 'text/csv')
        .send({ ...body, partNo: PART_NO });
      expect(csv.status, csv.text.slice(0, 300)).to.equal(200);
      const rows: string[][] = parse(csv.text.replace(/^\uFEFF/, ''));
      expect(rows.slice(1).map((r) => r.find((cell) => cell.startsWith(NO_PREFIX)))).to.have.lengthOf(ROWS.length);
      expect(rows[1]).to.include(`${NO_PREFIX}-${first}`);
    });
  }

  it('rate filters keep the exact rows: above 1,000 only p2, below −1,000 only p5', async () => {
    for (const [filter, keys] of [
      [{ minChangeRate: 1000 }, ['p2']],
      [{ maxChangeRate: -1000 }, ['p5']],
      [{ minChangeRate: -2, maxChangeRate: -1 }, ['p3', 'p4']],
    ] as const) {
      const res = await t.request.post('/api/query/pricing').send({ partNo: PART_NO, ...filter, sort: { pricedAt: 'ascend' } });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data.map((r: { pricingNo: string }) => r.pricingNo)).to.deep.equal(keys.map((k) => `${NO_PREFIX}-${k}`));
    }
  });
});
