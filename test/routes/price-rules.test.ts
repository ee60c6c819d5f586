import { expect } from 'chai';
import type { Knex } from 'knex';
import type { BomPrice } from '../../src/queries/operations/bom-price.js';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { bomPriceWithRules, expectErrorBody, inForceOn, priceOn, rateOn, seed, type BomOptions } from '../support/expected.js';

/**
 * POST /api/query/bom-price with the company's price rules: which price counts (rule, suppliers),
 * one-currency figures (reportCurrency) and assumed rates (rates), against the oracle over the seed
 * (expected.ts bomPriceWithRules), which computes its own rates in force from the seed's rows.
 */
const PATH = '/api/query/bom-price';

function mulberry32(a: number): () => number {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Parts with several prices in force on `day`, in more than one currency first. */
function partsWithChoices(day: string): { mixed: string[]; several: string[] } {
  const byPart = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  for (const p of seed.pricing) {
    if (!inForceOn(p, day)) continue;
    byPart.set(p.partNo, (byPart.get(p.partNo) ?? new Set()).add(p.currency));
    counts.set(p.partNo, (counts.get(p.partNo) ?? 0) + 1);
  }
  const several = [...counts].filter(([, n]) => n > 1).map(([partNo]) => partNo);
  return { mixed: several.filter((p) => byPart.get(p)!.size > 1), several };
}

describe('POST /api/query/bom-price: price rules, report currency, what-if', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  const ask = async (lines: { partNo: string; quantity: number }[], on: string, options: BomOptions = {}) => {
    const res = await t.request.post(PATH).send({ lines, on, ...options });
    expect(res.status, res.text).to.equal(200);
    return res.body.data as BomPrice;
  };

  it('the demo has parts with several prices in force, some in two currencies (P-100213 among them)', () => {
    const { mixed, several } = partsWithChoices('2026-11-20');
    expect(several.length).to.be.above(20);
    expect(mixed.length).to.be.above(2);
    expect(several).to.include('P-100213');
  });

  it('P-100213 on 2026-11-20: four prices in force; lowest, highest and latest each say how they chose, in CNY', async () => {
    const lines = [{ partNo: 'P-100213', quantity: 10 }];
    for (const rule of ['latest', 'lowest', 'highest'] as const) {
      const data = await ask(lines, '2026-11-20', { rule, reportCurrency: 'CNY' });
      expect(data).to.deep.equal(bomPriceWithRules(lines, '2026-11-20', { rule, reportCurrency: 'CNY' }));
      const line = data.lines[0]!;
      expect(line.inForce).to.equal(4);
      expect(line.chosenBy).to.equal(rule);
      expect(line.comparedIn).to.equal('CNY');
      expect(line.minUnitPrice).to.be.below(line.maxUnitPrice!);
    }
    const lowest = (await ask(lines, '2026-11-20', { rule: 'lowest', reportCurrency: 'CNY' })).lines[0]!;
    const highest = (await ask(lines, '2026-11-20', { rule: 'highest', reportCurrency: 'CNY' })).lines[0]!;
    // The chosen price, converted, is the minimum (maximum) of those in force.
    expect(Math.round((lowest.amountInReportCurrency! / 10) * 10_000) / 10_000).to.be.closeTo(lowest.minUnitPrice!, 0.0001);
    expect(Math.round((highest.amountInReportCurrency! / 10) * 10_000) / 10_000).to.be.closeTo(highest.maxUnitPrice!, 0.0001);
  });

  for (const [seedNo, day] of [
    [3, '2026-11-20'],
    [4, '2025-09-03'],
    [5, '2026-02-28'],
  ] as const) {
    it(`random BOMs on ${day}: every rule and report currency against the oracle`, async () => {
      const rnd = mulberry32(seedNo);
      const { mixed, several } = partsWithChoices(day);
      const pick = (list: readonly string[]) => list[Math.floor(rnd() * list.length)]!;
      const lines = Array.from({ length: 40 }, (_, i) => ({
        partNo: i % 4 === 0 ? pick(mixed) : i % 4 === 1 ? pick(several) : i % 11 === 0 ? `NOPE-${i}` : pick(seed.partNos),
        quantity: Math.round(rnd() * 100_000) / 10_000 || 1,
      }));
      const suppliers = [...new Set(seed.pricing.filter((p) => inForceOn(p, day)).map((p) => p.supplierCode))].slice(0, 3);
      const cases: BomOptions[] = [
        {},
        { rule: 'lowest' },
        { rule: 'highest', reportCurrency: 'USD' },
        { rule: 'lowest', reportCurrency: 'EUR' },
        { rule: 'latest', reportCurrency: 'JPY' },
        { rule: 'preferred', suppliers, reportCurrency: 'CNY' },
        { rule: 'lowest', reportCurrency: 'CNY', rates: { USD: 7.05 } },
        { rule: 'highest', reportCurrency: 'USD', rates: { USD: 6.5, EUR: 8.12345678 } },
      ];
      for (const options of cases) {
        const data = await ask(lines, day, options);
        expect(data, JSON.stringify(options)).to.deep.equal(bomPriceWithRules(lines, day, options));
      }
    });
  }

  it('a CNY report: USD lines convert at the table rate in force, with its day; CNY lines at 1', async () => {
    const day = '2026-10-31';
    const usd = seed.pricing.find((p) => p.currency === 'USD' && inForceOn(p, day))!;
    const cny = seed.pricing.find((p) => p.currency === 'CNY' && inForceOn(p, day))!;
    const data = await ask(
      [
        { partNo: usd.partNo, quantity: 3 },
        { partNo: cny.partNo, quantity: 2 },
      ],
      day,
      { reportCurrency: 'CNY' },
    );
    const rate = rateOn('USD', day)!;
    expect(rate.validFrom).to.equal('2026-10-01');
    const [u, c] = data.lines;
    if (u!.pricing!.currency === 'USD') {
      expect(u).to.include({ rate: rate.rateToCny, rateDate: '2026-10-01', rateSource: 'table' });
    }
    expect(c).to.include({ rate: 1, rateDate: null, rateSource: null });
    expect(data.rates.map((r) => r.currency)).to.include('USD');
    expect(data.reportTotal).to.include({ currency: 'CNY', linesWithoutRate: 0 });
    expect(data.reportTotal!.lines).to.equal(2);
  });

  it('what-if: an assumed USD rate replaces the table for this answer, and every line and total using it says so', async () => {
    const day = '2026-10-31';
    const usd = seed.pricing.find((p) => p.currency === 'USD' && inForceOn(p, day) && p.partNo !== 'P-100213')!;
    const lines = [{ partNo: usd.partNo, quantity: 4 }];
    const table = await ask(lines, day, { reportCurrency: 'CNY' });
    const assumed = await ask(lines, day, { reportCurrency: 'CNY', rates: { USD: 7.05 } });
    const line = assumed.lines[0]!;
    if (line.pricing!.currency !== 'USD') return; // another price in force won: the oracle cases cover it
    expect(line).to.include({ rate: 7.05, rateDate: null, rateSource: 'what-if' });
    expect(assumed.reportTotal!.rateSource).to.equal('what-if');
    expect(assumed.rates).to.deep.equal([{ currency: 'USD', rateToCny: 7.05, rateDate: null, source: 'what-if' }]);
    expect(table.lines[0]!.rateSource).to.equal('table');
    expect(assumed.lines[0]!.amountInReportCurrency).to.not.equal(table.lines[0]!.amountInReportCurrency);
    // The table itself is untouched: the next answer without rates uses it again.
    expect(await ask(lines, day, { reportCurrency: 'CNY' })).to.deep.equal(table);
  });

  it('preferred: the first listed supplier with a price in force wins; none of them: fallback-latest', async () => {
    const day = '2026-11-20';
    const inForce = seed.pricing.filter((p) => p.partNo === 'P-100213' && inForceOn(p, day));
    const last = inForce[inForce.length - 1]!.supplierCode;
    const lines = [{ partNo: 'P-100213', quantity: 1 }];
    const picked = (await ask(lines, day, { rule: 'preferred', suppliers: ['NO-SUCH', last] })).lines[0]!;
    expect(picked.chosenBy).to.equal('preferred');
    expect(picked.pricing!.supplierCode).to.equal(last);
    const none = (await ask(lines, day, { rule: 'preferred', suppliers: ['NO-SUCH'] })).lines[0]!;
    expect(none.chosenBy).to.equal('fallback-latest');
    expect(none.pricing!.id).to.equal((await ask(lines, day)).lines[0]!.pricing!.id);
  });

  it('the pricing list with inForceOn marks, per part, the row latest would use (latestInForceIds); without it, nothing', async () => {
    const day = '2026-11-20';
    const { several } = partsWithChoices(day);
    const partNos = several.slice(0, 6);
    const res = await t.request.post('/api/query/pricing').send({ partNos, inForceOn: day, pageSize: 100 });
    expect(res.status, res.text).to.equal(200);
    const want = partNos.map((p) => priceOn(p, day)!.id).sort((a, b) => a - b);
    expect(res.body.latestInForceIds).to.deep.equal(want);
    expect(res.body.data.length).to.be.above(want.length);
    // The BOM's default rule takes the same rows.
    const bom = await ask(
      partNos.map((partNo) => ({ partNo, quantity: 1 })),
      day,
    );
    expect(bom.lines.map((l) => l.pricing!.id).sort((a, b) => a - b)).to.deep.equal(want);
    const plain = await t.request.post('/api/query/pricing').send({ partNos });
    expect(plain.body).to.not.have.property('latestInForceIds');
  });

  describe('a currency without any rate (a price written in KRW by the purchasing system)', () => {
    const PART_NO = 'ZZ-KRW-PART';
    const clean = async (db: Knex) => {
      const ids = db('parts').select('id').where('part_no', PART_NO);
      await db('pricing').whereIn('part_id', ids).del();
      await db('parts').where('part_no', PART_NO).del();
    };
    before(async () => {
      await clean(t.db);
      const { id: _p, ...part } = (await t.db('parts').orderBy('id').first()) as Record<string, unknown>;
      const { id: _q, ...pricing } = (await t.db('pricing').where('status', 'approved').orderBy('id').first()) as Record<string, unknown>;
      await t.db('parts').insert({ ...part, part_no: PART_NO, part_name: '韩元样件' });
      const { id: partId } = (await t.db('parts').select('id').where('part_no', PART_NO).first()) as { id: number };
      const row = (no: string, currency: string, price: string, at: Date) => ({
        ...pricing,
        pricing_no: no,
        part_id: partId,
        currency,
        unit_price: price,
        unit_price_with_tax: price,
        status: 'approved',
        valid_from: '2026-01-01',
        valid_to: null,
        priced_at: at,
      });
      await t.db('pricing').insert(row('ZZKRW-1', 'CNY', '12.5000', new Date(Date.UTC(2026, 0, 2))));
      await t.db('pricing').insert(row('ZZKRW-2', 'KRW', '2300.0000', new Date(Date.UTC(2026, 0, 3))));
    });
    after(() => clean(t.db));

    it('the line stays priced with rate null; the report total counts it in linesWithoutRate and names KRW', async () => {
      const data = await ask([{ partNo: PART_NO, quantity: 2 }], '2026-06-01', { reportCurrency: 'CNY' });
      const line = data.lines[0]!;
      expect(line).to.include({ result: 'priced', inForce: 2, chosenBy: 'latest', rate: null, amountInReportCurrency: null });
      expect(line.pricing!.currency).to.equal('KRW');
      expect(line.minUnitPrice).to.equal(null);
      expect(data.missingRates).to.deep.equal(['KRW']);
      expect(data.reportTotal).to.deep.equal({
        currency: 'CNY',
        lines: 0,
        amount: 0,
        amountWithTax: 0,
        linesWithoutRate: 1,
        rateSource: null,
      });
      expect(data.totals).to.deep.equal([{ currency: 'KRW', lines: 1, amount: 4600, amountWithTax: 4600 }]);
    });

    it('lowest cannot compare without the KRW rate: fallback-latest; with an assumed KRW rate it compares', async () => {
      const lines = [{ partNo: PART_NO, quantity: 1 }];
      const blind = (await ask(lines, '2026-06-01', { rule: 'lowest' })).lines[0]!;
      expect(blind.chosenBy).to.equal('fallback-latest');
      expect(blind.pricing!.pricingNo).to.equal('ZZKRW-2');
      const seen = (await ask(lines, '2026-06-01', { rule: 'lowest', rates: { KRW: 0.0051 } })).lines[0]!;
      // 2300 KRW × 0.0051 = 11.73 CNY < 12.5 CNY
      expect(seen).to.include({ chosenBy: 'lowest', comparedIn: 'CNY', minUnitPrice: 11.73, maxUnitPrice: 12.5 });
      expect(seen.pricing!.pricingNo).to.equal('ZZKRW-2');
    });

    it('a report in KRW with no KRW rate at all is a 400 naming reportCurrency', async () => {
      const res = await t.request.post(PATH).send({ lines: [{ partNo: PART_NO, quantity: 1 }], reportCurrency: 'KRW' });
      expectErrorBody(res, 400, 'VALIDATION_ERROR', ['reportCurrency']);
      expect(res.body.errors[0].message).to.include('KRW');
    });
  });

  const line = [{ partNo: 'P-100213', quantity: 1 }];
  const bad: [string, object, string[]][] = [
    ['a lowercase currency', { lines: line, reportCurrency: 'usd' }, ['reportCurrency']],
    ['a four-letter currency', { lines: line, reportCurrency: 'USDT' }, ['reportCurrency']],
    ['a currency that never had a rate', { lines: line, reportCurrency: 'GBP' }, ['reportCurrency']],
    ['an unknown rule', { lines: line, rule: 'cheapest' }, ['rule']],
    ['preferred without suppliers', { lines: line, rule: 'preferred' }, ['suppliers']],
    ['suppliers with another rule', { lines: line, rule: 'lowest', suppliers: ['S001'] }, ['suppliers']],
    ['51 suppliers', { lines: line, rule: 'preferred', suppliers: Array.from({ length: 51 }, (_, i) => `S${i}`) }, ['suppliers']],
    ['a zero what-if rate', { lines: line, rates: { USD: 0 } }, ['rates.USD']],
    ['a negative what-if rate', { lines: line, rates: { USD: -7 } }, ['rates.USD']],
    ['a what-if rate above 1e6', { lines: line, rates: { USD: 1_000_001 } }, ['rates.USD']],
    ['a what-if rate as text', { lines: line, rates: { USD: '7.1' } }, ['rates.USD']],
    ['a what-if rate with 9 decimals', { lines: line, rates: { USD: 7.123456789 } }, ['rates.USD']],
    ['a what-if rate for a lowercase code', { lines: line, rates: { usd: 7.1 } }, ['rates.usd']],
    ['a what-if rate for CNY', { lines: line, rates: { CNY: 1 } }, ['rates']],
  ];
  for (const [name, body, paths] of bad) {
    it(`${name}: 400 naming ${paths.join(', ')}`, async () => {
      expectErrorBody(await t.request.post(PATH).send(body), 400, 'VALIDATION_ERROR', paths);
    });
  }
});
