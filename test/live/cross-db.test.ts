import { expect } from 'chai';
import { closeTestApp, createScratchDatabase, createTestApp, type ScratchDatabase, type TestApp } from '../support/context.js';
import {
  bomPrice,
  bomPriceWithRules,
  pricingMatches,
  pricingPage,
  processPage,
  type BomOptions,
  type ListRequest,
} from '../support/expected.js';
import { BATTERY as CASES, comparable, firstDifference, FROM_EDGE, TO_EDGE, type BatteryCase } from '../support/identity-battery.js';
import { LIVE_CLIENTS, liveSqliteEnv } from './live-support.js';

/**
 * The contract's promise: the same query on the same seed gives byte-identical `data` (and `total`)
 * on every database. Each database here is created for this run, migrated and seeded, then dropped.
 */

type BomBody = { lines: { partNo: string; quantity: number }[]; on: string } & BomOptions;

/** The oracle's answer where a case filters on partNos or inForceOn or prices a BOM; else undefined. */
function oracleAnswer(c: BatteryCase): { data: unknown; total?: number } | undefined {
  const body = c.body as ListRequest;
  if (c.path === '/api/query/bom-price') {
    if (c.status !== 200) return undefined;
    const { lines, on, ...options } = body as unknown as BomBody;
    return { data: bomPriceWithRules(lines, on, options) };
  }
  if (body?.partNos === undefined && body?.inForceOn === undefined) return undefined;
  return c.path === '/api/query/pricing' ? pricingPage(body) : processPage(body);
}

describe(`cross-database: the same answers on SQLite, ${LIVE_CLIENTS.join(', ')}`, function () {
  this.timeout(30_000);
  const targets: { label: string; app: TestApp }[] = [];
  const scratches: ScratchDatabase[] = [];
  const sqlite = liveSqliteEnv('crossdb');

  before(async function () {
    this.timeout(180_000);
    for (const client of LIVE_CLIENTS) scratches.push(await createScratchDatabase(client, 'xdb'));
    const apps = [
      { label: 'sqlite', app: createTestApp(sqlite.env, { ownDb: true }) },
      ...scratches.map((s) => ({ label: s.client, app: createTestApp(s.env, { ownDb: true }) })),
    ];
    targets.push(...apps);
    await Promise.all(
      apps.map(async ({ app }) => {
        await app.db.migrate.latest();
        await app.db.seed.run();
      }),
    );
  });

  after(async function () {
    this.timeout(60_000);
    await Promise.all(targets.map((t) => closeTestApp(t.app)));
    await Promise.all(scratches.map((s) => s.drop()));
    sqlite.remove();
  });

  it(`has at least 50 fixed requests (${CASES.length})`, () => {
    expect(CASES.length).to.be.at.least(50);
    expect(new Set(CASES.map((c) => c.name)).size).to.equal(CASES.length);
  });

  for (const c of CASES) {
    it(`${c.name}: identical on every database`, async () => {
      const responses = await Promise.all(
        targets.map(({ app }) => (c.method === 'get' ? app.request.get(c.path) : app.request.post(c.path).send(c.body as object))),
      );
      const [reference, ...others] = responses.map((r, i) => {
        expect(r.status, `${targets[i]!.label}: ${JSON.stringify(r.body)}`).to.equal(c.status);
        return comparable(r.body);
      });
      others.forEach((text, i) => {
        if (text !== reference) expect.fail(`${targets[i + 1]!.label} differs from sqlite ${firstDifference(reference!, text)}`);
      });
    });
  }

  it('the partNos, inForceOn and BOM cases: SQLite answers as the oracle, and they test what they say', async () => {
    const cases = CASES.filter((c) => oracleAnswer(c) !== undefined);
    expect(cases.length).to.be.at.least(15);
    for (const c of cases) {
      const res = await targets[0]!.app.request.post(c.path).send(c.body as object);
      const [got, want] = [comparable(res.body), comparable(oracleAnswer(c)!)];
      if (got !== want) expect.fail(`${c.name}: sqlite differs from the oracle ${firstDifference(want, got)}`);
    }
    // The edge days are edges: approved pricings start on one and end on the other.
    expect(pricingMatches({ inForceOn: FROM_EDGE }).some((r) => r.validFrom === FROM_EDGE)).to.equal(true);
    expect(pricingMatches({ inForceOn: TO_EDGE }).some((r) => r.validTo === TO_EDGE)).to.equal(true);
    for (const day of [FROM_EDGE, TO_EDGE]) {
      const bom = cases.find((c) => c.path === '/api/query/bom-price' && (c.body as BomBody).on === day)!;
      const { lines, totals } = bomPrice((bom.body as BomBody).lines, day);
      expect([...new Set(lines.map((l) => l.result))].sort(), day).to.deep.equal(['no-price', 'priced', 'unknown-part']);
      expect(
        totals.map((t) => t.currency),
        day,
      ).to.deep.equal(['CNY', 'USD']);
      const priced = lines.filter((l) => l.pricing);
      expect(
        priced.some((l) => l.pricing!.validFrom === day || l.pricing!.validTo === day),
        `${day}: a chosen price starting or ending that day`,
      ).to.equal(true);
      expect(new Set(priced.map((l) => l.partNo)).size, `${day}: a part priced twice`).to.be.below(priced.length);
    }
  });

  it('the fixed requests are not vacuous: most return rows', async () => {
    const sqliteApp = targets[0]!.app;
    let nonEmpty = 0;
    for (const c of CASES.filter((x) => x.method === 'post' && x.status === 200)) {
      const res = await sqliteApp.request.post(c.path).send(c.body as object);
      const data = res.body.data;
      if (Array.isArray(data) ? data.length > 0 : data) nonEmpty++;
    }
    expect(nonEmpty).to.be.at.least(40);
  });
});
