import { expect } from 'chai';
import type { Knex } from 'knex';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { seed } from '../support/expected.js';

/**
 * Part numbers holding characters JSON escapes (a quote, a backslash, control characters) next to
 * ones it writes as they are (DEL, `/`, U+2028, CJK, a character beyond the BMP, an apostrophe).
 * SQL Server reads long lists as one JSON parameter (predicates.ts whereInList) and Babelfish's
 * OPENJSON returns escapes as written, so the first kind is bound apart: every code is still
 * found exactly, by the BOM and by the lists' partNos filter, on every database.
 */
const ESCAPED = ['ZZ-ESC"1', 'ZZ-ESC\\2', 'ZZ-ESC\\"3', 'ZZ-ESC\t4', 'ZZ-ESC\u00015', 'ZZ-ESC\u001f6'];
const VERBATIM = ['ZZ-ESC\u007f7', 'ZZ-ESC/8', 'ZZ-ESC\u20289', 'ZZ-ESC支架10', 'ZZ-ESC\u{20000}11', "ZZ-ESC'12"];
const CODES = [...ESCAPED, ...VERBATIM];
const NO_PREFIX = 'ZZEP';
const DAY = '2026-06-01';

async function insertRows(db: Knex): Promise<void> {
  const { id: _p, ...part } = (await db('parts').orderBy('id').first()) as Record<string, unknown>;
  const { id: _q, ...pricing } = (await db('pricing').orderBy('id').first()) as Record<string, unknown>;
  for (const [i, partNo] of CODES.entries()) {
    await db('parts').insert({ ...part, part_no: partNo, part_name: '转义样件' });
    const { id: partId } = (await db('parts').select('id').where('part_no', partNo).first()) as { id: number };
    await db('pricing').insert({
      ...pricing,
      pricing_no: `${NO_PREFIX}-${i}`,
      part_id: partId,
      unit_price: 1 + i,
      unit_price_with_tax: 1 + i,
      currency: 'CNY',
      status: 'approved',
      valid_from: '2026-01-01',
      valid_to: null,
      priced_at: new Date(Date.UTC(2026, 0, 1 + i, 2)),
    });
  }
}

async function deleteRows(db: Knex): Promise<void> {
  const ids = db('parts').select('id').where('part_name', '转义样件');
  await db('pricing').whereIn('part_id', ids).del();
  await db('parts').where('part_name', '转义样件').del();
}

describe('part numbers that JSON escapes', () => {
  let t: TestApp;
  before(async () => {
    t = createTestApp();
    await deleteRows(t.db);
    await insertRows(t.db);
  });
  after(async () => {
    await deleteRows(t.db);
    await closeTestApp(t);
  });

  it('are stored as written', async () => {
    const stored = (await t.db('parts').select('part_no').where('part_name', '转义样件')) as { part_no: string }[];
    expect(stored.map((r) => r.part_no).sort()).to.deep.equal([...CODES].sort());
  });

  it('a BOM prices each of them, beside seeded parts and codes that name no part', async () => {
    const lines = [
      ...CODES.map((partNo, i) => ({ partNo, quantity: i + 1 })),
      ...seed.partNos.slice(0, 5).map((partNo) => ({ partNo, quantity: 1 })),
      { partNo: 'ZZ-ESC"none', quantity: 1 },
      { partNo: 'ZZ-ESC-none', quantity: 1 },
      // The escapes as written: other codes, not these parts.
      { partNo: 'ZZ-ESC\\"1', quantity: 1 },
      { partNo: 'ZZ-ESC\\t4', quantity: 1 },
    ];
    const res = await t.request.post('/api/query/bom-price').send({ lines, on: DAY });
    expect(res.status, res.text).to.equal(200);
    const got = res.body.data.lines as { partNo: string; result: string; pricing: { pricingNo: string; partNo: string } | null }[];
    for (const [i, partNo] of CODES.entries()) {
      expect(got[i]!.result, JSON.stringify(partNo)).to.equal('priced');
      expect(got[i]!.pricing!.partNo).to.equal(partNo);
      expect(got[i]!.pricing!.pricingNo).to.equal(`${NO_PREFIX}-${i}`);
    }
    expect(got.slice(-4).map((l) => l.result)).to.deep.equal(['unknown-part', 'unknown-part', 'unknown-part', 'unknown-part']);
  });

  it('only escaped codes: the BOM finds them without a JSON list', async () => {
    const res = await t.request.post('/api/query/bom-price').send({ lines: ESCAPED.map((partNo) => ({ partNo, quantity: 1 })), on: DAY });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data.lines.map((l: { result: string }) => l.result)).to.deep.equal(ESCAPED.map(() => 'priced'));
  });

  it('the pricing list filtered by partNos finds exactly their rows', async () => {
    const res = await t.request.post('/api/query/pricing').send({ partNos: [...CODES, seed.partNos[0]!, 'ZZ-ESC\\"1'], pageSize: 200 });
    expect(res.status, res.text).to.equal(200);
    const rows = (res.body.data as { partNo: string; pricingNo: string }[]).filter((r) => r.pricingNo.startsWith(NO_PREFIX));
    expect(rows.map((r) => r.partNo).sort()).to.deep.equal([...CODES].sort());
  });
});
