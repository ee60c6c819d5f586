import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';

/**
 * Issue 44, "Demo data a clerk believes": a part's pricings vary by supplier and drift a few per cent
 * a quarter, with a few outliers for the review screens to show; USD at a plausible rate; reference
 * prices of one order per process and basis. Measured on the seeded tables through SQL, never from
 * the generator, so that the generator's own model is not what checks it.
 */
describe('demo data: prices a clerk believes (measured on the seeded tables)', () => {
  let t: TestApp;
  /** |rate of change| between consecutive approved pricings of a part in one currency (pricedAt, then id). */
  let changes: number[];

  const median = (xs: readonly number[]): number => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  };
  const percent = (x: number) => `${(x * 100).toFixed(2)} %`;

  before(async () => {
    t = createTestApp();
    const rows: { unit_price: unknown; previous_price: unknown }[] = await t.db
      .select('unit_price', t.db.raw('lag(unit_price) over (partition by part_id, currency order by priced_at, id) as previous_price'))
      .from('pricing')
      .where({ status: 'approved' });
    changes = rows
      .filter((r) => r.previous_price !== null && Number(r.previous_price) !== 0)
      .map((r) => Math.abs(Number(r.unit_price) / Number(r.previous_price) - 1));
  });
  after(() => closeTestApp(t));

  it('when consecutive approved pricings of a part in one currency are compared then the median change is 2–15 %', () => {
    expect(changes.length, 'pairs of consecutive approved pricings').to.be.above(100);
    const m = median(changes);
    expect(m, `median |change| ${percent(m)} of ${changes.length} pairs`).to.be.within(0.02, 0.15);
  });

  it('when they are compared then at least 1 % (and few: at most 5 %) change by more than 30 %, the outliers a review is for', () => {
    const share = changes.filter((c) => c > 0.3).length / changes.length;
    expect(share, `${percent(share)} of ${changes.length} pairs beyond 30 %`).to.be.within(0.01, 0.05);
  });

  it('when a part has approved prices in CNY and in USD then they differ by a plausible rate (about 7.1–7.3 CNY per USD)', async () => {
    const rows: { part_id: unknown; currency: string; unit_price: unknown }[] = await t.db
      .select('part_id', 'currency', 'unit_price')
      .from('pricing')
      .where({ status: 'approved' })
      .whereIn('currency', ['CNY', 'USD']);
    const prices = new Map<string, number[]>();
    for (const r of rows) {
      const key = `${Number(r.part_id)}|${r.currency}`;
      prices.set(key, [...(prices.get(key) ?? []), Number(r.unit_price)]);
    }
    // Per part, its median CNY price over its median USD price: the rate, times the suppliers' and the months' differences.
    const rates: number[] = [];
    for (const [key, usd] of prices) {
      const cny = key.endsWith('|USD') ? prices.get(key.replace(/\|USD$/, '|CNY')) : undefined;
      if (cny) rates.push(median(cny) / median(usd));
    }
    expect(rates.length, 'parts with approved prices in both currencies').to.be.above(10);
    expect(median(rates), `median CNY/USD of ${rates.length} parts`).to.be.within(6.8, 7.8);
    const near = rates.filter((r) => r >= 6 && r <= 8.6).length / rates.length;
    expect(near, `share of the ${rates.length} parts at 6–8.6 CNY per USD`).to.be.at.least(0.75);
  });

  it('when secondary-process prices are grouped by process and price basis then each group is within a factor of 15 (CNY)', async () => {
    const rows: { process_name: string; price_basis: string; unit_price: unknown }[] = await t.db
      .select('process_name', 'price_basis', 'unit_price')
      .from('secondary_processes')
      .where({ currency: 'CNY' });
    const groups = new Map<string, number[]>();
    for (const r of rows) {
      const key = `${r.process_name} by ${r.price_basis}`;
      groups.set(key, [...(groups.get(key) ?? []), Number(r.unit_price)]);
    }
    expect(groups.size).to.be.above(20);
    for (const [key, prices] of groups) {
      const low = Math.min(...prices);
      const high = Math.max(...prices);
      expect(low, key).to.be.above(0);
      expect(high / low, `${key}: ${low} … ${high}`).to.be.at.most(15);
    }
  });
});
