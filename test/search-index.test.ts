import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';

/**
 * SQLite answers contains-searches from its trigram tables alone (migrations/20261122020000_* and,
 * for needles of one or two characters, 20261122030000_*), so they must follow every write to the
 * base tables. The service
 * never writes: the writes here stand for the system that owns the data. On its own SQLite file,
 * whichever database the rest of the run uses.
 */
describe('SQLite search tables follow writes to their tables (triggers)', () => {
  const file = path.join(os.tmpdir(), `pricing-search-${process.pid}.sqlite3`);
  let t: TestApp;

  before(async function () {
    this.timeout(60_000);
    t = createTestApp({ DB_FILENAME: file }, { ownDb: true });
    await t.db.migrate.latest();
    await t.db.seed.run();
  });
  after(async () => {
    await closeTestApp(t);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  });

  const pricingSearch = async (filters: Record<string, unknown>) => {
    const res = await t.request
      .post('/api/query/pricing')
      .send({ pageSize: 200, ...filters })
      .expect(200);
    return { total: res.body.total as number, ids: (res.body.data as { id: number }[]).map((r) => r.id) };
  };
  const processSearch = async (filters: Record<string, unknown>) => {
    const res = await t.request
      .post('/api/query/secondary-process')
      .send({ pageSize: 200, ...filters })
      .expect(200);
    return { total: res.body.total as number, ids: (res.body.data as { id: number }[]).map((r) => r.id) };
  };

  /** A copy of an existing row with new values (and a new id), so the test follows the schema. */
  async function insertCopy(table: string, changes: Record<string, unknown>): Promise<number> {
    const { id: _id, ...row } = (await t.db(table).orderBy('id').first()) as Record<string, unknown>;
    const [inserted] = await t
      .db(table)
      .insert({ ...row, ...changes })
      .returning('id');
    return Number((inserted as { id: number }).id);
  }

  it('a new part and its pricing are found by part name, supplier and pricing no, folding ASCII case only', async () => {
    const partId = await insertCopy('parts', { part_no: 'TRG-0001', part_name: 'Zeta钛合金支座', spec: 'Φ12 × 40' });
    const pricingId = await insertCopy('pricing', { pricing_no: 'HJ299901-000001', part_id: partId, supplier_name: 'Omega精密机械' });

    expect(await pricingSearch({ keyword: 'zeta钛合金' })).to.deep.equal({ total: 1, ids: [pricingId] });
    expect(await pricingSearch({ keyword: 'OMEGA精密' })).to.deep.equal({ total: 1, ids: [pricingId] });
    expect(await pricingSearch({ keyword: 'hj299901' })).to.deep.equal({ total: 1, ids: [pricingId] });
    expect((await pricingSearch({ partName: 'ZETA' })).ids).to.deep.equal([pricingId]);
    expect((await pricingSearch({ keyword: 'Φ12 ×' })).ids).to.include(pricingId);
    // Only ASCII folds: φ is not Φ.
    expect((await pricingSearch({ keyword: 'φ12 ×' })).ids).to.not.include(pricingId);
  });

  it('after an update the old text is no longer found and the new one is', async () => {
    const partId = await insertCopy('parts', { part_no: 'TRG-0002', part_name: '旧名称Alpha', spec: null });
    const pricingId = await insertCopy('pricing', { pricing_no: 'HJ299902-000001', part_id: partId, supplier_name: '旧供应商Beta' });

    await t.db('parts').where({ id: partId }).update({ part_name: '新名称Gamma' });
    await t.db('pricing').where({ id: pricingId }).update({ supplier_name: '新供应商Delta' });

    expect((await pricingSearch({ keyword: '旧名称alpha' })).total).to.equal(0);
    expect((await pricingSearch({ keyword: '旧供应商beta' })).total).to.equal(0);
    expect((await pricingSearch({ keyword: '新名称gamma' })).ids).to.deep.equal([pricingId]);
    expect((await pricingSearch({ supplier: '新供应商DELTA' })).ids).to.deep.equal([pricingId]);
  });

  it('after a delete the row is no longer found', async () => {
    const partId = await insertCopy('parts', { part_no: 'TRG-0003', part_name: 'Epsilon垫圈', spec: null });
    const pricingId = await insertCopy('pricing', { pricing_no: 'HJ299903-000001', part_id: partId, supplier_name: '删除测试供应商' });
    expect((await pricingSearch({ keyword: '删除测试供应商' })).ids).to.deep.equal([pricingId]);

    await t.db('pricing_details').where({ pricing_id: pricingId }).delete();
    await t.db('pricing').where({ id: pricingId }).delete();
    expect((await pricingSearch({ keyword: '删除测试供应商' })).total).to.equal(0);
  });

  it('needles of one or two characters are found anywhere in the text, also the whole text, and follow updates', async () => {
    // Rare characters, so that the demo rows do not hold them.
    const partId = await insertCopy('parts', { part_no: 'TRG-0005', part_name: '龘', spec: '鬱X' });
    const pricingId = await insertCopy('pricing', { pricing_no: 'HJ299905-000001', part_id: partId, supplier_name: '齉Qz齾' });

    for (const needle of ['龘', '鬱', '鬱x', 'X', '齉q', 'qZ', 'z齾', '齾']) {
      expect((await pricingSearch({ keyword: needle })).ids, needle).to.include(pricingId);
    }
    expect((await pricingSearch({ keyword: '龘' })).ids).to.deep.equal([pricingId]);
    expect((await pricingSearch({ keyword: '齾齉' })).total).to.equal(0);
    expect((await pricingSearch({ supplier: '齾' })).ids).to.deep.equal([pricingId]);
    // The supplier filter does not look at parts.
    expect((await pricingSearch({ supplier: '龘' })).total).to.equal(0);

    await t.db('parts').where({ id: partId }).update({ part_name: '麤' });
    expect((await pricingSearch({ keyword: '龘' })).total).to.equal(0);
    expect((await pricingSearch({ keyword: '麤' })).ids).to.deep.equal([pricingId]);
  });

  it('a text followed by the highest code point, or ending in the padding character, is matched exactly', async () => {
    // U+10FFFF right after the needle: the last trigram that starts with the needle.
    const partId = await insertCopy('parts', { part_no: 'TRG-0007', part_name: 'Q鸜\u{10FFFF}', spec: null });
    const pricingId = await insertCopy('pricing', { pricing_no: 'HJ299907-000001', part_id: partId, supplier_name: '鹂\u0001' });
    expect((await pricingSearch({ keyword: '鸜' })).ids).to.deep.equal([pricingId]);
    expect((await pricingSearch({ keyword: 'q鸜' })).ids).to.deep.equal([pricingId]);
    // A two-character needle no trigram starts with matches nothing, although the supplier name's
    // own U+0001 and the padding make three U+0001 in a row.
    expect((await pricingSearch({ keyword: '鹂鹂' })).total).to.equal(0);
    expect((await pricingSearch({ keyword: '鹂' })).ids).to.deep.equal([pricingId]);
  });

  it('a character that starts more index terms than an OR takes is looked up by its instances', async () => {
    // 210 distinct trigrams start with 鼃 (search/sqlite-trigram.ts MAX_OR_TERMS is 200).
    const many = Array.from({ length: 210 }, (_, i) => `鼃${String.fromCodePoint(0x4e00 + i)}，`).join('');
    const partId = await insertCopy('parts', { part_no: 'TRG-0008', part_name: '零件', spec: many });
    const pricingId = await insertCopy('pricing', { pricing_no: 'HJ299908-000001', part_id: partId });
    const processId = await insertCopy('secondary_processes', { process_no: 'EJ299908-000001', part_id: partId, process_name: many });
    expect(await pricingSearch({ keyword: '鼃' })).to.deep.equal({ total: 1, ids: [pricingId] });
    expect(await pricingSearch({ keyword: '鼃丁' })).to.deep.equal({ total: 1, ids: [pricingId] });
    // In the processes' own column, and not in a column the filter does not look at.
    expect(await processSearch({ processName: '鼃' })).to.deep.equal({ total: 1, ids: [processId] });
    expect((await pricingSearch({ supplier: '鼃' })).total).to.equal(0);
    expect((await processSearch({ supplier: '鼃' })).total).to.equal(0);
  });

  it('a needle holding the padding character (U+0001) is answered by the plain LIKE', async () => {
    const partId = await insertCopy('parts', { part_no: 'TRG-0006', part_name: '靐', spec: null });
    const pricingId = await insertCopy('pricing', { pricing_no: 'HJ299906-000001', part_id: partId });
    // The padding follows each indexed text: an index answer would match the end of '靐'.
    expect((await pricingSearch({ keyword: '靐\u0001' })).total).to.equal(0);
    expect((await pricingSearch({ partName: '靐' })).ids).to.deep.equal([pricingId]);
  });

  it('the price sort indexes hold status and part_id, which a walked page tests before it reads a row', async () => {
    // migrations/20261124000000_*: keyword + status sorted by price walks one of these (bench/README).
    for (const index of ['pricing_unit_price_index', 'pricing_unit_price_desc_index']) {
      const columns = await t.db.raw<{ name: string; desc: number }[]>(`select name, desc from pragma_index_xinfo(?) where key = 1`, [
        index,
      ]);
      const desc = index.endsWith('_desc_index') ? 1 : 0;
      expect(columns, index).to.deep.equal([
        { name: 'unit_price', desc },
        { name: 'id', desc: 0 },
        { name: 'status', desc: 0 },
        { name: 'part_id', desc: 0 },
      ]);
    }
  });

  it('secondary-process prices follow too (process name, supplier, part)', async () => {
    const partId = await insertCopy('parts', { part_no: 'TRG-0004', part_name: 'Kappa法兰', spec: null });
    const processId = await insertCopy('secondary_processes', {
      process_no: 'EJ299904-000001',
      part_id: partId,
      process_name: '真空渗氮Nitro',
      supplier_name: '渗氮专业厂',
    });
    expect((await processSearch({ keyword: 'kappa法兰' })).ids).to.deep.equal([processId]);
    expect((await processSearch({ processName: '渗氮nitro' })).ids).to.deep.equal([processId]);

    await t.db('secondary_processes').where({ id: processId }).update({ process_name: '离子渗氮' });
    expect((await processSearch({ processName: '渗氮nitro' })).total).to.equal(0);
    expect((await processSearch({ keyword: '离子渗氮' })).ids).to.deep.equal([processId]);
  });
});
