import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { expectErrorBody, rateOn, seed, type ExchangeRateRow } from '../support/expected.js';

/**
 * POST /api/query/exchange-rates against the seed's rows: filters, the rate in force on a day (the
 * latest validFrom on or before it, then the higher id), paging, sorting and the exports.
 */
const PATH = '/api/query/exchange-rates';

function binary(res: Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** The default order: validFrom descending, then id. */
const byDefault = (a: ExchangeRateRow, b: ExchangeRateRow) =>
  a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : a.id - b.id;

describe('POST /api/query/exchange-rates', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  it('the seed holds monthly USD, EUR and JPY rates over the demo period; USD within 7.12–7.29', () => {
    expect(seed.exchangeRates).to.have.length(72);
    const usd = seed.exchangeRates.filter((r) => r.currency === 'USD').map((r) => r.rateToCny);
    expect(Math.min(...usd)).to.be.at.least(7.1);
    expect(Math.max(...usd)).to.be.at.most(7.3);
  });

  it('with no filter: every row, newest first, each with the day the next rate takes over', async () => {
    const res = await t.request.post(PATH).send({ pageSize: 200 });
    expect(res.status, res.text).to.equal(200);
    const want = [...seed.exchangeRates].sort(byDefault);
    expect(res.body).to.deep.equal({ success: true, data: want, total: want.length, current: 1, pageSize: 200 });
    const usdNov = res.body.data.find((r: ExchangeRateRow) => r.currency === 'USD' && r.validFrom === '2026-10-01');
    expect(usdNov.nextValidFrom).to.equal('2026-11-01');
  });

  for (const day of ['2024-11-30', '2024-12-01', '2025-07-15', '2026-10-31', '2026-11-20', '2030-01-01']) {
    it(`on ${day}: each currency's rate in force that day, at most one per currency`, async () => {
      const res = await t.request.post(PATH).send({ on: day, sort: { currency: 'ascend' } });
      expect(res.status, res.text).to.equal(200);
      const want = ['EUR', 'JPY', 'USD'].map((c) => rateOn(c, day)).filter((r) => r !== undefined);
      expect(res.body.data).to.deep.equal(want);
      expect(res.body.total).to.equal(want.length);
    });
  }

  it('currency and a validFrom range filter; paging keeps the total', async () => {
    const res = await t.request
      .post(PATH)
      .send({ currency: ['USD', 'JPY'], validFromFrom: '2025-03-01', validFromTo: '2025-08-01', current: 2, pageSize: 4 });
    expect(res.status, res.text).to.equal(200);
    const want = seed.exchangeRates
      .filter((r) => ['USD', 'JPY'].includes(r.currency) && r.validFrom >= '2025-03-01' && r.validFrom <= '2025-08-01')
      .sort(byDefault);
    expect(res.body.total).to.equal(want.length);
    expect(res.body.data).to.deep.equal(want.slice(4, 8));
  });

  it('sorts by rateToCny ascending: JPY first', async () => {
    const res = await t.request.post(PATH).send({ sort: { rateToCny: 'ascend' }, pageSize: 3 });
    expect(res.body.data.map((r: ExchangeRateRow) => r.currency)).to.deep.equal(['JPY', 'JPY', 'JPY']);
  });

  it('CSV and xlsx: every matching row, rates with their 8 decimals', async () => {
    const csv = await t.request
      .post(PATH)
      .set('Accept', 'text/csv')
      .send({ currency: ['JPY'] })
      .buffer(true)
      .parse(binary);
    expect(csv.status).to.equal(200);
    const [header, ...rows]: string[][] = parse(csv.body as Buffer, { bom: true });
    expect(header!.slice(0, 4)).to.deep.equal(['ID', '币种', '汇率（人民币/单位外币）', '生效日期']);
    const jpy = seed.exchangeRates.filter((r) => r.currency === 'JPY').sort(byDefault);
    expect(rows.map((r) => Number(r[2]))).to.deep.equal(jpy.map((r) => r.rateToCny));
    const chosen = await t.request
      .post(PATH)
      .set('Accept', 'text/csv')
      .send({ currency: ['USD'], on: '2026-10-31', columns: ['currency', 'rateToCny', 'validFrom'] })
      .buffer(true)
      .parse(binary);
    expect(parse(chosen.body as Buffer, { bom: true })).to.deep.equal([
      ['币种', '汇率（人民币/单位外币）', '生效日期'],
      ['USD', String(rateOn('USD', '2026-10-31')!.rateToCny), '2026-10-01'],
    ]);
    const xlsx = await t.request
      .post(PATH)
      .set('Accept', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send({ currency: ['JPY'] })
      .buffer(true)
      .parse(binary);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).to.equal('汇率查询');
    expect(sheet.getRow(2).getCell(3).value).to.equal(jpy[0]!.rateToCny);
  });

  const bad: [string, object, string[]][] = [
    ['a lowercase currency', { currency: ['usd'] }, ['currency.0']],
    ['a currency as text, not a list', { currency: 'USD' }, ['currency']],
    ['a bad day', { on: '2026-13-01' }, ['on']],
    ['validFromTo before validFromFrom', { validFromFrom: '2026-01-01', validFromTo: '2025-01-01' }, ['validFromTo']],
    ['an unknown sort field', { sort: { source: 'ascend' } }, ['sort.source']],
    ['an unknown field', { rate: 7 }, ['rate']],
  ];
  for (const [name, body, paths] of bad) {
    it(`${name}: 400 naming ${paths.join(', ')}`, async () => {
      expectErrorBody(await t.request.post(PATH).send(body), 400, 'VALIDATION_ERROR', paths);
    });
  }
});
