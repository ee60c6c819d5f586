import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import knex, { type Knex } from 'knex';
import { countTotal } from '../src/queries/freshness/count-cache.js';
import { pricingTotal, queryPricing } from '../src/queries/operations/pricing.js';
import type { QueryDeps } from '../src/queries/deps.js';
import { closeTestApp, createTestApp, testConfig, type TestApp } from './support/context.js';

/**
 * Slow counts kept while the data is unchanged (src/queries/freshness/count-cache.ts), on an SQLite file of
 * its own: a second connection stands for the system that owns the data and writes to it.
 */
describe('counts kept while the SQLite data is unchanged', () => {
  const file = path.join(os.tmpdir(), `pricing-count-cache-${process.pid}.sqlite3`);
  let t: TestApp;
  let deps: QueryDeps;
  let writer: Knex;
  let statements: string[] = [];
  const keepAll = { slowMs: 0, maxKept: 2 };
  const filters = { supplier: '精工五金', status: ['approved'] as const };

  before(async function () {
    this.timeout(60_000);
    t = createTestApp({ DB_FILENAME: file }, { ownDb: true });
    await t.db.migrate.latest();
    await t.db.seed.run();
    deps = { db: t.db, timeZone: t.config.appTimeZone, queryTimeoutMs: t.config.db.queryTimeoutMs };
    t.db.on('query', (q: { sql: string }) => statements.push(q.sql));
    writer = knex({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true });
  });
  after(async () => {
    await writer.destroy();
    await closeTestApp(t);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  });
  beforeEach(() => {
    statements = [];
  });

  const total = (f: object = filters, policy = keepAll) => countTotal(deps, pricingTotal(deps, f), policy);
  const counts = () => statements.filter((sql) => /count\(\*\)/.test(sql)).length;

  it('when nothing changed then the kept total answers without counting again', async () => {
    const first = await total();
    expect(first).to.be.above(0);
    expect(await total()).to.equal(first);
    expect(await total()).to.equal(first);
    expect(counts()).to.equal(1);
  });

  it('when another connection commits then the total is counted again, and is the new one', async () => {
    const before = await total();
    const { id: _id, ...row } = await writer('pricing').where({ supplier_name: '苏州精工五金有限公司', status: 'approved' }).first();
    await writer('pricing').insert({ ...row, pricing_no: 'HJ299999-000001' });
    expect(await total()).to.equal(before + 1);
    expect(counts(), 'before: kept; after the write: counted').to.equal(1);
  });

  it('when the service connection itself writes then the total is counted again', async () => {
    const before = await total();
    await t.db('pricing').where({ pricing_no: 'HJ299999-000001' }).update({ status: 'draft' });
    expect(await total()).to.equal(before - 1);
    expect(counts(), 'before: kept; after the write: counted').to.equal(1);
  });

  it('when the count was faster than slowMs then it is not kept', async () => {
    const neverKept = { slowMs: Number.POSITIVE_INFINITY, maxKept: 2 };
    const f = { supplier: 'S0023' };
    expect(await total(f, neverKept)).to.equal(await total(f, neverKept));
    expect(counts()).to.equal(2);
  });

  it('when more than maxKept counts are kept then the least recently used goes', async () => {
    const a = { supplier: 'S0012' };
    const b = { supplier: 'S0015' };
    const c = { supplier: 'S0023', status: ['approved'] };
    await total(a);
    await total(b);
    await total(a); // a is now the most recently used
    await total(c); // b goes
    expect(counts()).to.equal(3);
    await total(a);
    await total(c);
    expect(counts()).to.equal(3);
    await total(b);
    expect(counts()).to.equal(4);
  });

  // fetch-page.ts: a full page's statement reads the token, so the count it needs is kept without a statement for the token.
  it('when a full page needs the total then its own statement reads the token: kept until another connection commits', async () => {
    const keptDeps = { ...deps, countCache: keepAll };
    const page = () => queryPricing(keptDeps, { status: ['approved'] }, { current: 1, pageSize: 2, sort: [] });
    const first = await page();
    expect(first.rows).to.have.length(2);
    expect(statements, 'the page (with the token) and the count').to.have.length(2);
    expect(statements[0]).to.match(/pragma_data_version/);
    statements = [];
    expect((await page()).total).to.equal(first.total);
    expect(statements, 'the page alone: the count kept').to.have.length(1);
    const { id: _id, ...row } = await writer('pricing').where({ status: 'approved' }).first();
    await writer('pricing').insert({ ...row, pricing_no: 'HJ299999-000002' });
    expect((await page()).total).to.equal(first.total + 1);
    expect(counts(), 'counted again after the commit').to.equal(1);
  });

  // fetch-page.ts: a search chooses its plan from the total kept earlier and checks that total's token against its page's.
  it('when a searched page was counted before then the page alone runs: its token proves the kept total, until another connection commits', async () => {
    const keptDeps = { ...deps, countCache: keepAll };
    const searched = { supplier: '精工五金', status: ['approved' as const] };
    const page = () => queryPricing(keptDeps, searched, { current: 1, pageSize: 2, sort: [] });
    const first = await page();
    expect(first.rows).to.have.length(2);
    expect(statements, 'the size with the token, the count, the page').to.have.length(3);
    statements = [];
    expect((await page()).total).to.equal(first.total);
    expect(statements, 'the page alone').to.have.length(1);
    expect(statements[0]).to.match(/pragma_data_version/);
    statements = [];
    const { id: _id, ...row } = await writer('pricing').where({ supplier_name: '苏州精工五金有限公司', status: 'approved' }).first();
    await writer('pricing').insert({ ...row, pricing_no: 'HJ299999-000003' });
    try {
      expect((await page()).total, 'the new row counted').to.equal(first.total + 1);
      expect(counts(), 'counted again after the commit').to.equal(1);
    } finally {
      await writer('pricing').where({ pricing_no: 'HJ299999-000003' }).delete();
    }
  });

  // freshness/computed-order.ts: the same token keeps the start of an order by a computed key.
  it('when pages are sorted by changeRate then the order is computed once, its pages read by id, until a commit', async () => {
    const keptDeps = { ...deps, countCache: keepAll };
    const page = (current: number) =>
      queryPricing(keptDeps, { status: ['pending'] }, { current, pageSize: 20, sort: [{ field: 'changeRate', order: 'descend' }] });
    const orders = () => statements.filter((sql) => /count\(\*\) over \(\)/.test(sql)).length;
    const first = await page(1);
    const second = await page(2);
    expect(await page(1)).to.deep.equal(first);
    expect(orders(), 'one computation for three pages').to.equal(1);
    expect(second.total).to.equal(first.total);
    const rates = [...first.rows, ...second.rows].map((r) => r.changeRate);
    expect(rates.filter((r) => r !== null)).to.deep.equal([...rates].filter((r) => r !== null).sort((a, b) => b - a));
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).to.equal(40);

    await writer('pricing').where({ pricing_no: 'HJ299999-000001' }).update({ status: 'pending' });
    const after = await page(1);
    expect(orders(), 'computed again after the commit').to.equal(2);
    expect(after.total).to.equal(first.total + 1);
  });

  it('when the workbench is asked again over unchanged data then only the token is read; after another connection commits, its counts and ages are new', async () => {
    const ask = async () => {
      const res = await t.request.post('/api/query/workbench').send({ on: '2026-11-20' });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body.data as { pending: { count: number; oldest: { at: string } | null } };
    };
    const first = await ask();
    statements = [];
    expect(await ask()).to.deep.equal(first);
    expect(statements, 'kept: the token alone').to.have.length(1);

    const { id: _id, ...row } = await writer('pricing').where({ status: 'pending' }).orderBy('priced_at').first();
    await writer('pricing').insert({ ...row, pricing_no: 'HJ299998-000001', priced_at: Date.parse('2020-01-02T03:04:05.000Z') });
    const after = await ask();
    expect(after.pending.count).to.equal(first.pending.count + 1);
    expect(after.pending.oldest?.at).to.equal('2020-01-02T03:04:05.000Z');
  });
});

/**
 * The same on PostgreSQL (`npm run test:pg`), where the token is pg_current_snapshot(): on the run's
 * shared database, with every row written here removed again.
 */
describe('counts kept while the PostgreSQL data is unchanged (snapshot)', () => {
  let t: TestApp;
  let writer: TestApp;
  let deps: QueryDeps;
  let statements: string[] = [];
  const keepAll = { slowMs: 0, maxKept: 10 };
  const filters = { supplier: '精工五金', status: ['approved'] };
  const PRICING_NO = 'HJ299998-000001';

  before(function () {
    if (testConfig().db.client !== 'pg') this.skip();
    t = createTestApp();
    writer = createTestApp({}, { ownDb: true });
    deps = { db: t.db, timeZone: t.config.appTimeZone, queryTimeoutMs: t.config.db.queryTimeoutMs };
    t.db.on('query', (q: { sql: string }) => statements.push(q.sql));
  });
  after(async () => {
    if (!writer) return;
    await writer.db('pricing').where({ pricing_no: PRICING_NO }).delete();
    await closeTestApp(writer);
    await closeTestApp(t);
  });
  beforeEach(() => {
    statements = [];
  });

  const total = () => countTotal(deps, pricingTotal(deps, filters as never), keepAll);
  const counts = () => statements.filter((sql) => /count\(\*\)/.test(sql)).length;
  const newRow = async () => {
    const { id: _id, ...row } = await writer.db('pricing').where({ supplier_name: '苏州精工五金有限公司', status: 'approved' }).first();
    return { ...row, pricing_no: PRICING_NO };
  };

  it('when nothing committed then the kept total answers without counting again', async () => {
    const first = await total();
    expect(await total()).to.equal(first);
    expect(counts()).to.equal(1);
  });

  it('when a full page needs the total then its own statement reads the snapshot: kept until a commit', async () => {
    const page = () => queryPricing({ ...deps, countCache: keepAll }, { status: ['approved'] }, { current: 1, pageSize: 2, sort: [] });
    const first = await page();
    expect(statements, 'the page (with the token) and the count').to.have.length(2);
    expect(statements[0]).to.match(/pg_current_snapshot\(\)/);
    statements = [];
    expect((await page()).total).to.equal(first.total);
    expect(statements, 'the page alone: the count kept').to.have.length(1);
    await writer.db('pricing').insert(await newRow());
    try {
      expect((await page()).total).to.equal(first.total + 1);
      expect(counts(), 'counted again after the commit').to.equal(1);
    } finally {
      await writer.db('pricing').where({ pricing_no: PRICING_NO }).delete();
    }
  });

  it('when a searched page was counted before then the page alone runs: its snapshot proves the kept total, until a commit', async () => {
    const page = () =>
      queryPricing({ ...deps, countCache: keepAll }, { supplier: '精工五金', status: ['approved'] }, { current: 1, pageSize: 2, sort: [] });
    const first = await page();
    statements = [];
    expect((await page()).total).to.equal(first.total);
    expect(statements, 'the page alone').to.have.length(1);
    expect(statements[0]).to.match(/pg_current_snapshot\(\)/);
    await writer.db('pricing').insert(await newRow());
    try {
      statements = [];
      expect((await page()).total).to.equal(first.total + 1);
      expect(counts(), 'counted again after the commit').to.equal(1);
    } finally {
      await writer.db('pricing').where({ pricing_no: PRICING_NO }).delete();
    }
  });

  it('when a transaction that was open during the count commits then the total is counted again', async () => {
    const before = await total();
    const row = await newRow();
    await writer.db.transaction(async (trx) => {
      await trx('pricing').insert(row);
      expect(await total(), 'not committed yet').to.equal(before);
    });
    expect(await total()).to.equal(before + 1);
    await writer.db('pricing').where({ pricing_no: PRICING_NO }).delete();
    expect(await total()).to.equal(before);
  });
});
