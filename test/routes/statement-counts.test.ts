import { expect } from 'chai';
import { dialectOf } from '../../src/db/dialects/index.js';
import { closeTestApp, createTestApp, statementsDuring, type TestApp } from '../support/context.js';
import { pricingMatches, processMatches, seed } from '../support/expected.js';

/**
 * How many statements the common requests run: a statement the answer does not need is a cost on
 * every request, so one more fails here. (The test env keeps no count: every count runs.)
 */
describe('statements per request', () => {
  let t: TestApp;
  /** Whether the database's search counts first to choose its plan (SQLite's and pg's indexes, not LIKE). */
  let countsFirst: boolean;

  before(() => {
    t = createTestApp();
    countsFirst = dialectOf(t.db).search.strategy !== 'like';
  });
  after(() => closeTestApp(t));

  async function statementsOf(path: string, body: object): Promise<string[]> {
    return statementsDuring(t.db, async () => {
      const res = await t.request.post(path).send(body);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    });
  }

  it('when pricing page 1 is asked then the page and its count run', async () => {
    expect(await statementsOf('/api/query/pricing', {})).to.have.length(2);
  });

  it('when a keyword, a status and a sort are asked then a search index database runs size with token, count, page; LIKE page and count', async () => {
    const body = { keyword: '支架', status: ['approved'], sort: { unitPrice: 'descend' } } as const;
    expect(pricingMatches(body).length, 'a full page: the page does not tell the total').to.be.above(20);
    const statements = await statementsOf('/api/query/pricing', body);
    expect(statements, statements.join('\n')).to.have.length(countsFirst ? 3 : 2);
  });

  it('when secondary-process page 1 is asked then the page and its count run', async () => {
    expect(processMatches({}).length).to.be.above(20);
    expect(await statementsOf('/api/query/secondary-process', {})).to.have.length(2);
  });

  it('when details are asked by pricingId or partNo then the pricing and its lines run', async () => {
    expect(await statementsOf('/api/query/pricing-details', { pricingId: 1 })).to.have.length(2);
    const { partNo } = pricingMatches({ status: ['approved'] })[0]!;
    expect(await statementsOf('/api/query/pricing-details', { partNo })).to.have.length(2);
  });

  it("when a BOM is priced then the day's rates, the parts, their prices in force and the chosen rows run, for 3 lines or 2,000, the codes bound", async () => {
    const partNos = seed.partNos;
    const body = (n: number) => ({
      lines: Array.from({ length: n }, (_, i) => ({ partNo: partNos[i % partNos.length]!, quantity: 1 })),
      on: '2026-06-01',
    });
    for (const n of [3, 2000]) {
      const statements = await statementsOf('/api/query/bom-price', body(n));
      expect(statements, statements.join('\n')).to.have.length(4);
      expect(statements.join('\n')).to.not.include(partNos[0]);
    }
  });

  it('when suppliers are compared by partNo or pricingIds then one statement runs, however many suppliers, the values bound', async () => {
    // Six suppliers of this part: still one statement.
    const partNo = 'P-100009';
    const byPart = await statementsOf('/api/query/supplier-compare', { partNo });
    expect(byPart, byPart.join('\n')).to.have.length(1);
    expect(byPart[0]).to.not.include(partNo);
    const ids = pricingMatches({ partNos: [partNo] })
      .slice(0, 5)
      .map((r) => r.id);
    expect(new Set(pricingMatches({ partNos: [partNo] }).map((r) => r.supplierCode)).size).to.equal(6);
    expect(ids).to.have.length(5);
    const byIds = await statementsOf('/api/query/supplier-compare', { pricingIds: ids });
    expect(byIds, byIds.join('\n')).to.have.length(1);
    expect(byIds[0]).to.not.match(new RegExp(`\\b${ids[0]}\\b`));
  });
});
