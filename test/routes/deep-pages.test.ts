import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import fc from 'fast-check';
import knex, { type Knex } from 'knex';
import { closeTestApp, createTestApp, testConfig, type TestApp } from '../support/context.js';
import { pricingPage, processPage, seed, type ListRequest } from '../support/expected.js';

const PRICING = '/api/query/pricing';
const PROCESS = '/api/query/secondary-process';

/**
 * Deep pages (paging/page-queries.ts: ids first, then their rows; freshness/page-positions.ts: from a remembered position)
 * on the seed, with DEFERRED_JOIN_MIN_OFFSET=1 so that every page after the first takes that path
 * (the seed has 1,200 pricings; the default starts at offset 2,000).
 */
describe('deep pages: ids first, from remembered positions', () => {
  let t: TestApp;
  let statements: string[] = [];
  const post = (route: string, body: ListRequest) => t.request.post(route).send(body);
  const listener = (q: { sql: string }) => statements.push(q.sql);

  before(() => {
    t = createTestApp({ DEFERRED_JOIN_MIN_OFFSET: '1' });
    t.db.on('query', listener);
  });
  after(async () => {
    t.db.removeListener('query', listener);
    await closeTestApp(t);
  });
  beforeEach(() => {
    statements = [];
  });

  async function expectPricingPage(body: ListRequest): Promise<void> {
    const res = await post(PRICING, body);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body, JSON.stringify(body)).to.deep.equal(pricingPage(body));
  }

  const orders: [string, ListRequest][] = [
    ['the default order', {}],
    ['unitPrice ascending then updatedAt', { sort: { unitPrice: 'ascend', updatedAt: 'descend' } }],
    ['partNo (a column of parts)', { sort: { partNo: 'descend', pricedAt: 'ascend' } }],
    ['a status filter, by pricingNo', { status: ['approved', 'pending'], sort: { pricingNo: 'ascend' } }],
    ['a frequent keyword', { keyword: '有限公司', sort: { unitPrice: 'descend' } }],
    ['changeRate descending (nulls last), then pricedAt', { sort: { changeRate: 'descend', pricedAt: 'ascend' } }],
    [
      'changeRate ascending after pricingNo, with a rate filter',
      { maxChangeRate: 0.2, sort: { pricingNo: 'descend', changeRate: 'ascend' } },
    ],
    ['a rare keyword', { keyword: 'HJ202603' }],
  ];
  for (const [name, body] of orders) {
    it(`when every page of ${name} is read in turn then each is the model's`, async function () {
      // 25 pages: a second or two on a networked database while other suites load the machine.
      this.timeout(15_000);
      const last = Math.ceil(pricingPage(body).total / 50);
      for (let current = 1; current <= last + 1; current++) await expectPricingPage({ ...body, current, pageSize: 50 });
    });
  }

  it("when pages are asked out of order, again and backwards then each is the model's", async () => {
    const body: ListRequest = { sort: { unitPrice: 'ascend' }, pageSize: 20 };
    for (const current of [40, 40, 41, 12, 39, 1, 60, 59, 61, 100]) await expectPricingPage({ ...body, current });
  });

  // pg's token is a snapshot of the whole cluster: a write anywhere (autovacuum's ANALYZE, another
  // test run) between two requests rightly makes the second pass its offset again, so each check
  // gets three tries.
  async function seeksWithoutOffset(first: number[], then: number[]): Promise<boolean> {
    const body: ListRequest = { sort: { updatedAt: 'ascend' }, pageSize: 20 };
    for (let attempt = 0; attempt < 3; attempt++) {
      for (const current of first) await expectPricingPage({ ...body, current });
      statements = [];
      for (const current of then) await expectPricingPage({ ...body, current });
      if (!statements.some((sql) => /offset/i.test(sql))) return true;
    }
    return false;
  }

  it('when the same deep page or the next is asked again then it seeks from a known row (no OFFSET)', async function () {
    if (!['better-sqlite3', 'pg'].includes(testConfig().db.client)) this.skip(); // no change token: OFFSET every time
    await expectPricingPage({ sort: { updatedAt: 'ascend' }, pageSize: 20, current: 30 });
    expect(
      statements.filter((sql) => /offset/i.test(sql)),
      'the first time: an OFFSET',
    ).to.have.lengthOf(1);
    expect(await seeksWithoutOffset([30], [30, 31])).to.equal(true);
  });

  it('when a later page is asked after an earlier one then it is remembered too (no OFFSET the second time)', async function () {
    if (!['better-sqlite3', 'pg'].includes(testConfig().db.client)) this.skip();
    expect(await seeksWithoutOffset([3, 45], [45])).to.equal(true);
  });

  // Any filters, any 1–3 sort keys, any page size, pages in any order: the model's pages, whether
  // a page starts from OFFSET, from a remembered row, or (pg, sorted by a searched column) from the
  // collected matches.
  it("when random filters, sorts and page sequences are asked then every page is the model's", async function () {
    this.timeout(60_000);
    // changeRate: a computed key that may be null (nulls last either way) in the keyset seeks too.
    const pricingSorts = ['pricedAt', 'unitPrice', 'pricingNo', 'partNo', 'updatedAt', 'changeRate'] as const;
    const processSorts = ['updatedAt', 'unitPrice', 'processName', 'partNo', 'validFrom'] as const;
    const order = fc.constantFrom('ascend', 'descend');
    const sortOf = (fields: readonly string[]) =>
      fc
        .uniqueArray(fc.constantFrom(...fields), { minLength: 0, maxLength: 3 })
        .chain((keys) => fc.tuple(...keys.map(() => order)).map((orders) => Object.fromEntries(keys.map((k, i) => [k, orders[i]!]))));
    const pages = fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 4 });
    const pageSize = fc.integer({ min: 1, max: 40 });
    const pricing = fc.record(
      {
        keyword: fc.constantFrom('有限公司', 'HJ2026', '03', '支架', 'a', '7'),
        pricingNo: fc.constantFrom('HJ202603', '0', '12'),
        supplier: fc.constantFrom('精工', 'S00'),
        status: fc.subarray(['approved', 'pending', 'draft', 'expired', 'rejected'], { minLength: 1 }),
        minPrice: fc.constantFrom(1, 5.7, 20),
        minChangeRate: fc.constantFrom(-0.5, 0, 0.1),
      },
      { requiredKeys: [] },
    );
    const processes = fc.record(
      {
        keyword: fc.constantFrom('有限公司', '0', '镀'),
        processName: fc.constantFrom('镀', '阳极氧化', '化', '火'),
        category: fc.subarray(['plating', 'painting', 'heat_treatment', 'machining'], { minLength: 1 }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ route: fc.constant(PRICING), filters: pricing, sort: sortOf(pricingSorts), pageSize, pages }),
          fc.record({ route: fc.constant(PROCESS), filters: processes, sort: sortOf(processSorts), pageSize, pages }),
        ),
        async ({ route, filters, sort, pageSize: size, pages: currents }) => {
          for (const current of currents) {
            const body: ListRequest = { ...filters, sort, pageSize: size, current };
            const res = await post(route, body);
            const expected = route === PRICING ? pricingPage(body) : processPage(body);
            expect(res.body, JSON.stringify(body)).to.deep.equal(expected);
          }
        },
      ),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it("when secondary processes are paged deep, sorted by a column of parts, then each page is the model's", async () => {
    const body: ListRequest = { sort: { partNo: 'ascend', validFrom: 'descend' }, pageSize: 30 };
    for (const current of [1, 5, 5, 6, 2, 13, 14]) {
      const res = await post(PROCESS, { ...body, current });
      expect(res.body).to.deep.equal(processPage({ ...body, current }));
    }
    expect(seed.processes.length).to.be.above(13 * 30);
  });
});

/**
 * Positions are kept only while the data is unchanged: on an SQLite file of its own, another
 * connection (the system that owns the data) inserts rows in front of a remembered page.
 */
describe('deep-page positions after the data changed (SQLite)', () => {
  const file = path.join(os.tmpdir(), `pricing-deep-pages-${process.pid}.sqlite3`);
  let t: TestApp;
  let plain: TestApp;
  let writer: Knex;

  before(async function () {
    this.timeout(60_000);
    t = createTestApp({ DB_FILENAME: file, DEFERRED_JOIN_MIN_OFFSET: '1' }, { ownDb: true });
    await t.db.migrate.latest();
    await t.db.seed.run();
    // The same file read with plain OFFSET pages: the answer to compare with.
    plain = createTestApp({ DB_FILENAME: file }, { ownDb: true });
    writer = knex({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true });
  });
  after(async () => {
    await writer?.destroy();
    if (plain) await closeTestApp(plain);
    if (t) await closeTestApp(t);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  });

  const page = async (app: TestApp, current: number) =>
    (await app.request.post(PRICING).send({ sort: { unitPrice: 'ascend' }, pageSize: 20, current })).body;

  it('when rows are inserted before a remembered page then the page moves with them', async () => {
    for (const current of [30, 31]) expect(await page(t, current)).to.deep.equal(await page(plain, current));
    const cheapest = await writer('pricing').orderBy('unit_price').orderBy('id').first();
    const { id: _id, ...row } = cheapest;
    await writer('pricing').insert([1, 2, 3].map((n) => ({ ...row, pricing_no: `HJ299997-00000${n}`, unit_price: 0.0001 })));
    for (const current of [30, 31, 32]) {
      const moved = await page(t, current);
      expect(moved).to.deep.equal(await page(plain, current));
    }
    expect((await page(t, 1)).data[0].pricingNo).to.equal('HJ299997-000001');
  });
});
