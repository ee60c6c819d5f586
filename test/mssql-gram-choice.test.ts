import { expect } from 'chai';
import type { Knex } from 'knex';
import { buildGramIndex } from '../src/queries/search/mssql-gram-index.js';
import {
  chooseGrams,
  LOOKUP_LIMITS,
  MIN_PROBE_CAP,
  ONE_GRAM_ABOVE,
  needleGrams,
  PROBE_BUDGET,
  probeCap,
} from '../src/queries/search/mssql-trigram.js';
import { mssqlGramsTable } from '../src/queries/search/schema.js';
import { chooseMssqlSearch } from '../src/queries/search/searches.js';
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

/**
 * SQL Server's gram choice (search/mssql-trigram.ts): each distinct gram of a needle is counted up to
 * a cap in one probe statement, and the rarest grams that do not overlap are intersected, a zero
 * ends the search, and needles whose grams are all frequent are scanned.
 */

describe('SQL Server: grams chosen by their capped counts (compiled, counts stubbed)', () => {
  it('the rarest grams under the cap come first, at most three, not overlapping (but two when two are under the cap)', () => {
    // hj202506-33: hj2 j20 202 025 250 506 06- 6-3 -33 at positions 0..8.
    const needle = 'hj202506-33';
    expect(needleGrams(needle).map((g) => g.gram)).to.deep.equal(['hj2', 'j20', '202', '025', '250', '506', '06-', '6-3', '-33']);
    const cap = probeCap(needle);
    // Nine grams share the budget, each capped at no less than the minimum.
    expect(cap).to.equal(Math.max(MIN_PROBE_CAP, Math.floor(PROBE_BUDGET / 9)));
    // -33 (8) rarest, then 6-3 (7) overlaps it, 506 (5) does not, 06- (6) overlaps -33, 250 (4) overlaps 506, hj2 (0) does not.
    const counts = [cap - 1, cap, cap, cap, 900, 40, 30, 20, 10];
    expect(chooseGrams(needle, counts)).to.deep.include({ kind: 'grams', grams: ['-33', '506', 'hj2'], candidates: 10 });
    // Frequent grams (at the cap) are never chosen, even to make up three.
    expect(chooseGrams(needle, [cap, cap, cap, cap, cap, 7, cap, cap, cap])).to.deep.include({
      kind: 'grams',
      grams: ['506'],
      candidates: 7,
    });
    // A second gram under the cap even when it overlaps the first, when no other is under the cap.
    expect(chooseGrams('p-152575', [probeCap('p-152575'), 7500, 1149, 279, 676, 279])).to.deep.include({
      kind: 'grams',
      grams: ['525', '575'],
      candidates: 279,
    });
    // Equal counts: the earlier gram first.
    expect(chooseGrams('abcdef', [5, 9, 9, 5])).to.deep.include({ kind: 'grams', grams: ['abc', 'def'], candidates: 5 });
  });

  it('a needle whose rarest gram is frequent takes that gram alone', () => {
    expect(chooseGrams('精工五金', [ONE_GRAM_ABOVE + 1, ONE_GRAM_ABOVE + 2])).to.deep.include({
      kind: 'grams',
      grams: ['精工五'],
      candidates: ONE_GRAM_ABOVE + 1,
    });
    expect(chooseGrams('精工五金', [ONE_GRAM_ABOVE, ONE_GRAM_ABOVE + 2])).to.deep.include({ grams: ['精工五', '工五金'] });
  });

  it('a choice carries the most candidates it can have: the count of its rarest gram, or of the range', () => {
    expect(chooseGrams('abcdef', [40, 900, 900, 12])).to.deep.include({ grams: ['def', 'abc'], candidates: 12 });
  });

  it('a gram in no row ends the search; every gram at the cap scans; a short needle seeks its range unless it is long', () => {
    expect(chooseGrams('abcdef', [3, 0, 9, 5])).to.deep.equal({ kind: 'none' });
    const c4 = probeCap('abcdef');
    expect(chooseGrams('abcdef', [c4, c4, c4, c4])).to.deep.equal({ kind: 'scan' });
    expect(chooseGrams('abcdef', [c4, c4, c4 - 1, c4])).to.deep.include({ kind: 'grams', grams: ['cde'], candidates: c4 - 1 });
    // One gram may count up to the whole budget.
    expect(probeCap('abc')).to.equal(PROBE_BUDGET);
    expect(chooseGrams('abc', [PROBE_BUDGET - 1])).to.deep.include({ kind: 'grams', grams: ['abc'], candidates: PROBE_BUDGET - 1 });
    expect(chooseGrams('ab', [0])).to.deep.equal({ kind: 'none' });
    expect(chooseGrams('ab', [PROBE_BUDGET])).to.deep.equal({ kind: 'scan' });
    expect(chooseGrams('ab', [PROBE_BUDGET - 1])).to.include({ kind: 'prefix', candidates: PROBE_BUDGET - 1 });
    // A needle repeating its grams probes each distinct gram once.
    expect(needleGrams('ababab').map((g) => g.gram)).to.deep.equal(['aba', 'bab']);
  });

  it('a needle of up to six covering grams gets a cover: grams holding every unit, the rarest first, then every third offset from it both ways', () => {
    const cover = (needle: string, counts: number[]) => (chooseGrams(needle, counts) as { cover?: { gram: string; at: number }[] }).cover;
    expect(cover('abc', [5])).to.deep.equal([{ gram: 'abc', at: 0 }]);
    // 精工五金: 0 and 1; the rarer first.
    expect(cover('精工五金', [ONE_GRAM_ABOVE + 2, ONE_GRAM_ABOVE + 1])).to.deep.equal([
      { gram: '工五金', at: 1 },
      { gram: '精工五', at: 0 },
    ]);
    // abcdefg: the rarest (bcd, 1), the first and the last (efg, 4): units 0-6 all held.
    expect(cover('abcdefg', [50, 2, 40, 30, 20])).to.deep.equal([
      { gram: 'bcd', at: 1 },
      { gram: 'efg', at: 4 },
      { gram: 'abc', at: 0 },
    ]);
    // hj202506-33 (11 units), rarest 506 (5): 5, 2, 0 and the last, 8.
    expect(cover('hj202506-33', [9, 9, 9, 9, 9, 1, 9, 9, 9])?.map((g) => g.at)).to.deep.equal([5, 0, 2, 8]);
    // Repeated grams: aba at 0 and 2 (ababa), each offset kept.
    expect(cover('ababa', [3, 4])).to.deep.equal([
      { gram: 'aba', at: 0 },
      { gram: 'aba', at: 2 },
    ]);
    // 20 units with the rarest at 1: 1, 0, 4, 7, 10, 13, 16 and 17, over six: the LIKE decides.
    const long = 'abcdefghijklmnopqrst';
    const counts = needleGrams(long).map((_, i) => (i === 1 ? 1 : 9));
    expect(cover(long, counts)).to.equal(undefined);
    // 18 units with the rarest at 9: 9, 6, 3, 0, 12 and the last, 15: six.
    const eighteen = long.slice(0, 18);
    expect(
      cover(
        eighteen,
        needleGrams(eighteen).map((_, i) => (i === 9 ? 1 : 9)),
      )?.map((g) => g.at),
    ).to.deep.equal([9, 0, 3, 6, 12, 15]);
  });
});

describe('SQL Server: grams chosen by their capped counts, on the database', function () {
  this.timeout(180_000);
  let scratch: ScratchDatabase | undefined;
  let db: Knex;
  let scan: TestApp;
  let grams: TestApp;

  async function serve(mode: 'scan' | 'grams'): Promise<TestApp> {
    const t = createTestApp({ ...scratch!.env, MSSQL_SEARCH: mode }, { ownDb: true });
    expect(await chooseMssqlSearch(t.db, t.config.db.mssqlSearch)).to.equal(undefined);
    return t;
  }

  before(async function () {
    if (process.env.TEST_DB_CLIENT !== 'mssql') this.skip();
    scratch = await createScratchDatabase('mssql', 'gramchoice');
    db = await prepareScratchDatabase(scratch);
    await buildGramIndex(db, () => {});
    scan = await serve('scan');
    grams = await serve('grams');
  });
  after(async () => {
    if (scan) await closeTestApp(scan);
    if (grams) await closeTestApp(grams);
    await db?.destroy();
    await scratch?.drop();
  });

  async function pricingIds(t: TestApp, filter: object): Promise<number[]> {
    const rows = await walkAllPages<{ id: number }>((p, b) => t.request.post(p).send(b), '/api/query/pricing', filter);
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /** The rows of `filter` with grams, checked against the scan, and the statements that found them. */
  async function sameAsScan(filter: object): Promise<{ ids: number[]; statements: string[] }> {
    const expected = await pricingIds(scan, filter);
    let ids: number[] = [];
    const statements = await statementsDuring(grams.db, async () => {
      ids = await pricingIds(grams, filter);
    });
    expect(ids, JSON.stringify(filter)).to.deep.equal(expected);
    return { ids, statements };
  }

  const probes = (statements: string[]) => statements.filter((s) => /count\(\*\) as n from \(select top \(/.test(s));

  it('a needle with a gram in no row: one probe, no intersect, no rows', async () => {
    const res = await grams.request.post('/api/query/pricing').send({ keyword: '支架qqxzz' });
    expect(res.status, res.text).to.equal(200);
    const statements = await statementsDuring(grams.db, async () => {
      const again = await grams.request.post('/api/query/pricing').send({ keyword: '支架qqxzz', pageSize: 20 });
      expect(again.body).to.deep.include({ total: 0 });
      expect(again.body.list ?? again.body.data ?? []).to.deep.equal([]);
    });
    expect(probes(statements), statements.join('\n')).to.have.lengthOf(1);
    expect(statements.join('\n')).not.to.contain('intersect');
    const { ids } = await sameAsScan({ keyword: '支架qqxzz' });
    expect(ids).to.deep.equal([]);
  });

  it("a needle with rare grams: the probe, then only the grams under the cap, rarest first; the rows are the LIKE's", async () => {
    for (const needle of ['左支架', 'Bracket', '精工五金', 'P-100001', 'HJ2025', '支架', 'br']) {
      const { statements } = await sameAsScan({ keyword: needle });
      expect(probes(statements).length, needle).to.be.above(0);
    }
  });

  it("few candidates: one union of the scopes' matching ids (exact, or each candidate looked up by id); more: each scope's own condition; the same rows either way", async () => {
    const needles = ['左支架', 'Bracket', '精工五金', 'P-100001', 'HJ2025', '支架', 'br'];
    let driven = 0;
    for (const needle of needles) {
      const { statements } = await sameAsScan({ keyword: needle });
      const searched = statements.filter((s) => /_search_grams g0? (where|join)/.test(s) && !probes([s]).length);
      if (searched.length === 0) continue; // a gram in no row, or all frequent: no candidates
      expect(searched.join('\n'), needle).to.match(DRIVEN);
      driven++;
    }
    expect(driven).to.be.above(3);
    const saved = { ...LOOKUP_LIMITS };
    Object.assign(LOOKUP_LIMITS, { listed: 0, throughKey: 0 });
    try {
      for (const needle of needles) {
        const { statements } = await sameAsScan({ keyword: needle });
        expect(statements.join('\n'), needle).not.to.match(DRIVEN);
      }
    } finally {
      Object.assign(LOOKUP_LIMITS, saved);
    }
  });

  /** The listed ids as one union of each scope's matching ids (searchForm 'union'). */
  const DRIVEN = /\[id\] in \(select (candidate|listed_1|ids)\.id from /;

  it('a choice is kept a while: a request and the requests repeating it probe once; a gram in no row is probed each time', async () => {
    const first = await sameAsScan({ pricingNo: 'HJ202506' });
    expect(first.ids).to.have.length.above(0);
    expect(probes(first.statements), first.statements.join('\n')).to.have.lengthOf(1);
    const again = await sameAsScan({ pricingNo: 'HJ202506' });
    expect(probes(again.statements), again.statements.join('\n')).to.have.lengthOf(0);
    expect(again.statements.join('\n')).to.contain(mssqlGramsTable('pricing'));
    // 'none' could turn wrong once a row with the missing gram is written: never kept.
    for (let i = 0; i < 2; i++) {
      const none = await statementsDuring(grams.db, async () => {
        await grams.request.post('/api/query/pricing').send({ pricingNo: 'HJ2025qqxzz' });
      });
      expect(probes(none), `request ${i + 1}`).to.have.lengthOf(1);
    }
  });

  it('a needle whose grams are all frequent is scanned: the LIKE alone, the same rows', async () => {
    // More gram rows than the cap for `zzq` and one of `zqz`, in pricing_no (col 1), for ids no row has.
    const table = mssqlGramsTable('pricing');
    await db.raw(
      `insert into ${table} (gram, id, col, pos)
       select N'zzq', 100000000 + n, 1, 1 from (select top (${PROBE_BUDGET}) row_number() over (order by (select null)) as n
         from sys.all_objects a cross join sys.all_objects b cross join sys.all_objects c) t
       union all select N'zqz', 100000000, 1, 1`,
    );
    try {
      const { statements } = await sameAsScan({ pricingNo: 'zzq' });
      expect(probes(statements)).to.have.lengthOf.above(0);
      const main = statements.filter((s) => !probes(statements).includes(s));
      expect(main.join('\n')).not.to.contain(table);
      // A rarer gram beside it (`zqz`, one row) is still chosen.
      const mixed = await sameAsScan({ pricingNo: 'zzqz' });
      expect(mixed.statements.filter((s) => !probes(mixed.statements).includes(s)).join('\n')).to.contain(table);
    } finally {
      await db.raw(`delete from ${table} where id > 100000000`);
    }
  });
});
