import { expect } from 'chai';
import { MAX_COLLECTED_SHARE, prefersWalk } from '../../src/queries/paging/fetch-page.js';
import { closeTestApp, createTestApp, statementsDuring, type TestApp } from '../support/context.js';
import {
  PRICING_FIELDS,
  expectErrorBody,
  pricingMatches,
  pricingPage,
  seed,
  walkAllPages,
  type ListRequest,
  type PricingRow,
} from '../support/expected.js';

const PATH = '/api/query/pricing';
const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

describe('POST /api/query/pricing', () => {
  let t: TestApp;
  const post = (path: string, body: object) => t.request.post(path).send(body);
  const query = (body: ListRequest) => post(PATH, body);

  /** The page the API returns must equal the model's, field for field and in field order. */
  async function expectPage(body: ListRequest): Promise<PricingRow[]> {
    const res = await query(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const expected = pricingPage(body);
    expect(res.body).to.deep.equal(expected);
    for (const row of res.body.data) expect(Object.keys(row)).to.deep.equal([...PRICING_FIELDS]);
    return res.body.data;
  }

  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  describe('defaults and values', () => {
    it('when the body is empty then it returns page 1 of 20 by pricedAt descending with the total 1200', async () => {
      const res = await t.request.post(PATH);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(pricingPage({}));
      expect(res.body.total).to.equal(1200);
      expect(res.body.data).to.have.lengthOf(20);
    });

    it('when the body is {} then the rows are in the contract field order', async () => {
      await expectPage({});
    });

    it('when rows come back then money is a 4-dp number, instants are ISO UTC with .000Z, days are YYYY-MM-DD, missing is null', async () => {
      const rows = await walkAllPages<PricingRow>(post, PATH, {});
      const moneyFields = [
        'materialCost',
        'processCost',
        'secondaryProcessCost',
        'otherCost',
        'managementFee',
        'profit',
        'unitPrice',
        'taxRate',
        'unitPriceWithTax',
      ] as const;
      for (const r of rows) {
        for (const f of moneyFields) {
          expect(r[f]).to.be.a('number');
          expect(Math.round(r[f] * 10_000) / 10_000).to.equal(r[f]);
        }
        expect(r.pricedAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
        expect(r.updatedAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
        expect(r.validFrom).to.match(/^\d{4}-\d\d-\d\d$/);
        if (r.validTo !== null) expect(r.validTo).to.match(/^\d{4}-\d\d-\d\d$/);
      }
      expect(rows.filter((r) => r.validTo === null)).to.have.lengthOf(seed.pricing.filter((r) => r.validTo === null).length);
      expect(rows.filter((r) => r.remark === null)).to.have.lengthOf(seed.pricing.filter((r) => r.remark === null).length);
      // Part 1: pricings 1 (2025-03-10), 3 (2025-11-02) and 2 (2026-05-20) approved, then draft 4.
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(1)!.previousApprovedPrice).to.equal(null);
      expect(byId.get(3)!.previousApprovedPrice).to.equal(byId.get(1)!.unitPrice);
      expect(byId.get(2)!.previousApprovedPrice).to.equal(byId.get(3)!.unitPrice);
      expect(byId.get(4)!.previousApprovedPrice).to.equal(byId.get(2)!.unitPrice);
      for (const r of rows) {
        if (r.changeRate !== null) expect(Math.round(r.changeRate * 10_000) / 10_000).to.equal(r.changeRate);
        expect(r.changeRate === null).to.equal(r.previousApprovedPrice === null);
      }
      expect(rows.filter((r) => r.changeRate === null).length).to.be.within(200, 900);
      expect(rows.some((r) => r.spec === null)).to.equal(true);
      // Pricings 9-13 share 5.7000; a sum of 4-dp floats must not come back as 5.699999….
      expect(rows.filter((r) => [9, 10, 11, 12, 13].includes(r.id)).map((r) => r.unitPrice)).to.deep.equal([5.7, 5.7, 5.7, 5.7, 5.7]);
    });
  });

  describe('filters', () => {
    const cases: [string, ListRequest][] = [
      ['keyword over the pricing no', { keyword: 'HJ202603' }],
      ['keyword in mixed case, its digits also in rows it does not match', { keyword: 'Pn16' }],
      ['keyword whose run without letters is also in rows it does not match', { keyword: 'p-1' }],
      ['keyword over the part no', { keyword: 'CB-2302' }],
      ['keyword over the part name', { keyword: '法兰' }],
      ['keyword over the spec', { keyword: 't=1.5' }],
      ['keyword over the supplier name', { keyword: '恒通压铸' }],
      ['pricingNo', { pricingNo: '-00012' }],
      ['partNo', { partNo: 'P-1001' }],
      ['partName', { partName: '支架' }],
      ['supplier over the supplier code', { supplier: 's0052' }],
      ['supplier over the supplier name', { supplier: '精工五金' }],
      ['status', { status: ['pending', 'rejected'] }],
      ['pricedFrom', { pricedFrom: '2026-06-01' }],
      ['pricedTo', { pricedTo: '2025-03-31' }],
      ['pricedFrom and pricedTo', { pricedFrom: '2025-10-01', pricedTo: '2025-12-31' }],
      ['minPrice', { minPrice: 100 }],
      ['maxPrice', { maxPrice: 5.7 }],
      ['minPrice and maxPrice', { minPrice: 5.7, maxPrice: 5.7 }],
      [
        'several filters together',
        { keyword: '钣金', status: ['approved'], pricedFrom: '2025-06-01', maxPrice: 500, sort: { unitPrice: 'ascend' } },
      ],
      // One or two characters take their own index paths (SQLite term list, PostgreSQL short grams),
      // and a lone keyword is counted per table: rows matching in pricing and in parts count once.
      ['a two-character keyword', { keyword: '钣金' }],
      ['a one-character keyword', { keyword: '金' }],
      ['a one-character keyword in pricings and their parts alike (537 rows in both)', { keyword: '5' }],
      ['a two-character keyword in pricings and their parts alike (178 rows in both)', { keyword: '01' }],
      ['a one-character ASCII keyword, folded, in pricings and their parts alike', { keyword: 'C' }],
      ['supplier by two characters', { supplier: '五金' }],
      // changeRate: rows without a rate never match; bounds are inclusive on the 4-place rate.
      ['minChangeRate', { minChangeRate: 0.1 }],
      ['maxChangeRate (price cuts)', { maxChangeRate: -0.05 }],
      ['minChangeRate and maxChangeRate around no change', { minChangeRate: -0.1, maxChangeRate: 0.1 }],
      ['pending pricings 10 % or more above the last approved price', { status: ['pending'], minChangeRate: 0.1 }],
      ['a rate bound with more than 4 places', { minChangeRate: 0.12345, maxChangeRate: 1.00005 }],
      ['a rate filter with a keyword, sorted by changeRate', { keyword: '支架', minChangeRate: 0, sort: { changeRate: 'descend' } }],
      ['a rate filter sorted by price', { maxChangeRate: 0, sort: { unitPrice: 'ascend' } }],
      // Only the status and the rate: SQL Server reads every row of the statuses in one pass.
      ['pending pricings by changeRate', { status: ['pending'], minChangeRate: 0.1, sort: { changeRate: 'descend' } }],
      ['a rate filter by changeRate then pricedAt', { status: [], maxChangeRate: 0, sort: { changeRate: 'ascend', pricedAt: 'descend' } }],
      // partNos: exact, trimmed, repeats and blanks ignored, unknown codes match nothing.
      ['partNos', { partNos: ['P-100217', ' P-100001 ', 'P-100217', '', 'NO-SUCH-PART', 'P-1002'] }],
      ['partNos with a keyword', { partNos: ['P-100217', 'P-100001', 'P-100002'], keyword: '支架' }],
      // inForceOn: approved, validFrom ≤ day ≤ validTo (or open-ended).
      ['inForceOn today-ish', { inForceOn: '2026-11-20' }],
      ['inForceOn a day in 2025, by price', { inForceOn: '2025-06-15', sort: { unitPrice: 'descend' } }],
      ['inForceOn with partNos', { inForceOn: '2026-01-15', partNos: ['P-100217', 'P-100001', 'P-100010'] }],
      // validToFrom / validToTo: inclusive days of validTo; open-ended pricings never match.
      ['approved prices ending within 30 days', { status: ['approved'], validToFrom: '2026-11-20', validToTo: '2026-12-20' }],
      ['validToTo alone', { validToTo: '2025-12-31', sort: { unitPrice: 'descend' } }],
      ['validToFrom alone', { validToFrom: '2027-01-01' }],
    ];
    for (const [name, body] of cases) {
      it(`when filtering by ${name} then exactly the matching rows come back`, async () => {
        const matches = pricingMatches(body).length;
        expect(matches, 'the case must select some rows but not all').to.be.within(1, 1199);
        await expectPage({ ...body, pageSize: 200 });
        // A full page of 2 makes the service count the matches rather than tell the total from a short page.
        if (matches > 2) await expectPage({ ...body, pageSize: 2, current: 2 });
      });
    }

    // One- and two-character needles have index paths of their own on SQLite and PostgreSQL: every
    // character of the seed's searched texts (spaces, punctuation, Φ, × …) and a spread of the
    // two-character pieces, each against the model (total and a page that needs the count).
    it('when the keyword is any one or two characters of the data then exactly the matching rows come back', async function () {
      // Hundreds of searches in one test: seconds on an idle machine, minutes on Babelfish under load.
      this.timeout(240_000);
      const texts = seed.pricing.flatMap((r) => [r.pricingNo, r.supplierName, r.partNo, r.partName, r.spec ?? '']);
      const singles = [...new Set(texts.flatMap((x) => [...x]))].sort();
      const pairs = [...new Set(texts.flatMap((x) => [...x].slice(1).map((c, i) => [...x][i]! + c)))].sort();
      const needles = [...singles, ...pairs.filter((_, i) => i % Math.ceil(pairs.length / 150) === 0)];
      expect(singles.length, 'distinct characters in the seed').to.be.above(100);
      for (const keyword of needles) await expectPage({ keyword, pageSize: 2, current: 2 });
    });

    // SQLite walks the sort index for needles matching many rows and collects the matches for rare
    // ones (paging/fetch-page.ts prefersWalk): both plans must give the model's pages, sorted any way.
    const needles: [string, ListRequest][] = [
      ['a needle in most rows (walk)', { keyword: '有限公司' }],
      ['a frequent supplier with a status (walk)', { supplier: '有限公司', status: ['approved', 'pending'] }],
      ['a rare needle (collect)', { keyword: 'HJ202603' }],
    ];
    for (const [name, body] of needles) {
      it(`when searching ${name} then every page and sort matches the model`, async () => {
        const matches = pricingMatches(body).length;
        expect(matches).to.be.within(1, 1199);
        expect(prefersWalk(matches, 20, 1200), 'the plan the case is named for').to.equal(name.endsWith('(walk)'));
        const sorts: ListRequest['sort'][] = [{}, { unitPrice: 'ascend' }, { partNo: 'descend', pricedAt: 'ascend' }];
        for (const sort of sorts) {
          for (const current of [1, 2, 7]) await expectPage({ ...body, sort, current, pageSize: 20 });
        }
      });
    }

    // Sorted by a column the filter searches: PostgreSQL's 'collect-ids' plan (paging/fetch-page.ts) for up to
    // MAX_COLLECTED_SHARE of the table, its sort-index walk above; SQLite's plans as above.
    const searchedAndSorted: [string, ListRequest][] = [
      ['a pricingNo prefix (collected)', { pricingNo: 'HJ202603' }],
      ['a short pricingNo (collected)', { pricingNo: '03' }],
      ['a keyword in most rows (walked)', { keyword: '有限公司' }],
    ];
    for (const [name, filter] of searchedAndSorted) {
      it(`when searching ${name} sorted by pricingNo then every page matches the model`, async () => {
        const share = pricingMatches(filter).length / seed.pricing.length;
        expect(share > MAX_COLLECTED_SHARE, 'the plan the case is named for').to.equal(name.endsWith('(walked)'));
        expect(share).to.be.above(0);
        const statements = await statementsDuring(t.db, async () => {
          for (const order of ['ascend', 'descend'] as const) {
            for (const current of [1, 2, 4]) await expectPage({ ...filter, sort: { pricingNo: order }, current, pageSize: 10 });
          }
        });
        if (t.config.db.client === 'pg')
          expect(
            statements.some((sql) => / as materialized /.test(sql)),
            'collect-ids ran',
          ).to.equal(!name.endsWith('(walked)'));
      });
    }

    it("when a rate bound equals a row's rate then that row is included (inclusive), and the next place is not", async () => {
      const rate = pricingMatches({ sort: { changeRate: 'descend' } }).find(
        (r) => r.changeRate !== null && r.changeRate > 0.05,
      )!.changeRate!;
      const at = ids(await expectPage({ minChangeRate: rate, maxChangeRate: rate, pageSize: 200 }));
      expect(at.length).to.be.at.least(1);
      const above = await query({ minChangeRate: rate + 0.00001, maxChangeRate: rate + 0.00009 });
      expect(above.body.total).to.equal(0);
    });

    it('when filtering by each status then the totals are the seeded ones', async () => {
      const totals: Record<string, number> = { approved: 633, expired: 188, pending: 147, draft: 120, rejected: 112 };
      for (const [status, total] of Object.entries(totals)) {
        const res = await query({ status: [status], pageSize: 1 });
        expect(res.body.total, status).to.equal(total);
      }
    });

    it("when pricedBy is a 核价员 then exactly that person's pricings come back: exact, trimmed, never a part of a name", async () => {
      const rows = await expectPage({ pricedBy: '张伟', status: ['pending'], pageSize: 200 });
      expect(rows.length).to.be.greaterThan(0);
      expect(rows.every((r) => r.pricedBy === '张伟')).to.equal(true);
      expect((await query({ pricedBy: ' 张伟 ', pageSize: 1 })).body.total).to.equal(
        (await query({ pricedBy: '张伟', pageSize: 1 })).body.total,
      );
      expect((await query({ pricedBy: '张', pageSize: 1 })).body.total).to.equal(0);
      expect((await query({ pricedBy: '', pageSize: 1 })).body.total).to.equal(1200);
    });

    it('when status is an empty list then it does not filter', async () => {
      const res = await query({ status: [] });
      expect(res.body.total).to.equal(1200);
    });

    it('when minPrice equals a price then that price is included (inclusive bounds)', async () => {
      const data = await expectPage({ minPrice: 5.7, maxPrice: 5.7 });
      expect(ids(data)).to.include.members([9, 10, 11, 12, 13]);
    });

    it('when a price bound has more than four places then it keeps exactly the prices on its side', async () => {
      // 5.7 is a price of the seed (the test above); every price has four places at most.
      for (const body of [
        { minPrice: 5.69995, maxPrice: 5.70005 },
        { minPrice: 5.70001 },
        { maxPrice: 5.69999 },
        { minPrice: 5.69999, maxPrice: 5.70001, status: ['approved'] },
      ]) {
        const data = await expectPage(body);
        const inside = (p: number) =>
          (body.minPrice === undefined || p >= body.minPrice) && (body.maxPrice === undefined || p <= body.maxPrice);
        expect(data.every((r) => inside(r.unitPrice))).to.equal(true);
      }
      expect(ids(await expectPage({ minPrice: 5.69995, maxPrice: 5.70005 }))).to.include.members([9, 10, 11, 12, 13]);
      expect(ids(await expectPage({ minPrice: 5.70001, maxPrice: 5.70009 }))).to.deep.equal([]);
    });

    it('when text filters have spaces around them then they are trimmed', async () => {
      for (const [padded, trimmed] of [
        [{ partNo: '  P-100001  ' }, { partNo: 'P-100001' }],
        [{ supplier: '\tS0012 ' }, { supplier: 'S0012' }],
      ]) {
        const res = await query(padded!);
        expect(res.body).to.deep.equal(pricingPage(trimmed!));
        expect(res.body.total).to.be.greaterThan(0);
      }
    });

    it('when text filters are empty or blank then they do not filter', async () => {
      const res = await query({ keyword: '', pricingNo: '   ', partNo: '', partName: ' ', supplier: '' });
      expect(res.body).to.deep.equal(pricingPage({}));
      expect(res.body.total).to.equal(1200);
    });

    it('when the date filters are empty strings (a cleared date field) then they do not filter either', async () => {
      const res = await query({ pricedFrom: '', pricedTo: '', keyword: '' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(pricingPage({}));
      const one = await query({ pricedFrom: '2026-06-01', pricedTo: '' });
      expect(one.body).to.deep.equal(pricingPage({ pricedFrom: '2026-06-01' }));
      expect(one.body.total).to.be.within(1, 1199);
    });
  });

  describe('business-day date filters (Asia/Shanghai)', () => {
    it('when pricedFrom is 2026-03-16 then 21 (16:00:00Z) is in and 20 (15:59:59Z) is out', async () => {
      const body = { pricedFrom: '2026-03-16', pricedTo: '2026-03-16', pageSize: 200 };
      const got = ids(await expectPage(body));
      expect(got).to.include.members([21, 22, 23]);
      expect(got).to.not.include.members([19, 20]);
    });

    it('when pricedTo is 2026-03-15 then 20 (15:59:59Z) is in and 21 (16:00:00Z) is out', async () => {
      const got = ids(await expectPage({ pricedFrom: '2026-03-15', pricedTo: '2026-03-15', pageSize: 200 }));
      expect(got).to.include.members([14, 15, 16, 17, 18, 19, 20]);
      expect(got).to.not.include.members([21, 22, 23]);
    });

    it('when the range crosses a year and a month end then the Shanghai midnights decide', async () => {
      const newYear = ids(await expectPage({ pricedFrom: '2026-01-01', pricedTo: '2026-01-01', pageSize: 200 }));
      expect(newYear).to.include(25).and.not.include(24);
      const lastOfYear = ids(await expectPage({ pricedFrom: '2025-12-31', pricedTo: '2025-12-31', pageSize: 200 }));
      expect(lastOfYear).to.include(24).and.not.include(25);
      const march = ids(await expectPage({ pricedFrom: '2026-03-01', pricedTo: '2026-03-01', pageSize: 200 }));
      expect(march).to.include(27).and.not.include(26);
    });
  });

  describe('sorting', () => {
    const fields = ['pricedAt', 'unitPrice', 'pricingNo', 'partNo', 'updatedAt', 'changeRate'] as const;
    for (const field of fields) {
      for (const order of ['ascend', 'descend'] as const) {
        it(`when sorted by ${field} ${order} then every page follows it, ties by id ascending`, async () => {
          const body = { sort: { [field]: order } };
          const rows = await walkAllPages<PricingRow>(post, PATH, body);
          expect(rows).to.deep.equal(pricingMatches(body));
        });
      }
    }

    it('when no sort is given then pricedAt descending applies, with ties 14-18 by id ascending', async () => {
      const rows = await walkAllPages<PricingRow>(post, PATH, {});
      expect(rows).to.deep.equal(pricingMatches({ sort: { pricedAt: 'descend' } }));
      const tie = ids(rows).filter((id) => id >= 14 && id <= 18);
      expect(tie).to.deep.equal([14, 15, 16, 17, 18]);
      const at = ids(rows).indexOf(14);
      expect(ids(rows).slice(at, at + 5)).to.deep.equal([14, 15, 16, 17, 18]);
    });

    it('when two keys are given then the first has priority and the second breaks its ties', async () => {
      const a = { sort: { partNo: 'ascend', pricedAt: 'descend' } } as const;
      const b = { sort: { pricedAt: 'descend', partNo: 'ascend' } } as const;
      await expectPage({ ...a, pageSize: 200 });
      await expectPage({ ...b, pageSize: 200 });
      expect(ids(pricingPage(a).data)).to.not.deep.equal(ids(pricingPage(b).data));
    });

    it('when three keys are given then all three apply, across all pages', async () => {
      const body = { sort: { unitPrice: 'descend', updatedAt: 'ascend', pricingNo: 'ascend' } } as const;
      expect(await walkAllPages(post, PATH, body)).to.deep.equal(pricingMatches(body));
    });

    it('when sorted by changeRate either way then the rows without a rate come last, by id', async () => {
      for (const order of ['ascend', 'descend'] as const) {
        const rows = await walkAllPages<PricingRow>(post, PATH, { sort: { changeRate: order } }, 200);
        const firstNull = rows.findIndex((r) => r.changeRate === null);
        expect(firstNull, order).to.be.above(0);
        expect(rows.slice(firstNull).every((r) => r.changeRate === null)).to.equal(true);
        const nullIds = ids(rows.slice(firstNull));
        expect(nullIds).to.deep.equal([...nullIds].sort((a, b) => a - b));
      }
      // Two keys: a computed key after a column, and a column breaking the computed key's ties.
      await expectPage({ sort: { partNo: 'ascend', changeRate: 'descend' }, pageSize: 100, current: 2 });
      await expectPage({ sort: { changeRate: 'ascend', unitPrice: 'descend' }, pageSize: 100, current: 3 });
    });

    it('when a key is valued null then it is ignored', async () => {
      const res = await query({ sort: { unitPrice: null, partNo: 'descend' } });
      expect(res.body).to.deep.equal(pricingPage({ sort: { partNo: 'descend' } }));
    });

    it('when every key is null, or sort is null or {}, then the default sort applies', async () => {
      for (const sort of [{ unitPrice: null, pricingNo: null }, null, {}] as ListRequest['sort'][]) {
        const res = await query({ sort, pageSize: 50 });
        expect(res.body.data, JSON.stringify(sort)).to.deep.equal(pricingPage({ pageSize: 50 }).data);
      }
    });
  });

  describe('paging', () => {
    it('when current is 3 and pageSize 7 then rows 15-21 of the order come back', async () => {
      const data = await expectPage({ current: 3, pageSize: 7 });
      expect(ids(data)).to.deep.equal(ids(pricingMatches({}).slice(14, 21)));
    });

    it('when the last page is partial then it holds the remainder', async () => {
      const data = await expectPage({ current: 7, pageSize: 199 }); // 1200 = 6 × 199 + 6
      expect(data).to.have.lengthOf(6);
    });

    it('when current is past the end then data is [] with the true total', async () => {
      const res = await query({ current: 1000, pageSize: 200, status: ['draft'] });
      expect(res.body).to.deep.equal({ success: true, data: [], total: 120, current: 1000, pageSize: 200 });
    });

    it('when every page is walked (pageSize 200, and 37 on a filtered set) then every row is seen exactly once', async () => {
      const all = await walkAllPages<PricingRow>(post, PATH, {});
      expect(new Set(ids(all)).size).to.equal(1200);
      expect(ids(all).sort((a, b) => a - b)).to.deep.equal(seed.pricing.map((r) => r.id).sort((a, b) => a - b));
      const filtered = { status: ['approved'], sort: { unitPrice: 'ascend' } } as const;
      const some = await walkAllPages<PricingRow>(post, PATH, filtered, 37);
      expect(some).to.deep.equal(pricingMatches(filtered));
      expect(new Set(ids(some)).size).to.equal(633);
    });
  });

  describe('text matching', () => {
    const literal: [string, ListRequest, number[]][] = [
      ['% matches only a real percent sign', { keyword: '10%加厚' }, [3]],
      ['% is not a wildcard', { keyword: 'M6%L20' }, []],
      ['_ matches only a real underscore', { keyword: 'M6_L20' }, [4]],
      ['_ is not a wildcard', { keyword: '10_加厚' }, []],
      ['[ is literal', { keyword: '[样件]' }, [5]],
      ['[ is not a character class', { keyword: '[样]' }, []],
      ['\\ is literal', { keyword: 'DN50\\PN16' }, [7]],
      ['\\ does not escape the next character', { keyword: 'DN50\\\\PN16' }, []],
      ['! (a common LIKE escape) is literal', { keyword: '!' }, []],
    ];
    for (const [name, body, partIds] of literal) {
      it(`when the text has a wildcard: ${name}`, async () => {
        const expected = pricingMatches(body);
        // The model must agree with the seed's known rows: pricings of exactly these parts.
        const partNos = partIds.map((id) => (id % 4 === 0 ? `CB-2301-${String(id).padStart(2, '0')}` : `P-${100000 + id}`));
        expect([...new Set(expected.map((r) => r.partNo))]).to.have.members(partNos);
        await expectPage({ ...body, pageSize: 200 });
      });
    }

    it('when the supplier contains a backslash then searching for it finds S0031 only', async () => {
      const data = await expectPage({ supplier: '有限公司\\分厂', pageSize: 200 });
      expect(data.length).to.be.greaterThan(0);
      expect(new Set(data.map((r) => r.supplierCode))).to.deep.equal(new Set(['S0031']));
      expect(ids(data)).to.include(6);
    });

    it('when searching Bracket-A or bracket-a then both parts 1 and 2 match (ASCII case folds)', async () => {
      for (const partName of ['Bracket-A', 'bracket-a', 'BRACKET-A']) {
        const data = await expectPage({ partName, pageSize: 200 });
        expect(new Set(data.map((r) => r.partNo)), partName).to.deep.equal(new Set(['P-100001', 'P-100002']));
      }
    });

    it('when searching ABC or abc then both S0036 and S0041 match', async () => {
      for (const supplier of ['ABC', 'abc', 'aBc']) {
        const data = await expectPage({ supplier, pageSize: 200 });
        expect(new Set(data.map((r) => r.supplierCode)), supplier).to.deep.equal(new Set(['S0036', 'S0041']));
        expect(ids(data)).to.include.members([7, 8]);
      }
    });

    it('when searching Chinese then it matches exactly', async () => {
      const data = await expectPage({ keyword: '宁波永信', pageSize: 200 });
      expect(data.length).to.be.greaterThan(0);
      const none = await query({ keyword: '宁波永新' });
      expect(none.body.total).to.equal(0);
    });

    it('when searching a non-ASCII letter in the other case then only ASCII folds (φ does not find Φ)', async () => {
      expect(pricingMatches({ keyword: 'Φ' }).length).to.be.greaterThan(0);
      await expectPage({ keyword: 'Φ', pageSize: 200 });
      const res = await query({ keyword: 'φ' });
      expect(res.body.total).to.equal(0);
    });

    it('when the text looks like SQL then it is only text: no rows, and the data is unchanged', async () => {
      for (const text of ["' or 1=1 --", "'; drop table pricing; --", '" or ""="', "1' union select * from parts --"]) {
        for (const field of ['keyword', 'pricingNo', 'partNo', 'partName', 'supplier']) {
          const res = await query({ [field]: text });
          expect(res.body, `${field}: ${text}`).to.deep.equal({ success: true, data: [], total: 0, current: 1, pageSize: 20 });
        }
      }
      const after = await query({ pageSize: 1 });
      expect(after.body.total).to.equal(1200);
      const stats = await t.request.get('/api/stats/tables');
      expect(stats.body.data.map((s: { rowCount: number }) => s.rowCount)).to.deep.equal(seed.stats.map((s) => s.rowCount));
    });
  });

  describe('validation', () => {
    const bad: [string, object, string[]][] = [
      ['an unknown key', { foo: 1 }, ['foo']],
      ['pageSize as a string', { pageSize: '20' }, ['pageSize']],
      ['pageSize 0', { pageSize: 0 }, ['pageSize']],
      ['pageSize 201', { pageSize: 201 }, ['pageSize']],
      ['current 0', { current: 0 }, ['current']],
      ['current 1.5', { current: 1.5 }, ['current']],
      ['keyword as a number', { keyword: 5 }, ['keyword']],
      ['a NUL character in the keyword (PostgreSQL cannot compare it)', { keyword: 'a\u0000b' }, ['keyword']],
      ['a NUL character in partNo', { partNo: '\u0000' }, ['partNo']],
      ['half a surrogate pair in the keyword (not a character)', { keyword: '支架\ud800' }, ['keyword']],
      ['a lone low surrogate in supplier', { supplier: '\udc00x' }, ['supplier']],
      ['half a surrogate pair in a pasted part number', { partNos: ['P-1', 'P-2\ud800'] }, ['partNos.1']],
      ['status as a string', { status: 'approved' }, ['status']],
      ['an unknown status', { status: ['approved', 'bogus'] }, ['status.1']],
      ['a negative minPrice', { minPrice: -1 }, ['minPrice']],
      ['maxPrice as a string', { maxPrice: '10' }, ['maxPrice']],
      ['minPrice > maxPrice', { minPrice: 10, maxPrice: 5 }, ['maxPrice']],
      ['a date that does not exist (2026-02-30)', { pricedFrom: '2026-02-30' }, ['pricedFrom']],
      ['a date in another format', { pricedTo: '2026/03/01' }, ['pricedTo']],
      ['pricedFrom after pricedTo', { pricedFrom: '2026-03-02', pricedTo: '2026-03-01' }, ['pricedTo']],
      ['validToFrom after validToTo', { validToFrom: '2026-03-02', validToTo: '2026-03-01' }, ['validToTo']],
      ['sort with 4 keys', { sort: { pricedAt: 'ascend', unitPrice: 'ascend', pricingNo: 'ascend', partNo: 'ascend' } }, ['sort']],
      ['an unknown sort field', { sort: { supplierName: 'ascend' } }, ['sort.supplierName']],
      ['a bad sort order', { sort: { unitPrice: 'asc' } }, ['sort.unitPrice']],
      ['sort as a string', { sort: 'unitPrice' }, ['sort']],
      ['several bad fields at once', { foo: 1, pageSize: 0, keyword: 5, minPrice: -1 }, ['foo', 'pageSize', 'keyword', 'minPrice']],
      ['minChangeRate as a string', { minChangeRate: '0.1' }, ['minChangeRate']],
      ['minChangeRate > maxChangeRate', { minChangeRate: 0.2, maxChangeRate: 0.1 }, ['maxChangeRate']],
      ['maxChangeRate beyond 10^9', { maxChangeRate: 1e10 }, ['maxChangeRate']],
    ];
    for (const [name, body, paths] of bad) {
      it(`when the body has ${name} then 400 VALIDATION_ERROR names ${paths.join(', ')}`, async () => {
        expectErrorBody(await query(body as ListRequest), 400, 'VALIDATION_ERROR', paths);
      });
    }
  });
});
