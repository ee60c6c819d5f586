import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { rateOn, seed, type PricingRow } from '../support/expected.js';

/**
 * The review's converted comparison (crossCurrencyPrevious) on every pricing of the seed: where a
 * pricing has no earlier approved price in its own currency but one in another, that pricing, its
 * price converted at the rates of this pricing's day (Asia/Shanghai), and the change against it.
 */
const later = (a: PricingRow, b: PricingRow) => a.pricedAt > b.pricedAt || (a.pricedAt === b.pricedAt && a.id > b.id);
const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

function roundDiv(a: bigint, b: bigint): bigint {
  const x = a < 0n ? -a : a;
  const q = (2n * x + b) / (2n * b);
  return a < 0n ? -q : q;
}

/** What the contract says of one pricing: null, or the earlier pricing in another currency converted. */
function expectedCross(r: PricingRow) {
  if (r.previousApprovedPricingNo !== null) return null;
  const earlier = seed.pricing
    .filter((q) => q.partNo === r.partNo && q.status === 'approved' && later(r, q))
    .reduce<PricingRow | undefined>((best, q) => (!best || later(q, best) ? q : best), undefined);
  if (!earlier) return null;
  const day = shanghaiDay(r.pricedAt);
  const cny = (c: string) => (c === 'CNY' ? { u: 100_000_000n, date: null } : rateOn(c, day));
  const [from, to] = [cny(earlier.currency), cny(r.currency)];
  const units = (x: { u: bigint } | { rateToCny: number }) => ('u' in x ? x.u : BigInt(Math.round(x.rateToCny * 100_000_000)));
  const dateOf = (x: { date: null } | { validFrom: string }) => ('validFrom' in x ? x.validFrom : null);
  let rate: bigint | null = null;
  let rateDate: string | null = null;
  if (from && to) {
    rate = r.currency === 'CNY' ? units(from) : roundDiv(units(from) * 100_000_000n, units(to));
    rateDate =
      [dateOf(from), dateOf(to)]
        .filter((d) => d !== null)
        .sort()
        .at(-1) ?? null;
  }
  const converted = rate === null ? null : Number(roundDiv(BigInt(Math.round(earlier.unitPrice * 10_000)) * rate, 100_000_000n)) / 10_000;
  return {
    pricing: {
      id: earlier.id,
      pricingNo: earlier.pricingNo,
      supplierName: earlier.supplierName,
      currency: earlier.currency,
      unitPrice: earlier.unitPrice,
      pricedAt: earlier.pricedAt,
    },
    day,
    rate: rate === null ? null : Number(rate) / 100_000_000,
    rateDate,
    convertedUnitPrice: converted,
    changeRate:
      converted === null || converted === 0
        ? null
        : Number(
            roundDiv(
              (BigInt(Math.round(r.unitPrice * 10_000)) - BigInt(Math.round(converted * 10_000))) * 10_000n,
              BigInt(Math.round(converted * 10_000)),
            ),
          ) / 10_000,
    missingRates: [],
  };
}

describe('POST /api/query/pricing-review: the converted comparison with another currency', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  it('HJ202610-000689, a USD quote after CNY approvals only: the last CNY approval converted to USD on its day', async () => {
    const pricing = seed.pricing.find((p) => p.pricingNo === 'HJ202610-000689')!;
    expect(pricing.currency).to.equal('USD');
    expect(pricing.previousApprovedPricingNo).to.equal(null);
    const res = await t.request.post('/api/query/pricing-review').send({ pricingId: pricing.id });
    expect(res.status, res.text).to.equal(200);
    const cross = res.body.data.crossCurrencyPrevious;
    expect(cross).to.deep.equal(expectedCross(pricing));
    expect(cross.pricing.currency).to.equal('CNY');
    // CNY → USD: one CNY in USD is 1 / the USD rate, to 8 places.
    expect(cross.rate).to.be.within(0.13, 0.15);
    expect(cross.changeRate).to.be.a('number');
  });

  it('every pricing of the seed that has one: the answer the contract gives; none for the others', async function () {
    this.timeout(60_000);
    const cases = seed.pricing.filter((p) => p.previousApprovedPricingNo === null);
    const withCross = cases.filter((p) => expectedCross(p) !== null);
    expect(withCross.length).to.be.above(5);
    const sample = [...withCross, ...cases.filter((p) => expectedCross(p) === null).slice(0, 20)];
    for (const p of sample) {
      const res = await t.request.post('/api/query/pricing-review').send({ pricingId: p.id });
      expect(res.body.data.crossCurrencyPrevious, p.pricingNo).to.deep.equal(expectedCross(p));
    }
    const same = seed.pricing.find((p) => p.previousApprovedPricingNo !== null)!;
    const res = await t.request.post('/api/query/pricing-review').send({ pricingId: same.id });
    expect(res.body.data.crossCurrencyPrevious).to.equal(null);
  });
});
