import { expect } from 'chai';
import type { Knex } from 'knex';
import {
  CHANGE_BUILT,
  CHANGE_TABLE,
  CHANGE_TRIGGER,
  changeTableProblems,
  chooseMssqlChange,
  verifyChangeTable,
} from '../src/queries/operations/pricing-change-table.js';
import {
  closeTestApp,
  createScratchDatabase,
  createTestApp,
  prepareScratchDatabase,
  statementsDuring,
  type ScratchDatabase,
  type TestApp,
} from './support/context.js';
import { walkAllPages } from './support/expected.js';
import { insertFixture, type Fixture } from './support/review-fixture.js';
import { runScript } from './support/script.js';

/**
 * SQL Server's change table as the DBA's opt-in: `npm run mssql:change -- build|verify|repair|drop`
 * (scripts/mssql-change.ts) and MSSQL_CHANGE. On its own scratch database (migrated and seeded
 * here, with the review fixture's chains), since its tests write pricings.
 */

const changeTool = (command: string, env: NodeJS.ProcessEnv) => runScript('mssql-change', [command], env);

describe('npm run mssql:change: refuses a database that is not SQL Server', () => {
  it('exits 2 and says why, on SQLite', async function () {
    this.timeout(30_000);
    const { code, output } = await changeTool('verify', { DB_CLIENT: 'better-sqlite3', DB_FILENAME: '/nonexistent/never-opened.sqlite3' });
    expect(code, output).to.equal(2);
    expect(output).to.contain("the change table is SQL Server's; the configured client is better-sqlite3");
  });
});

/** Requests that read every row of whole statuses (the ones the table serves), and their edges. */
const REQUESTS: readonly object[] = [
  { status: ['pending'], minChangeRate: 0.1, sort: { changeRate: 'descend' } },
  { status: ['pending'], minChangeRate: 0.1 },
  { status: ['approved', 'pending'], maxChangeRate: 0, sort: { changeRate: 'ascend' } },
  { minChangeRate: -0.5, maxChangeRate: 0.5, sort: { changeRate: 'descend', pricedAt: 'ascend' } },
  { status: ['draft', 'rejected'], sort: { changeRate: 'ascend', unitPrice: 'descend' } },
  { sort: { changeRate: 'descend', partNo: 'ascend' } },
  // The fixture's rates, bounds equal to them (inclusive), and the largest bounds accepted.
  { minChangeRate: -0.8571, maxChangeRate: -0.8571 },
  { minChangeRate: 0.5, maxChangeRate: 0.5, sort: { changeRate: 'ascend' } },
  { minChangeRate: 1e9 },
  { maxChangeRate: -1e9, sort: { changeRate: 'ascend' } },
];

describe('SQL Server: the change table is an opt-in (MSSQL_CHANGE, npm run mssql:change)', function () {
  this.timeout(180_000);
  let scratch: ScratchDatabase | undefined;
  let db: Knex;
  let fixture: Fixture;
  const apps: TestApp[] = [];
  /** The service on the scratch database with MSSQL_CHANGE=`mode`, chosen as src/server.ts does at start-up. */
  async function serve(mode: 'window' | 'table', env: NodeJS.ProcessEnv = {}): Promise<{ t: TestApp; warning: string | undefined }> {
    const t = createTestApp({ ...scratch!.env, ...env, MSSQL_CHANGE: mode }, { ownDb: true });
    apps.push(t);
    return { t, warning: await chooseMssqlChange(t.db, t.config.db.mssqlChange) };
  }
  const tool = (command: string) => changeTool(command, scratch!.env);

  /** Every page of each request, with the statements that served them. */
  async function answers(t: TestApp): Promise<{ pages: unknown[][]; sql: string }> {
    const pages: unknown[][] = [];
    const statements = await statementsDuring(t.db, async () => {
      for (const body of REQUESTS) pages.push(await walkAllPages((p, b) => t.request.post(p).send(b), '/api/query/pricing', body));
    });
    return { pages, sql: statements.join('\n') };
  }

  /**
   * The table and the window answer every request alike, each as its mode says. The table's pages
   * after the first pick their ids as deep pages do (DEFERRED_JOIN_MIN_OFFSET), the first as one
   * statement with its count: both forms of a page sorted by the stored rate.
   */
  async function expectSameAnswers(): Promise<void> {
    const windowed = await answers((await serve('window')).t);
    const stored = await answers((await serve('table', { DEFERRED_JOIN_MIN_OFFSET: '200' })).t);
    expect(windowed.sql).not.to.contain(CHANGE_TABLE);
    expect(stored.sql).to.contain(`from [${CHANGE_TABLE}] as [pricing]`);
    for (const [i, body] of REQUESTS.entries()) expect(stored.pages[i], JSON.stringify(body)).to.deep.equal(windowed.pages[i]);
  }

  const expectStoredAsComputed = async () => expect((await verifyChangeTable(db)).wrongIds).to.deep.equal([]);

  /** A new pricing: a copy of `id` with `changes` (and a number of its own). */
  async function copyPricing(id: number, changes: Record<string, unknown>): Promise<number> {
    const { id: _, ...row } = (await db('pricing').where({ id }).first()) as Record<string, unknown>;
    const pricingNo = `ZZCT-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await db('pricing').insert({ ...row, ...changes, pricing_no: pricingNo });
    const [added] = await db('pricing').where({ pricing_no: pricingNo }).select<{ id: number }[]>('id');
    return added!.id;
  }

  before(async function () {
    if (process.env.TEST_DB_CLIENT !== 'mssql') this.skip();
    scratch = await createScratchDatabase('mssql', 'rates');
    db = await prepareScratchDatabase(scratch);
  });
  after(async () => {
    for (const t of apps) await closeTestApp(t);
    await db?.destroy();
    await scratch?.drop();
  });

  it('MSSQL_CHANGE=table before any build: a warning, and the rates are computed in one pass', async () => {
    const { t, warning } = await serve('table');
    expect(warning).to.match(/MSSQL_CHANGE=table, but the change table is not complete \(no table pricing_change; .*computed in one pass/);
    const statements = await statementsDuring(t.db, async () => {
      const res = await t.request.post('/api/query/pricing').send(REQUESTS[0]);
      expect(res.status, res.text).to.equal(200);
    });
    expect(statements.join('\n')).not.to.contain(CHANGE_TABLE);
    expect((await t.request.get('/api/health/ready')).status).to.equal(200);
  });

  it('build: exit 0, complete; pricings written after it (the review fixture) are kept by the trigger; every answer as the window gives it', async () => {
    const built = await tool('build');
    expect(built.code, built.output).to.equal(0);
    expect(built.output).to.contain(`complete: ${CHANGE_BUILT} written`);
    expect(await changeTableProblems(db)).to.deep.equal([]);
    fixture = await insertFixture(db);
    await expectStoredAsComputed();
    await expectSameAnswers();
  });

  it('the trigger computes the chains again on every write that moves one: inserts, status, price, instant, part, deletes, many rows at once', async () => {
    const { A, B } = fixture.parts;
    const [a1, a7, a9] = [fixture.pricing.A1!, fixture.pricing.A7!, fixture.pricing.A9!];
    // An approved pricing between others, at the instant of three more (ties by id).
    const tie = await copyPricing(a7, { status: 'approved', unit_price: 55 });
    await expectStoredAsComputed();
    await db('pricing').where({ id: a7 }).update({ status: 'rejected' });
    await expectStoredAsComputed();
    await db('pricing').where({ id: tie }).update({ unit_price: 0 });
    await expectStoredAsComputed();
    await db('pricing')
      .where({ id: a9 })
      .update({ priced_at: new Date('2020-01-01T00:00:00Z') });
    await expectStoredAsComputed();
    await db('pricing').where({ id: a1 }).update({ part_id: B });
    await expectStoredAsComputed();
    await db('pricing').where({ id: tie }).del();
    await expectStoredAsComputed();
    await db('pricing').whereIn('part_id', [A, B]).update({ status: 'approved' });
    await expectStoredAsComputed();
    await expectSameAnswers();
  });

  it('an update that leaves the chain as it was computes nothing again: a remark, a status set to itself', async () => {
    const id = fixture.pricing.A9!;
    await db(CHANGE_TABLE).where({ id }).update({ change_units: 123456 });
    await db('pricing').where({ id }).update({ remark: '备注 only' });
    await db('pricing')
      .where({ id })
      .update({ status: db.raw('status') });
    expect((await verifyChangeTable(db)).wrongIds, 'the planted value stays').to.deep.equal([id]);
    await db('pricing').where({ id }).update({ unit_price: 42.5 });
    await expectStoredAsComputed();
  });

  it('pricings written with the trigger disabled: verify exits 1 naming them, repair computes their parts again', async () => {
    const { t } = await serve('table');
    const id = fixture.pricing.B1!;
    await db.raw(`disable trigger ${CHANGE_TRIGGER} on pricing`);
    let added: number;
    try {
      added = await copyPricing(id, { status: 'pending', unit_price: 99, priced_at: new Date('2027-01-01T00:00:00Z') });
      await db('pricing').where({ id }).update({ unit_price: 31 });
    } finally {
      await db.raw(`enable trigger ${CHANGE_TRIGGER} on pricing`);
    }
    // Any rate at all: the window finds the new pricing, the table, missing its row, does not.
    const anyRate = { status: ['pending'], minChangeRate: -1e6, sort: { changeRate: 'descend' } };
    const ids = async (app: TestApp) =>
      (await walkAllPages<{ id: number }>((p, b) => app.request.post(p).send(b), '/api/query/pricing', anyRate)).map((r) => r.id);
    expect(await ids((await serve('window')).t)).to.include(added);
    expect(await ids(t)).not.to.include(added);

    const verified = await tool('verify');
    expect(verified.code, verified.output).to.equal(1);
    expect(verified.output).to.match(new RegExp(`pricing_change: \\d+ pricing\\(s\\) of 1 part\\(s\\) .*ids .*\\b${added}\\b`));
    const repaired = await tool('repair');
    expect(repaired.code, repaired.output).to.equal(0);
    expect(repaired.output).to.contain('pricing_change: the pricings of 1 part(s) computed again');
    expect((await tool('verify')).code).to.equal(0);
    await expectSameAnswers();
  });

  it('drop: exit 0; MSSQL_CHANGE=table then warns and computes in one pass', async () => {
    const dropped = await tool('drop');
    expect(dropped.code, dropped.output).to.equal(0);
    expect(await changeTableProblems(db)).to.include(`no table ${CHANGE_TABLE}`);
    const { warning } = await serve('table');
    expect(warning).to.contain('not complete');
  });
});
