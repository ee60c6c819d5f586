import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import {
  COST_TYPES,
  DETAIL_FIELDS,
  PRICING_FIELDS,
  detailsOf,
  expectErrorBody,
  latestApproved,
  pricingById,
  seed,
} from '../support/expected.js';

const PATH = '/api/query/pricing-details';

describe('POST /api/query/pricing-details', () => {
  let t: TestApp;
  const query = (body: object) => t.request.post(PATH).send(body);

  async function expectDetails(body: object, pricingId: number) {
    const res = await query(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.deep.equal({ success: true, data: detailsOf(pricingById(pricingId)!) });
    return res.body.data;
  }

  function expectNotFound(res: Parameters<typeof expectErrorBody>[0], message = '核价记录不存在') {
    expectErrorBody(res, 404, 'NOT_FOUND');
    expect(res.body.message).to.equal(message);
  }

  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  describe('selectors', () => {
    it('when pricingId is given then that pricing, its lines by lineNo and the summary come back', async () => {
      const data = await expectDetails({ pricingId: 1 }, 1);
      expect(Object.keys(data)).to.deep.equal(['pricing', 'details', 'summary']);
      expect(Object.keys(data.pricing)).to.deep.equal([...PRICING_FIELDS]);
      for (const line of data.details) expect(Object.keys(line)).to.deep.equal([...DETAIL_FIELDS]);
      expect(data.details.map((l: { lineNo: number }) => l.lineNo)).to.deep.equal(data.details.map((_: unknown, i: number) => i + 1));
      expect(data.details.length).to.be.within(4, 10);
    });

    it('when pricingNo is given (with spaces around) then the same answer as by its id', async () => {
      const p = pricingById(5)!;
      await expectDetails({ pricingNo: ` ${p.pricingNo} ` }, 5);
    });

    it('when partNo P-100001 is given then its most recent approved pricing (2) comes back, not the newer draft (4)', async () => {
      const data = await expectDetails({ partNo: 'P-100001' }, 2);
      expect(data.pricing.status).to.equal('approved');
    });

    it('when partNo is given for several parts then each gets its latest approved pricing', async () => {
      // Parts with two or more approved pricings, where picking the wrong one would show.
      const approvedCount = new Map<string, number>();
      for (const p of seed.pricing) if (p.status === 'approved') approvedCount.set(p.partNo, (approvedCount.get(p.partNo) ?? 0) + 1);
      const partNos = [...approvedCount]
        .filter(([, n]) => n >= 2)
        .map(([partNo]) => partNo)
        .slice(0, 12);
      expect(partNos).to.have.lengthOf(12);
      for (const partNo of partNos) await expectDetails({ partNo }, latestApproved(partNo)!.id);
    });

    it('when the pricing is found by id then the header row equals the one of the list query', async () => {
      const list = await t.request.post('/api/query/pricing').send({ pricingNo: pricingById(33)!.pricingNo });
      const res = await query({ pricingId: 33 });
      expect(list.body.data).to.deep.equal([res.body.data.pricing]);
    });
  });

  describe('summary', () => {
    it('when a sample of pricings is read then every summary adds up (byCostType, detailTotal, difference, consistent)', async () => {
      const sample = seed.pricing.filter((p) => p.id <= 40 || p.id % 53 === 0);
      for (const p of sample) {
        const data = await expectDetails({ pricingId: p.id }, p.id);
        expect(Object.keys(data.summary.byCostType)).to.have.members([...COST_TYPES]);
        expect(data.summary.consistent, `pricing ${p.id}`).to.equal(true);
        expect(data.summary.difference).to.equal(0);
        expect(data.summary.detailTotal).to.equal(p.unitPrice);
      }
    });

    it('when a pricing has no management_fee or profit line then those keys are still there, valued 0', async () => {
      const missing = seed.pricing.find((p) => !seed.details.get(p.id)!.some((l) => l.costType === 'management_fee'))!;
      const data = await expectDetails({ pricingId: missing.id }, missing.id);
      expect(data.summary.byCostType.management_fee).to.equal(0);
      expect(data.pricing.managementFee).to.equal(0);
      expect(Object.keys(data.summary.byCostType)).to.have.lengthOf(6);
    });

    it('when the lines of pricing 9 (5.7000) are summed then the float sum is exact to 4 dp', async () => {
      const data = await expectDetails({ pricingId: 9 }, 9);
      expect(data.summary).to.deep.equal({
        byCostType: { material: 2.73, process: 1.45, secondary_process: 0.45, other: 0.3, management_fee: 0.25, profit: 0.52 },
        detailTotal: 5.7,
        unitPrice: 5.7,
        difference: 0,
        consistent: true,
      });
    });
  });

  describe('not found', () => {
    const noApproved = (partNo: string) => `核价记录不存在：物料 ${partNo} 没有已批准（approved）的核价`;
    const noPart = (partNo: string) => `核价记录不存在：物料编码 ${partNo} 不存在（partNo 须与物料编码完全一致，不是包含匹配）`;
    const cases: [string, object, string?][] = [
      ['an unknown pricingId', { pricingId: 999_999 }],
      ['an unknown pricingNo', { pricingNo: 'HJ209901-999999' }],
      ['a pricingNo prefix (the selector is exact)', { pricingNo: 'HJ2026' }],
      ['a part with no pricing at all (49)', { partNo: 'P-100049' }, noApproved('P-100049')],
      ['a part with pricings but none approved (10)', { partNo: 'P-100010' }, noApproved('P-100010')],
      ['an unknown partNo', { partNo: 'P-999999' }, noPart('P-999999')],
      ['a partNo prefix (the selector is exact)', { partNo: 'P-1000' }, noPart('P-1000')],
      ['SQL-looking text', { pricingNo: "' or 1=1 --" }],
      ['SQL-looking text as partNo', { partNo: "'; drop table pricing; --" }, noPart("'; drop table pricing; --")],
    ];
    for (const [name, body, message] of cases) {
      it(`when the selector is ${name} then 404 NOT_FOUND ${message ?? '核价记录不存在'}`, async () => {
        expectNotFound(await query(body), message);
      });
    }

    it('when part 10 has pricings then none of them is approved (the 404 above is for the right reason)', () => {
      const of10 = seed.pricing.filter((p) => p.partNo === 'P-100010');
      expect(of10.length).to.be.greaterThan(0);
      expect(of10.every((p) => p.status !== 'approved')).to.equal(true);
    });
  });

  describe('validation', () => {
    const bad: [string, object, string[]][] = [
      ['no selector', {}, ['']],
      ['only an empty pricingNo', { pricingNo: '  ' }, ['']],
      ['two selectors', { pricingId: 1, partNo: 'P-100001' }, ['pricingId', 'partNo']],
      ['three selectors', { pricingId: 1, pricingNo: 'HJ202503-000001', partNo: 'P-100001' }, ['pricingId', 'pricingNo', 'partNo']],
      ['pricingId as a string', { pricingId: '1' }, ['pricingId']],
      ['pricingId 0', { pricingId: 0 }, ['pricingId']],
      ['pricingId 1.5', { pricingId: 1.5 }, ['pricingId']],
      ['partNo as a number', { partNo: 100001 }, ['partNo']],
      ['a NUL character in partNo', { partNo: 'P-1\u0000' }, ['partNo']],
      ['an unknown key', { pricingId: 1, pageSize: 20 }, ['pageSize']],
    ];
    for (const [name, body, paths] of bad) {
      it(`when the body has ${name} then 400 VALIDATION_ERROR names ${paths.map((p) => p || '(the body)').join(', ')}`, async () => {
        expectErrorBody(await query(body), 400, 'VALIDATION_ERROR', paths);
      });
    }
  });
});
