import { expect } from 'chai';
import fc from 'fast-check';
import { closestField } from '../../src/http/validate.js';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';

/** Messages a clerk or a front-end developer can act on, in Chinese: what was wanted, what came. */
describe('validation messages', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  async function errorsFor(route: string, body: object): Promise<Record<string, string>> {
    const res = await t.request.post(route).send(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body.code).to.equal('VALIDATION_ERROR');
    return Object.fromEntries((res.body.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]));
  }

  it('a date in another form names YYYY-MM-DD and the value received', async () => {
    const errors = await errorsFor('/api/query/pricing', { pricedFrom: '2026/01/01', pricedTo: 20260131 });
    expect(errors.pricedFrom).to.equal('日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是字符串 "2026/01/01"');
    expect(errors.pricedTo).to.equal('日期应为 YYYY-MM-DD 格式，如 2026-01-31，收到的是数字 20260131');
    const missing = await errorsFor('/api/query/secondary-process', { validOn: '2026-02-30' });
    expect(missing.validOn).to.equal('没有这一天：收到的是 "2026-02-30"（格式 YYYY-MM-DD）');
  });

  it('an unknown field suggests the field people mean: supplierName → supplier, pricingNumber → pricingNo, page → current', async () => {
    const errors = await errorsFor('/api/query/pricing', { supplierName: 'x', pricingNumber: 'y', page: 2, pagesize: 5 });
    expect(errors).to.deep.equal({
      supplierName: '不允许的字段；是否应为 "supplier"？',
      pricingNumber: '不允许的字段；是否应为 "pricingNo"？',
      page: '不允许的字段；是否应为 "current"？',
      pagesize: '不允许的字段；是否应为 "pageSize"？',
    });
    const details = await errorsFor('/api/query/pricing-details', { pricingID: 7 });
    expect(details.pricingID).to.equal('不允许的字段；是否应为 "pricingId"？');
    const sort = await errorsFor('/api/query/pricing', { sort: { unitprice: 'descend' } });
    expect(sort['sort.unitprice']).to.equal('不允许的字段；是否应为 "unitPrice"？');
  });

  it('a field nothing resembles lists the fields there are', async () => {
    const errors = await errorsFor('/api/query/secondary-process', { colour: 'red' });
    expect(errors.colour)
      .to.match(/^不允许的字段；可用的字段：current、pageSize、/)
      .and.include('processName');
  });

  it('type and range errors name the types in Chinese and quote what came', async () => {
    const errors = await errorsFor('/api/query/pricing', {
      keyword: 5,
      pageSize: '20',
      current: 1.5,
      status: 'approved',
      minPrice: true,
      maxPrice: -1,
    });
    expect(errors).to.deep.equal({
      keyword: '应为字符串，收到的是数字 5',
      pageSize: '应为数字，收到的是字符串 "20"',
      current: '应为整数，收到的是数字 1.5',
      status: '应为数组，收到的是字符串 "approved"',
      minPrice: '应为数字，收到的是布尔值 true',
      maxPrice: '应不小于 0，收到的是 -1',
    });
    const big = await errorsFor('/api/query/pricing', { pageSize: 1e308, status: ['bogus'] });
    expect(big.pageSize).to.equal('应不大于 200，收到的是 1e+308');
    expect(big['status.0']).to.equal('应为以下之一："draft"、"pending"、"approved"、"rejected"、"expired"，收到的是字符串 "bogus"');
  });

  it('no message of any wrong type or value carries English type names', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 5 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 2 }),
    );
    const field = fc.constantFrom('keyword', 'pageSize', 'current', 'status', 'minPrice', 'pricedFrom', 'sort', 'partNo');
    await fc.assert(
      fc.asyncProperty(field, value, async (name, v) => {
        const res = await t.request.post('/api/query/pricing').send({ [name]: v });
        if (res.status === 200) return;
        expect(res.status).to.equal(400);
        for (const e of res.body.errors as { message: string }[]) {
          expect(e.message).to.not.match(/\b(string|number|int|boolean|array|object|record|expected|received|Invalid)\b/);
        }
      }),
      { numRuns: 150, seed: 30 },
    );
  });

  it('closestField: an alias, else a close spelling, else nothing', () => {
    const known = ['current', 'pageSize', 'keyword', 'supplier', 'pricingNo'];
    expect(closestField('supplier_name', known)).to.equal('supplier');
    expect(closestField('keywrod', known)).to.equal('keyword');
    expect(closestField('colour', known)).to.equal(undefined);
    expect(closestField('pagesise', known)).to.equal('pageSize');
    // Two edits from `current` but a field of its own meaning: no suggestion.
    expect(closestField('currency', known)).to.equal(undefined);
    expect(closestField('currnet', known)).to.equal('current');
  });

  it('{"currency":"USD"}: not pointed at the page number; the allowed fields are listed', async () => {
    const res = await t.request.post('/api/query/pricing').send({ currency: 'USD' });
    expect(res.status).to.equal(400);
    const message = (res.body.errors as { path: string; message: string }[]).find((e) => e.path === 'currency')!.message;
    expect(message).to.not.include('是否应为');
    expect(message).to.include('可用的字段').and.include('keyword').and.include('pageSize');
  });
});
