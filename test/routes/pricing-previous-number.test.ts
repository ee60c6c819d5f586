import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { deleteFixture, FIXTURE_PRICING_PREFIX, FIXTURE_PRICINGS, insertFixture, type Fixture } from '../support/review-fixture.js';

/**
 * previousApprovedPricingNo on the review fixture's rows (test/support/review-fixture.ts): the
 * number of the pricing previousApprovedPrice is taken from, which the list's 较上次 column names.
 * The demo data's rows are checked against the model by the list's own tests (test/support/expected.ts).
 */
describe('POST /api/query/pricing: previousApprovedPricingNo', () => {
  let t: TestApp;
  let f: Fixture;
  const numberOf = (key: string) => `${FIXTURE_PRICING_PREFIX}-${key}`;

  before(async function () {
    this.timeout(60_000);
    t = createTestApp();
    f = await insertFixture(t.db);
  });
  after(async function () {
    this.timeout(60_000);
    await deleteFixture(t.db, f);
    await closeTestApp(t);
  });

  /** The contract's rule over the fixture: the part's latest approved pricing in the same currency before, by pricedAt then id. */
  function previousKey(key: string): string | null {
    const p = FIXTURE_PRICINGS.find((x) => x.key === key)!;
    const before = (q: (typeof FIXTURE_PRICINGS)[number]) =>
      q.pricedAt < p.pricedAt || (q.pricedAt === p.pricedAt && f.pricing[q.key]! < f.pricing[p.key]!);
    const candidates = FIXTURE_PRICINGS.filter(
      (q) => q.part === p.part && (q.currency ?? 'CNY') === (p.currency ?? 'CNY') && q.status === 'approved' && before(q),
    );
    candidates.sort((a, b) => (a.pricedAt === b.pricedAt ? f.pricing[b.key]! - f.pricing[a.key]! : a.pricedAt < b.pricedAt ? 1 : -1));
    return candidates[0]?.key ?? null;
  }

  it('names the pricing the previous price comes from, also when that price is 0; null only when there is none', async () => {
    const res = await t.request.post('/api/query/pricing').send({ pricingNo: FIXTURE_PRICING_PREFIX, pageSize: 200 });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const got = Object.fromEntries(
      res.body.data.map((r: { pricingNo: string; previousApprovedPricingNo: string | null }) => [r.pricingNo, r.previousApprovedPricingNo]),
    );
    const expected = Object.fromEntries(
      FIXTURE_PRICINGS.map((p) => [numberOf(p.key), previousKey(p.key) && numberOf(previousKey(p.key)!)]),
    );
    expect(got).to.deep.equal(expected);
    // A price of 0 before: no price and no rate, but still a pricing to name.
    const afterZero = FIXTURE_PRICINGS.filter((p) => p.previous === null && previousKey(p.key) !== null);
    expect(afterZero.length).to.be.greaterThan(0);
    for (const p of afterZero) expect(FIXTURE_PRICINGS.find((q) => q.key === previousKey(p.key))!.unitPrice).to.equal(0);
    // And a pricing with none at all.
    expect(Object.values(got)).to.include(null);
  });

  it('the same on pricing-details and pricing-review (one row shape), and in the CSV beside the price', async () => {
    const row = (await t.request.post('/api/query/pricing').send({ pricingNo: numberOf('A9') })).body.data[0];
    expect(row.previousApprovedPricingNo).to.equal(numberOf(previousKey('A9')!));
    const details = (await t.request.post('/api/query/pricing-details').send({ pricingId: f.pricing.A9 })).body.data;
    expect(details.pricing).to.deep.equal(row);
    const review = (await t.request.post('/api/query/pricing-review').send({ pricingId: f.pricing.A9 })).body.data;
    expect(review.pricing).to.deep.equal(row);

    const csv = await t.request
      .post('/api/query/pricing')
      .set('Accept', 'text/csv')
      .send({ pricingNo: FIXTURE_PRICING_PREFIX })
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => done(null, text));
      });
    const [header, ...rows]: string[][] = parse(csv.body as string, { bom: true });
    const column = header!.indexOf('上次批准核价单号');
    expect(column).to.equal(header!.indexOf('上次批准单价') - 1);
    const number = header!.indexOf('核价单号');
    const byNumber = Object.fromEntries(rows.map((r) => [r[number], r[column]]));
    expect(byNumber[numberOf('A9')]).to.equal(numberOf(previousKey('A9')!));
    expect(byNumber[numberOf('B1')]).to.equal('');
  });
});
