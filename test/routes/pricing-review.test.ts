import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { expectErrorBody } from '../support/expected.js';
import { deleteFixture, FIXTURE_PRICING_PREFIX, FIXTURE_PRICINGS, insertFixture, TIE, type Fixture } from '../support/review-fixture.js';

/**
 * previousApprovedPrice and changeRate on rows the demo data has none of (test/support/review-fixture.ts),
 * and the review page's two operations on them: POST /api/query/pricing-review and -compare.
 */
describe('previous approved price, change rate and the review page', () => {
  let t: TestApp;
  let f: Fixture;
  const keyOf = (id: number) => Object.entries(f.pricing).find(([, v]) => v === id)?.[0];
  const list = (body: object) => t.request.post('/api/query/pricing').send({ pricingNo: FIXTURE_PRICING_PREFIX, pageSize: 200, ...body });

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

  describe('POST /api/query/pricing: previousApprovedPrice and changeRate', () => {
    it('chains, a price of 0, ties on pricedAt, drafts and rejections between, another part: each row as the contract says', async () => {
      const res = await list({});
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.total).to.equal(FIXTURE_PRICINGS.length);
      const got = Object.fromEntries(
        res.body.data.map((r: { id: number; previousApprovedPrice: number | null; changeRate: number | null }) => [
          keyOf(r.id),
          [r.previousApprovedPrice, r.changeRate],
        ]),
      );
      expect(got).to.deep.equal(Object.fromEntries(FIXTURE_PRICINGS.map((p) => [p.key, [p.previous, p.rate]])));
    });

    it('minChangeRate 0.1 on pending pricings: exactly those at or above it; bounds are inclusive', async () => {
      const res = await list({ status: ['pending'], minChangeRate: 0.1 });
      expect(res.body.data.map((r: { id: number }) => keyOf(r.id)).sort()).to.deep.equal(['A16', 'A4', 'A8', 'B3']);
      const band = await list({ minChangeRate: 0.1, maxChangeRate: 0.125 });
      expect(band.body.data.map((r: { id: number }) => keyOf(r.id)).sort()).to.deep.equal(['A10', 'A16', 'A4', 'A8', 'A9', 'B3']);
      const halves = await list({ minChangeRate: -0.0001, maxChangeRate: 0.0001 });
      expect(halves.body.data.map((r: { id: number }) => keyOf(r.id)).sort()).to.deep.equal(['A12', 'A13']);
      // The halves are 0.0001 and -0.0001 exactly, not 0 (each bound by itself decides it).
      for (const [bound, keys] of [
        [0.0001, ['A12']],
        [-0.0001, ['A13']],
        [0, []],
      ] as const) {
        const only = await list({ minChangeRate: bound, maxChangeRate: bound });
        expect(
          only.body.data.map((r: { id: number }) => keyOf(r.id)),
          String(bound),
        ).to.deep.equal(keys);
      }
      const cuts = await list({ maxChangeRate: -0.5 });
      expect(cuts.body.data.map((r: { id: number }) => keyOf(r.id)).sort()).to.deep.equal(['A1', 'A11', 'A5']);
    });

    it('sorted by changeRate either way: rates in order, ties by id, every null last by id', async () => {
      const withRate = FIXTURE_PRICINGS.filter((p) => p.rate !== null);
      const nulls = FIXTURE_PRICINGS.filter((p) => p.rate === null).map((p) => p.key);
      for (const order of ['ascend', 'descend'] as const) {
        const res = await list({ sort: { changeRate: order } });
        const keys = res.body.data.map((r: { id: number }) => keyOf(r.id));
        const byRate = [...withRate].sort(
          (a, b) => (order === 'ascend' ? a.rate! - b.rate! : b.rate! - a.rate!) || f.pricing[a.key]! - f.pricing[b.key]!,
        );
        expect(keys, order).to.deep.equal([...byRate.map((p) => p.key), ...nulls.sort((a, b) => f.pricing[a]! - f.pricing[b]!)]);
        // The same order page by page (the deep-page and keyset paths).
        const pages: string[] = [];
        for (let current = 1; current <= Math.ceil(FIXTURE_PRICINGS.length / 3); current++) {
          const page = await list({ sort: { changeRate: order }, pageSize: 3, current });
          pages.push(...page.body.data.map((r: { id: number }) => keyOf(r.id)));
        }
        expect(pages, `${order}, 3 a page`).to.deep.equal(keys);
      }
    });

    // With no other filter a count or an order by the rate reads every row of the statuses, which
    // SQL Server computes in one pass (pricing-change.ts previousApprovedInOnePass): the same answers.
    it('with only the status and rate filters (every row of the statuses read): the same rows, rates and order for the fixture', async () => {
      const every = async (body: object) => {
        const rows: { id: number; changeRate: number | null; previousApprovedPrice: number | null }[] = [];
        let total: number | undefined;
        for (let current = 1; current <= 20; current++) {
          const res = await t.request.post('/api/query/pricing').send({ pageSize: 200, current, ...body });
          expect(res.status, JSON.stringify(res.body)).to.equal(200);
          rows.push(...res.body.data);
          total = res.body.total;
          if (res.body.data.length < 200) break;
        }
        expect(total, JSON.stringify(body)).to.equal(rows.length);
        // A full page of 1 makes the service count (every row of the statuses): the same total.
        const counted = await t.request.post('/api/query/pricing').send({ ...body, pageSize: 1 });
        expect(counted.body.total, `${JSON.stringify(body)} counted`).to.equal(rows.length);
        return rows.filter((r) => keyOf(r.id) !== undefined);
      };
      const keys = (rows: { id: number }[]) => rows.map((r) => keyOf(r.id));
      expect(keys(await every({ status: ['pending'], minChangeRate: 0.1 })).sort()).to.deep.equal(['A16', 'A4', 'A8', 'B3']);
      // An empty status list filters nothing.
      expect(keys(await every({ status: [], minChangeRate: 0.1, maxChangeRate: 0.125 })).sort()).to.deep.equal([
        'A10',
        'A16',
        'A4',
        'A8',
        'A9',
        'B3',
      ]);
      expect(keys(await every({ maxChangeRate: -0.5, status: ['approved', 'pending', 'draft', 'rejected'] })).sort()).to.deep.equal([
        'A1',
        'A11',
        'A5',
      ]);
      for (const order of ['ascend', 'descend'] as const) {
        const narrowed = (await list({ sort: { changeRate: order } })).body.data as { id: number }[];
        const whole = await every({ sort: { changeRate: order } });
        expect(keys(whole), order).to.deep.equal(keys(narrowed));
        const expected = Object.fromEntries(FIXTURE_PRICINGS.map((p) => [p.key, [p.previous, p.rate]]));
        for (const r of whole) expect([r.previousApprovedPrice, r.changeRate], keyOf(r.id)).to.deep.equal(expected[keyOf(r.id)!]);
      }
    });

    it('a CSV export carries both columns: the price, and the rate in per cent', async () => {
      const res = await t.request
        .post('/api/query/pricing')
        .set('Accept', 'text/csv')
        .send({ pricingNo: FIXTURE_PRICING_PREFIX, sort: { changeRate: 'descend' } })
        .buffer(true)
        .parse((r, done) => {
          let text = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (text += c));
          r.on('end', () => done(null, text));
        });
      expect(res.status).to.equal(200);
      const records: string[][] = parse((res.body as string).replace(/^\uFEFF/, ''));
      const [header, ...rows] = records;
      const price = header!.indexOf('上次批准单价');
      const rate = header!.indexOf('较上次批准变动率');
      expect(price).to.be.above(0);
      expect(rate).to.equal(price + 1);
      const number = header!.indexOf('核价单号');
      const byKey = Object.fromEntries(rows.map((r) => [r[number]!.slice(FIXTURE_PRICING_PREFIX.length + 1), [r[price], r[rate]]]));
      expect(byKey.A2).to.deep.equal(['70', '42.86%']);
      expect(byKey.A5).to.deep.equal(['100', '-100%']);
      expect(byKey.A12).to.deep.equal(['2', '0.01%']);
      expect(byKey.A6).to.deep.equal(['', '']);
      expect(rows[0]![number]).to.equal(`${FIXTURE_PRICING_PREFIX}-A2`);
    });
  });

  describe('POST /api/query/pricing-review', () => {
    const review = (body: object) => t.request.post('/api/query/pricing-review').send(body);

    it("A9: its row, the part's pricings newest first, the approved summary of the 12 months before it, and the process prices of its Shanghai day", async () => {
      const res = await review({ pricingId: f.pricing.A9 });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const d = res.body.data;
      expect(d.pricing).to.include({
        id: f.pricing.A9,
        previousApprovedPrice: 80,
        changeRate: 0.125,
        pricedAt: '2026-03-31T16:30:00.000Z',
      });

      const partA = FIXTURE_PRICINGS.filter((p) => p.part === 'A');
      expect(d.history.total).to.equal(partA.length);
      expect(d.history.limit).to.equal(200);
      const newestFirst = [...partA].sort((a, b) =>
        a.pricedAt === b.pricedAt ? f.pricing[b.key]! - f.pricing[a.key]! : a.pricedAt < b.pricedAt ? 1 : -1,
      );
      expect(d.history.rows.map((r: { id: number }) => keyOf(r.id))).to.deep.equal(newestFirst.map((p) => p.key));
      expect(d.history.rows.filter((r: { current: boolean }) => r.current).map((r: { id: number }) => keyOf(r.id))).to.deep.equal(['A9']);
      expect(Object.keys(d.history.rows[0])).to.deep.equal([
        'id',
        'pricingNo',
        'supplierCode',
        'supplierName',
        'status',
        'currency',
        'unitPrice',
        'pricedAt',
        'current',
      ]);
      expect(d.history.rows.find((r: { id: number }) => r.id === f.pricing.A5)).to.include({
        status: 'approved',
        unitPrice: 0,
        supplierCode: 'S0036',
      });

      // Approved before A9 since 2025-04-01 00:00 in Shanghai: A2 100, A5 0, A7 80 (A14 of 2024 is older; A9 itself and A11 come after).
      expect(d.approvedSummary).to.deep.equal({
        currency: 'CNY',
        latest: {
          id: f.pricing.A11,
          pricingNo: `${FIXTURE_PRICING_PREFIX}-A11`,
          supplierName: '供应商S0052',
          currency: 'CNY',
          unitPrice: 2,
          pricedAt: '2026-06-01T02:00:00.000Z',
        },
        windowFrom: '2025-03-31T16:00:00.000Z',
        windowTo: TIE.replace('Z', '.000Z'),
        count: 3,
        min: 0,
        median: 80,
        max: 100,
      });
      // USD's own figures beside, never mixed in: A15 (A16 is pending).
      expect(d.otherCurrencySummaries).to.deep.equal([
        {
          currency: 'USD',
          latest: {
            id: f.pricing.A15,
            pricingNo: `${FIXTURE_PRICING_PREFIX}-A15`,
            supplierName: '供应商S0060',
            currency: 'USD',
            unitPrice: 15,
            pricedAt: '2026-02-20T02:00:00.000Z',
          },
          windowFrom: '2025-03-31T16:00:00.000Z',
          windowTo: TIE.replace('Z', '.000Z'),
          count: 1,
          min: 15,
          median: 15,
          max: 15,
        },
      ]);

      const refs = d.processReferences;
      expect(refs.day).to.equal('2026-04-01');
      // Not P3 (from the next day) nor P4 (ends on 2026-03-31, the UTC day): by name, price, id.
      expect(refs.rows.map((r: { id: number }) => r.id)).to.deep.equal([f.processes.P2, f.processes.P1, f.processes.P6, f.processes.P5]);
      expect(refs.total).to.equal(4);
      expect(refs.lines.map((l: { lineNo: number; itemName: string }) => [l.lineNo, l.itemName])).to.deep.equal([
        [3, '镀锌'],
        [4, '淬火'],
      ]);
      const zinc = refs.lines[0].references;
      expect(zinc).to.deep.equal([
        {
          processId: f.processes.P2,
          processNo: `${FIXTURE_PRICING_PREFIX}-P2`,
          supplierName: zinc[0].supplierName,
          priceBasis: 'dm2',
          unitPrice: 0.25,
          comparable: true,
          difference: -0.03,
          differenceRate: -0.12,
        },
        {
          processId: f.processes.P1,
          processNo: `${FIXTURE_PRICING_PREFIX}-P1`,
          supplierName: zinc[1].supplierName,
          priceBasis: 'dm2',
          unitPrice: 0.2,
          comparable: true,
          difference: 0.02,
          differenceRate: 0.1,
        },
        {
          processId: f.processes.P6,
          processNo: `${FIXTURE_PRICING_PREFIX}-P6`,
          supplierName: zinc[2].supplierName,
          priceBasis: 'piece',
          unitPrice: 1.5,
          comparable: false,
          difference: null,
          differenceRate: null,
        },
      ]);
      // 淬火 has a price (P4) only until the day before.
      expect(refs.lines[1].references).to.deep.equal([]);
    });

    it('A10: an even count of approved prices has the mean of the middle two as its median', async () => {
      const d = (await review({ pricingId: f.pricing.A10 })).body.data;
      expect(d.approvedSummary).to.include({ count: 4, min: 0, median: 85, max: 100 });
      expect(d.processReferences.lines).to.deep.equal([]);
    });

    it('B1, the first pricing of its part: no previous price, nothing approved in its window', async () => {
      const d = (await review({ pricingId: f.pricing.B1 })).body.data;
      expect(d.pricing).to.include({ previousApprovedPrice: null, changeRate: null });
      expect(d.approvedSummary).to.include({ count: 0, min: null, median: null, max: null });
      expect(d.approvedSummary.latest.id).to.equal(f.pricing.B2);
      expect(d.history.rows.map((r: { id: number }) => keyOf(r.id))).to.deep.equal(['B3', 'B2', 'B1']);
      expect(d.processReferences).to.deep.equal({ day: '2026-01-01', total: 0, limit: 200, rows: [], lines: [] });
    });

    it("a demo pricing: the same row as the list, and its part's pricings", async () => {
      const d = (await review({ pricingId: 2 })).body.data;
      const row = (await t.request.post('/api/query/pricing').send({ pricingNo: d.pricing.pricingNo })).body.data[0];
      expect(d.pricing).to.deep.equal(row);
      expect(d.history.rows.map((r: { id: number }) => r.id)).to.include.members([1, 2, 3, 4]);
    });

    it('an unknown id is 404 NOT_FOUND; a missing or bad id is 400', async () => {
      expectErrorBody(await review({ pricingId: 999_999_999 }), 404, 'NOT_FOUND');
      expectErrorBody(await review({}), 400, 'VALIDATION_ERROR', ['pricingId']);
      expectErrorBody(await review({ pricingId: '2' }), 400, 'VALIDATION_ERROR', ['pricingId']);
      expectErrorBody(await review({ pricingId: 2, id: 2 }), 400, 'VALIDATION_ERROR', ['id']);
    });
  });

  describe('POST /api/query/pricing-compare', () => {
    const compare = (body: object) => t.request.post('/api/query/pricing-compare').send(body);
    const d = (amount: number, baseAmount: number | null, difference: number | null, differenceRate: number | null) => ({
      amount,
      baseAmount,
      difference,
      differenceRate,
    });

    it('A9 against its previous approved pricing (A7): unit price, cost types, the line total and the lines matched by (type, trimmed name)', async () => {
      const res = await compare({ pricingId: f.pricing.A9 });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const c = res.body.data;
      expect(c.pricing).to.include({ id: f.pricing.A9, unitPrice: 90 });
      expect(c.base).to.include({ id: f.pricing.A7, unitPrice: 80, status: 'approved' });
      expect(c.baseChosen).to.equal('previous-approved');
      expect(c.unitPrice).to.deep.equal(d(90, 80, 10, 0.125));
      expect(c.byCostType).to.deep.equal([
        { costType: 'material', ...d(50, 45, 5, 0.1111) },
        { costType: 'process', ...d(3.3, 5, -1.7, -0.34) },
        { costType: 'secondary_process', ...d(30, 20, 10, 0.5) },
        { costType: 'other', ...d(0, 5, -5, -1) },
        { costType: 'management_fee', ...d(0, 0, 0, null) },
        { costType: 'profit', ...d(1, 0, 1, null) },
      ]);
      expect(c.lineTotal).to.deep.equal(d(84.3, 75, 9.3, 0.124));
      const lines = c.lines.map(
        (l: {
          costType: string;
          itemName: string;
          side: string;
          amount: number | null;
          baseAmount: number | null;
          difference: number;
          differenceRate: number | null;
          line: { lineNo: number } | null;
          baseLine: { lineNo: number } | null;
        }) => [
          l.costType,
          l.itemName,
          l.side,
          l.line?.lineNo ?? null,
          l.baseLine?.lineNo ?? null,
          l.amount,
          l.baseAmount,
          l.difference,
          l.differenceRate,
        ],
      );
      expect(lines).to.deep.equal([
        ['material', 'Q235 热轧板 ', 'both', 1, 1, 50, 45, 5, 0.1111],
        // The first 折弯 of each side; the base's second has no partner.
        ['process', '折弯', 'both', 2, 2, 3.3, 3, 0.3, 0.1],
        ['secondary_process', '镀锌', 'both', 3, 4, 22, 20, 2, 0.1],
        ['secondary_process', '淬火', 'pricing', 4, null, 8, null, 8, null],
        // A base amount of 0: a difference, no rate.
        ['profit', '利润', 'both', 5, 6, 1, 0, 1, null],
        ['process', '折弯', 'base', null, 3, null, 2, -2, -1],
        ['other', '包装运输', 'base', null, 5, null, 5, -5, -1],
      ]);
      expect(c.lines[0].line).to.deep.equal({ lineNo: 1, spec: null, quantity: 10, unit: 'kg', unitPrice: 5, amount: 50 });
    });

    it("a base chosen by id; none before the first pricing of a part; errors in the contract's shape", async () => {
      const byId = (await compare({ pricingId: f.pricing.A9, basePricingId: f.pricing.A2 })).body.data;
      expect(byId.baseChosen).to.equal('by-id');
      expect(byId.base.id).to.equal(f.pricing.A2);
      expect(byId.unitPrice).to.deep.equal(d(90, 100, -10, -0.1));

      const first = (await compare({ pricingId: f.pricing.B1 })).body.data;
      expect(first.base).to.equal(null);
      expect(first.unitPrice).to.deep.equal(d(30, null, null, null));
      expect(first.lines).to.deep.equal([]);

      expectErrorBody(await compare({ pricingId: f.pricing.A9, basePricingId: f.pricing.B2 }), 400, 'VALIDATION_ERROR', ['basePricingId']);
      expectErrorBody(await compare({ pricingId: f.pricing.A9, basePricingId: f.pricing.A9 }), 400, 'VALIDATION_ERROR', ['basePricingId']);
      expectErrorBody(await compare({ pricingId: 999_999_999 }), 404, 'NOT_FOUND');
      expectErrorBody(await compare({ pricingId: f.pricing.A9, basePricingId: 999_999_999 }), 404, 'NOT_FOUND');
      expectErrorBody(await compare({ basePricingId: 2 }), 400, 'VALIDATION_ERROR', ['pricingId']);
    });
  });
});
