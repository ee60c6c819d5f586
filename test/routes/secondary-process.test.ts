import { expect } from 'chai';
import { MAX_COLLECTED_SHARE } from '../../src/queries/paging/fetch-page.js';
import { closeTestApp, createTestApp, statementsDuring, type TestApp } from '../support/context.js';
import {
  PROCESS_FIELDS,
  expectErrorBody,
  processMatches,
  processPage,
  seed,
  walkAllPages,
  type ListRequest,
  type ProcessRow,
} from '../support/expected.js';

const PATH = '/api/query/secondary-process';
const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('POST /api/query/secondary-process', () => {
  let t: TestApp;
  const post = (path: string, body: object) => t.request.post(path).send(body);
  const query = (body: ListRequest) => post(PATH, body);

  async function expectPage(body: ListRequest): Promise<ProcessRow[]> {
    const res = await query(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.deep.equal(processPage(body));
    for (const row of res.body.data) expect(Object.keys(row)).to.deep.equal([...PROCESS_FIELDS]);
    return res.body.data;
  }

  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  describe('defaults and values', () => {
    it('when the body is empty then page 1 of 20 by updatedAt descending comes back with the total 400', async () => {
      const res = await t.request.post(PATH);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(processPage({}));
      expect(res.body.total).to.equal(400);
    });

    it('when all rows are read then the values have the contract formats', async () => {
      const rows = await walkAllPages<ProcessRow>(post, PATH, {});
      expect(rows).to.deep.equal(processMatches({}));
      for (const r of rows) {
        expect(Object.keys(r)).to.deep.equal([...PROCESS_FIELDS]);
        expect(Math.round(r.unitPrice * 10_000) / 10_000).to.equal(r.unitPrice);
        expect(r.leadTimeDays).to.be.a('number');
        expect(r.updatedAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
        expect(r.validFrom).to.match(/^\d{4}-\d\d-\d\d$/);
        if (r.validTo !== null) expect(r.validTo).to.match(/^\d{4}-\d\d-\d\d$/);
      }
      expect(rows.filter((r) => r.id <= 5).map((r) => r.unitPrice)).to.deep.equal([0.85, 0.85, 0.85, 0.85, 0.85]);
    });
  });

  describe('filters', () => {
    const cases: [string, ListRequest][] = [
      ['partNos (exact, trimmed, repeats and unknown codes)', { partNos: ['P-100217', ' P-100001', 'P-100217', 'NO-SUCH-PART', 'P-1000'] }],
      ['keyword over the process no', { keyword: 'EC-00012' }],
      ['keyword over the process name', { keyword: '阳极氧化' }],
      ['keyword over the part no', { keyword: 'cb-230' }],
      ['keyword over the part name', { keyword: '支架' }],
      ['keyword over the supplier name and the category name', { keyword: '电镀' }],
      ['keyword over a category name only, with another filter', { keyword: '喷涂', status: ['active'] }],
      ['a one-character keyword in a category name', { keyword: '镀' }],
      ['a category name and a category filter that excludes it', { keyword: '电镀', category: ['painting'] }],
      ['partNo', { partNo: 'P-1000' }],
      ['processName', { processName: '镀' }],
      ['category', { category: ['plating', 'welding'] }],
      ['supplier over the supplier code', { supplier: 's0121' }],
      ['supplier over the supplier name', { supplier: '热处理' }],
      ['status', { status: ['inactive'] }],
      ['minPrice', { minPrice: 50 }],
      ['maxPrice', { maxPrice: 0.85 }],
      ['validOn', { validOn: '2026-01-15' }],
      // Marked active but ended: what the home page counts.
      ['active prices whose validity ended', { status: ['active'], validToTo: '2026-11-19' }],
      ['validToFrom and validToTo', { validToFrom: '2026-01-01', validToTo: '2026-06-30' }],
      ['several filters together', { category: ['plating'], status: ['active'], validOn: '2026-06-01', maxPrice: 10 }],
      ['a one-character keyword in process, supplier and part names alike', { keyword: '金' }],
      ['a two-character keyword with another filter', { keyword: '处理', status: ['active'] }],
    ];
    for (const [name, body] of cases) {
      it(`when filtering by ${name} then exactly the matching rows come back`, async () => {
        const matches = processMatches(body).length;
        expect(matches, 'the case must select some rows but not all').to.be.within(1, 399);
        await expectPage({ ...body, pageSize: 200 });
        // A full page of 2 makes the service count the matches rather than tell the total from a short page.
        if (matches > 2) await expectPage({ ...body, pageSize: 2, current: 2 });
      });
    }

    it('when the keyword is 电镀 then the plating rows come back though their texts lack 电镀, and 金辉电镀 of every category', async () => {
      const data = await expectPage({ keyword: '电镀', pageSize: 200 });
      const texts = (r: ProcessRow) => [r.processNo, r.processName, r.partNo, r.partName, r.supplierName].join('|');
      const plating = seed.processes.filter((r) => r.category === 'plating');
      expect(ids(data)).to.include.members(ids(plating));
      expect(plating.filter((r) => !texts(r).includes('电镀')).length, 'plating rows found by the category alone').to.be.greaterThan(20);
      expect(data.filter((r) => r.category !== 'plating').every((r) => r.supplierName.includes('电镀'))).to.equal(true);
      expect(data.some((r) => r.category !== 'plating')).to.equal(true);
      // The count alone (page 2 of 2) and a deep page agree with the model too: no shortcut leaves the category out.
      for (const keyword of ['电镀', ' 热处理 ', '焊']) {
        await expectPage({ keyword, pageSize: 2, current: 2 });
        const res = await query({ keyword, pageSize: 1, current: 1 });
        expect(res.body.total, keyword).to.equal(processMatches({ keyword }).length);
      }
    });

    it('when filtering by status then active 292 and inactive 108', async () => {
      expect((await query({ status: ['active'] })).body.total).to.equal(292);
      expect((await query({ status: ['inactive'] })).body.total).to.equal(108);
    });

    it('when filtering by each category then every category has rows and they add up to 400', async () => {
      let sum = 0;
      for (const category of ['plating', 'heat_treatment', 'painting', 'anodizing', 'machining', 'welding', 'other']) {
        const data = await expectPage({ category: [category], pageSize: 200 });
        expect(data.length, category).to.be.greaterThan(0);
        sum += (await query({ category: [category], pageSize: 1 })).body.total;
      }
      expect(sum).to.equal(400);
    });

    it('when text filters have spaces around them or are empty then they are trimmed or ignored', async () => {
      const res = await query({ processName: '  镀锌 ', partNo: '', keyword: '  ' });
      expect(res.body).to.deep.equal(processPage({ processName: '镀锌' }));
      expect(res.body.total).to.be.greaterThan(5);
    });

    it('when validOn is an empty string (a cleared date field) then it does not filter', async () => {
      const res = await query({ validOn: '', processName: '镀锌' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(processPage({ processName: '镀锌' }));
    });

    it('when searching ABC or abc then both supplier spellings match', async () => {
      for (const supplier of ['ABC', 'abc']) {
        const data = await expectPage({ supplier, pageSize: 200 });
        expect(new Set(data.map((r) => r.supplierCode)), supplier).to.deep.equal(new Set(['S0036', 'S0041']));
      }
    });

    it('when searching a backslash or an underscore then they are literal', async () => {
      const backslash = await expectPage({ supplier: '\\', pageSize: 200 });
      expect(backslash.length).to.be.greaterThan(0);
      expect(new Set(backslash.map((r) => r.supplierCode))).to.deep.equal(new Set(['S0031']));
      for (const keyword of ['_', '%', '[', 'M6_L20', 'M6%L20']) await expectPage({ keyword, pageSize: 200 });
    });

    it('when the text looks like SQL then no rows come back and the data is unchanged', async () => {
      for (const text of ["' or 1=1 --", "'; drop table secondary_processes; --"]) {
        for (const field of ['keyword', 'partNo', 'processName', 'supplier']) {
          const res = await query({ [field]: text });
          expect(res.body, `${field}: ${text}`).to.deep.equal({ success: true, data: [], total: 0, current: 1, pageSize: 20 });
        }
      }
      expect((await query({})).body.total).to.equal(400);
    });
  });

  describe('validOn', () => {
    it('when validOn is the day before or the day of valid_from 2026-06-01 then the tie rows 1-5 are out, then in', async () => {
      const before = ids(await expectPage({ validOn: '2026-05-31', processName: '镀锌', pageSize: 200 }));
      expect(before).to.not.include.members([1, 2, 3, 4, 5]);
      const on = ids(await expectPage({ validOn: '2026-06-01', processName: '镀锌', pageSize: 200 }));
      expect(on).to.include.members([1, 2, 3, 4, 5]);
    });

    it('when validOn is a row valid_to, then the day after, then the row is in, then out', async () => {
      const row = seed.processes.find((r) => r.validTo !== null)!;
      const narrow = { partNo: row.partNo, processName: row.processName, pageSize: 200 };
      expect(ids(await expectPage({ ...narrow, validOn: row.validTo! }))).to.include(row.id);
      expect(ids(await expectPage({ ...narrow, validOn: dayAfter(row.validTo!) }))).to.not.include(row.id);
      expect(ids(await expectPage({ ...narrow, validOn: dayBefore(row.validFrom) }))).to.not.include(row.id);
    });

    it('when a row has no valid_to then it stays valid on any later day', async () => {
      const row = seed.processes.find((r) => r.validTo === null)!;
      const data = await expectPage({ partNo: row.partNo, processName: row.processName, validOn: '2099-12-31', pageSize: 200 });
      expect(ids(data)).to.include(row.id);
      expect(data.every((r) => r.validTo === null)).to.equal(true);
    });
  });

  describe('sorting and paging', () => {
    for (const field of ['updatedAt', 'unitPrice', 'processName', 'partNo', 'validFrom'] as const) {
      for (const order of ['ascend', 'descend'] as const) {
        it(`when sorted by ${field} ${order} then all pages follow it, ties by id ascending`, async () => {
          const body = { sort: { [field]: order } };
          const rows = await walkAllPages<ProcessRow>(post, PATH, body, 150);
          expect(rows).to.deep.equal(processMatches(body));
        });
      }
    }

    it('when sorted by updatedAt descending then the ties 1-5 come out in id order', async () => {
      const rows = await walkAllPages<ProcessRow>(post, PATH, { sort: { updatedAt: 'descend' } });
      const at = ids(rows).indexOf(1);
      expect(ids(rows).slice(at, at + 5)).to.deep.equal([1, 2, 3, 4, 5]);
    });

    it('when several keys are given then they apply in key order, null keys ignored', async () => {
      const body = { sort: { processName: 'ascend', unitPrice: null, validFrom: 'descend' } } as const;
      const rows = await walkAllPages<ProcessRow>(post, PATH, body);
      expect(rows).to.deep.equal(processMatches(body));
      const swapped = { sort: { validFrom: 'descend', processName: 'ascend' } } as const;
      await expectPage({ ...swapped, pageSize: 100 });
    });

    // Sorted by a column the filter searches, PostgreSQL collects the matches' ids and sort values
    // (paging/fetch-page.ts 'collect-ids') unless they are over MAX_COLLECTED_SHARE of the table; both plans,
    // and SQLite's, must give the model's pages in either order.
    const searchedAndSorted: [string, ListRequest][] = [
      ['a short processName (collected)', { processName: '镀' }],
      ['a longer processName (collected)', { processName: '阳极氧化' }],
      ['a keyword in most rows (walked)', { keyword: '0' }],
    ];
    for (const [name, filter] of searchedAndSorted) {
      it(`when searching ${name} sorted by processName then every page matches the model`, async () => {
        const share = processMatches(filter).length / seed.processes.length;
        expect(share > MAX_COLLECTED_SHARE, 'the plan the case is named for').to.equal(name.endsWith('(walked)'));
        expect(share).to.be.above(0);
        const statements = await statementsDuring(t.db, async () => {
          for (const order of ['ascend', 'descend'] as const) {
            for (const current of [1, 2, 5])
              await expectPage({ ...filter, sort: { processName: order, validFrom: 'descend' }, current, pageSize: 10 });
          }
        });
        if (t.config.db.client === 'pg')
          expect(
            statements.some((sql) => / as materialized /.test(sql)),
            'collect-ids ran',
          ).to.equal(!name.endsWith('(walked)'));
      });
    }

    it('when a page is past the end then data is [] with the true total', async () => {
      const res = await query({ current: 3, pageSize: 200 });
      expect(res.body).to.deep.equal({ success: true, data: [], total: 400, current: 3, pageSize: 200 });
    });

    it('when walked 7 rows at a time then each row is seen exactly once', async () => {
      const rows = await walkAllPages<ProcessRow>(post, PATH, { category: ['plating', 'painting'] }, 7);
      expect(rows).to.deep.equal(processMatches({ category: ['plating', 'painting'] }));
      expect(new Set(ids(rows)).size).to.equal(rows.length);
    });
  });

  describe('validation', () => {
    const bad: [string, object, string[]][] = [
      ['an unknown key', { pricedFrom: '2026-01-01' }, ['pricedFrom']],
      ['pageSize 0', { pageSize: 0 }, ['pageSize']],
      ['pageSize 201', { pageSize: 201 }, ['pageSize']],
      ['current 0', { current: 0 }, ['current']],
      ['an unknown category', { category: ['plating', 'gilding'] }, ['category.1']],
      ['status as a string', { status: 'active' }, ['status']],
      ['a bad validOn', { validOn: '2026-02-30' }, ['validOn']],
      ['validOn as a number', { validOn: 20260101 }, ['validOn']],
      ['minPrice > maxPrice', { minPrice: 2, maxPrice: 1 }, ['maxPrice']],
      ['validToFrom after validToTo', { validToFrom: '2026-03-02', validToTo: '2026-03-01' }, ['validToTo']],
      ['sort with 4 keys', { sort: { updatedAt: 'ascend', unitPrice: 'ascend', processName: 'ascend', partNo: 'ascend' } }, ['sort']],
      ['an unknown sort field', { sort: { pricedAt: 'descend' } }, ['sort.pricedAt']],
      ['a bad sort order', { sort: { validFrom: 'DESC' } }, ['sort.validFrom']],
    ];
    for (const [name, body, paths] of bad) {
      it(`when the body has ${name} then 400 VALIDATION_ERROR names ${paths.join(', ')}`, async () => {
        expectErrorBody(await query(body as ListRequest), 400, 'VALIDATION_ERROR', paths);
      });
    }
  });
});
