import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import type { QueryDeps } from '../src/queries/deps.js';
import { filteredPricing } from '../src/queries/operations/pricing.js';
import { filteredSecondaryProcesses } from '../src/queries/operations/secondary-process.js';
import { containsPattern, lowerAscii } from '../src/queries/search/like.js';
import { buildGramIndex, dropGramIndex } from '../src/queries/search/mssql-gram-index.js';
import { MSSQL_GRAM_UNITS } from '../src/queries/search/schema.js';
import { chooseMssqlSearch, useMssqlGrams } from '../src/queries/search/searches.js';
import { closeTestApp, createTestApp, sharedTestDb, type TestApp } from './support/context.js';
import { walkAllPages } from './support/expected.js';

/**
 * Needles at the very start, at the very end and as the whole of a text, of 1, 2, 3 and 6 UTF-16
 * units, ASCII and Chinese: a search index cuts texts into grams, and a text's last units are where
 * its grams run into the padding (SQLite, SQL Server) or end (PostgreSQL). The answers must be the
 * contract's "contains" (ASCII letters fold, nothing else does) on every database.
 * SQL Server's padding rule cannot be seen on Babelfish, so the SQL it gets is checked too (below).
 */

/** Only the 26 ASCII letters fold (test/support/expected.ts reads the contract the same way). */
const foldAscii = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const containsAny = (texts: readonly (string | null)[], needle: string): boolean =>
  texts.some((t) => t !== null && foldAscii(t).includes(foldAscii(needle)));
/** The other ASCII case, so that stored texts and needles differ in case. */
const swapCase = (s: string): string => s.replace(/[a-zA-Z]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));

/** 1, 2, 3 and 6 units; the rows below put each at the start, at the end and as the whole of texts. */
const OWN_NEEDLES = ['q', 'Qz', 'qZ7', 'Qz7-9k', '鼃', '鼃鼄', '鼃鼄鼅', '鼃鼄鼅鼆鼇鼈'];
/** Texts the seed ends with or equals: `支架` (part names `支架`, `左支架`, `Bracket-A 支架`), part 4's spec `M6_L20`, part 3's `垫片 10%加厚`. */
const SEED_NEEDLES = ['架', '支架', '左支架', 'm6_l20', '%加厚', 'L20'];

/** SQL Server answers by LIKE scans (MSSQL_SEARCH=scan) and, after `mssql:grams build`, by the gram index (grams). */
const SEARCH_MODES = process.env.TEST_DB_CLIENT === 'mssql' ? (['scan', 'grams'] as const) : ([undefined] as const);

for (const mode of SEARCH_MODES)
  describe(`search: needles at the start, at the end and as the whole of a text give the rows that contain them${mode ? ` (MSSQL_SEARCH=${mode})` : ''}`, () => {
    let t: TestApp;
    const db = () => sharedTestDb();
    /** pricing id → its searched texts, by filter; process id → likewise. Read back after the rows below are written. */
    let pricingTexts: Map<number, Record<'keyword' | 'partName' | 'supplier', (string | null)[]>>;
    let processTexts: Map<number, Record<'keyword' | 'processName' | 'supplier', (string | null)[]>>;
    /** For each own needle: the ids of the rows built to hold it at the start, end, whole or before a control character. */
    const built = new Map<string, EdgeRows>();

    before(async function () {
      this.timeout(180_000);
      if (mode === 'grams') {
        // Built before the rows below, so that the triggers cut them; dropped after.
        await buildGramIndex(db(), () => {});
        t = createTestApp({ MSSQL_SEARCH: mode }, { ownDb: true });
        expect(await chooseMssqlSearch(t.db, mode)).to.equal(undefined);
      } else t = createTestApp();
      await insertEdgeRows(db(), built);
      type Texts = Record<string, string | null>;
      const pricingRows: Texts[] = await db()('pricing')
        .join('parts', 'parts.id', 'pricing.part_id')
        .select('pricing.id', 'pricing_no', 'supplier_code', 'supplier_name', 'part_no', 'part_name', 'spec');
      pricingTexts = new Map(
        pricingRows.map((r) => [
          Number(r.id),
          {
            keyword: [r.pricing_no!, r.supplier_name!, r.part_no!, r.part_name!, r.spec ?? null],
            partName: [r.part_name!],
            supplier: [r.supplier_code!, r.supplier_name!],
          },
        ]),
      );
      const processRows: Texts[] = await db()('secondary_processes')
        .join('parts', 'parts.id', 'secondary_processes.part_id')
        .select('secondary_processes.id', 'process_no', 'process_name', 'supplier_code', 'supplier_name', 'part_no', 'part_name');
      processTexts = new Map(
        processRows.map((r) => [
          Number(r.id),
          {
            keyword: [r.process_no!, r.process_name!, r.supplier_name!, r.part_no!, r.part_name!],
            processName: [r.process_name!],
            supplier: [r.supplier_code!, r.supplier_name!],
          },
        ]),
      );
    });
    // The other files compare the routes with a model of the seed: leave it as it was.
    after(async function () {
      this.timeout(60_000);
      await deleteEdgeRows(db(), built);
      if (t) await closeTestApp(t);
      if (mode === 'grams') await dropGramIndex(db());
    });

    const expectedIds = <F extends string>(texts: Map<number, Record<F, (string | null)[]>>, filter: F, needle: string): number[] =>
      [...texts]
        .filter(([, x]) => containsAny(x[filter], needle))
        .map(([id]) => id)
        .sort((a, b) => a - b);

    /** The ids of every page of the route, 200 rows at a time (walkAllPages checks each page's total). */
    async function routeIds(path: string, body: object): Promise<number[]> {
      const rows = await walkAllPages<{ id: number }>((p, b) => t.request.post(p).send(b), path, body);
      return rows.map((r) => r.id).sort((a, b) => a - b);
    }

    async function expectSameRows(needle: string): Promise<void> {
      for (const filter of ['keyword', 'partName', 'supplier'] as const) {
        const got = await routeIds('/api/query/pricing', { [filter]: needle });
        expect(got, `pricing ${filter} ${JSON.stringify(needle)}`).to.deep.equal(expectedIds(pricingTexts, filter, needle));
      }
      for (const filter of ['keyword', 'processName', 'supplier'] as const) {
        const got = await routeIds('/api/query/secondary-process', { [filter]: needle });
        expect(got, `process ${filter} ${JSON.stringify(needle)}`).to.deep.equal(expectedIds(processTexts, filter, needle));
      }
    }

    for (const needle of OWN_NEEDLES) {
      it(`${JSON.stringify(needle)} (${needle.length} units) at the start, the end, the whole of a text and before a control character`, async () => {
        const rows = built.get(needle)!;
        // The comparison is not between empty answers: the rows built for it are expected, in every filter.
        expect(expectedIds(pricingTexts, 'keyword', needle)).to.include.members(rows.pricing);
        expect(expectedIds(pricingTexts, 'partName', needle)).to.include.members(rows.pricing);
        expect(expectedIds(pricingTexts, 'supplier', needle)).to.include.members(rows.pricing.slice(0, 3));
        expect(expectedIds(processTexts, 'processName', needle)).to.include.members(rows.processes.slice(0, 3));
        await expectSameRows(needle);
        // The other ASCII case finds the same rows.
        if (needle !== swapCase(needle)) await expectSameRows(swapCase(needle));
      });
    }

    for (const needle of SEED_NEEDLES) {
      it(`${JSON.stringify(needle)}: a seed text ends with it or is it`, async () => {
        const ends = [...pricingTexts.values()].some((x) => x.keyword.some((v) => v !== null && foldAscii(v).endsWith(foldAscii(needle))));
        expect(ends, 'some text ends with the needle').to.equal(true);
        await expectSameRows(needle);
      });
    }
  });

interface EdgeRows {
  parts: number[];
  pricing: number[];
  processes: number[];
}

/**
 * Per own needle, four parts (and a pricing and a process price of each) whose texts hold it:
 * as the whole text, at the end, at the start, and followed by a control character (U+0009, U+0001:
 * below the space SQL Server pads with). Copies of the first row of each table, so the other
 * columns follow the schema.
 */
async function insertEdgeRows(db: Knex, built: Map<string, EdgeRows>): Promise<void> {
  const template = async (table: string) => {
    const { id: _id, ...row } = (await db(table).orderBy('id').first()) as Record<string, unknown>;
    return row;
  };
  const [part, pricing, process] = [await template('parts'), await template('pricing'), await template('secondary_processes')];
  for (const [k, n] of OWN_NEEDLES.entries()) {
    const o = swapCase(n);
    const partTexts: [string, string | null][] = [
      [o, `规格${n}`],
      [`左${n}`, `${o}×20`],
      [`${o}件`, null],
      [`夹${n}\t尾`, `前${n}\u0001`],
    ];
    const partNos = partTexts.map((_, i) => `EDGE-${k}-${i}`);
    await db('parts').insert(partTexts.map(([name, spec], i) => ({ ...part, part_no: partNos[i], part_name: name, spec })));
    const partIds = await idsBy(db, 'parts', 'part_no', partNos);
    const suppliers: [string, string][] = [
      [n, `厂${o}`],
      ['S-EDGE', n],
      ['S-EDGE', `${n}厂`],
      ['S-EDGE', '供应商'],
    ];
    const pricingNos = partIds.map((_, i) => `EDGE${k}-${i}`);
    await db('pricing').insert(
      partIds.map((partId, i) => ({
        ...pricing,
        pricing_no: pricingNos[i],
        part_id: partId,
        supplier_code: suppliers[i]![0],
        supplier_name: suppliers[i]![1],
      })),
    );
    const processNames = [n, `工${o}`, `${o}工`, '镀锌'];
    const processNos = partIds.map((_, i) => `EDGE${k}-${i}`);
    await db('secondary_processes').insert(
      partIds.map((partId, i) => ({
        ...process,
        process_no: processNos[i],
        part_id: partId,
        process_name: processNames[i],
        supplier_code: 'S-EDGE',
        supplier_name: i === 3 ? '供应商' : suppliers[(i + 1) % 3]![1],
      })),
    );
    built.set(n, {
      parts: partIds,
      pricing: await idsBy(db, 'pricing', 'pricing_no', pricingNos),
      processes: await idsBy(db, 'secondary_processes', 'process_no', processNos),
    });
  }
}

async function deleteEdgeRows(db: Knex, built: Map<string, EdgeRows>): Promise<void> {
  const all = [...built.values()];
  await db('secondary_processes')
    .whereIn(
      'id',
      all.flatMap((r) => r.processes),
    )
    .del();
  await db('pricing')
    .whereIn(
      'id',
      all.flatMap((r) => r.pricing),
    )
    .del();
  await db('parts')
    .whereIn(
      'id',
      all.flatMap((r) => r.parts),
    )
    .del();
  built.clear();
}

/** The ids of the rows whose `column` is each of `values`, in that order (no RETURNING: SQL Server's OUTPUT fails on a table with a trigger). */
async function idsBy(db: Knex, table: string, column: string, values: string[]): Promise<number[]> {
  const rows = (await db(table).select('id', column).whereIn(column, values)) as Record<string, unknown>[];
  return values.map((v) => Number(rows.find((r) => r[column] === v)!.id));
}

// ---------------------------------------------------------------------------------------------
// SQL Server: the compiled SQL (no connection), on every run.

/**
 * How SQL Server orders two strings under a BIN2 collation: the shorter one padded with spaces
 * (the ANSI rule), then code unit by code unit (the texts here are in the BMP).
 */
function sqlServerOrder(a: string, b: string): number {
  const n = Math.max(a.length, b.length);
  const [x, y] = [a.padEnd(n, ' '), b.padEnd(n, ' ')];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** How Babelfish (PostgreSQL underneath) orders them: trailing spaces ignored, then by code point. */
function babelfishOrder(a: string, b: string): number {
  const [x, y] = [a.replace(/ +$/, ''), b.replace(/ +$/, '')];
  return x < y ? -1 : x > y ? 1 : 0;
}

const holds = (order: number, op: string): boolean =>
  ({ '<': order < 0, '<=': order <= 0, '=': order === 0, '>=': order >= 0, '>': order > 0, '<>': order !== 0 })[op]!;

/** Each comparison of the gram column in a statement, with the value bound to its `?`. */
function gramComparisons(q: Knex.Sql): { op: string; bound: unknown }[] {
  return [...q.sql.matchAll(/\bgram (<>|<=|>=|=|<|>) \?/g)].map((m) => ({
    op: m[1]!,
    bound: q.bindings[(q.sql.slice(0, m.index).match(/\?/g) ?? []).length],
  }));
}

describe('SQL Server: the gram conditions of a contains-filter never compare strings of different lengths (compiled)', () => {
  const mssql = knexFactory({ client: 'mssql' });
  // The SQL of MSSQL_SEARCH=grams with a complete gram index; the scan has no gram condition.
  useMssqlGrams(mssql, true);
  const deps: QueryDeps = { db: mssql, timeZone: 'Asia/Shanghai', queryTimeoutMs: 15_000 };

  /** The statements a filter reaches SQL Server in: the collected page's rows and the count's. */
  /** The statements of a walk, whose own rows are tested by the LIKE as they are passed. */
  const WALKED = new WeakSet<Knex.Sql>();
  const walk = (q: Knex.Sql): Knex.Sql => (WALKED.add(q), q);
  const statements = (needle: string): Knex.Sql[] => [
    filteredPricing(deps, { keyword: needle }, { plan: 'collect' }).select('pricing.id').toSQL(),
    walk(
      filteredPricing(deps, { keyword: needle, status: ['approved'] }, { plan: 'walk' })
        .select('pricing.id')
        .toSQL(),
    ),
    filteredPricing(deps, { partName: needle, supplier: needle }, { withParts: false, partsBySubquery: true })
      .count({ total: '*' })
      .toSQL(),
    walk(filteredSecondaryProcesses(deps, { keyword: needle }, { plan: 'walk' }).select('secondary_processes.id').toSQL()),
  ];

  // Every unit after the needle that a gram can hold matters: below the space (the padding, a tab),
  // the space itself, and above it.
  const TAIL_UNITS = ['\u0001', '\t', ' ', '!', '0', 'a', '~', '支', '\ufffd', '\uffff'];
  const tails = (length: number): string[] => (length === 0 ? [''] : TAIL_UNITS.flatMap((u) => tails(length - 1).map((t) => u + t)));

  const SHORT = ['a', 'Q', '2', '!', '"', '%', '_', '[', '~', '\t', '支', '架', 'ab', 'A1', '支架', 'a%', '_l', 'x\t', ' a', '\u0001a'];

  it('a needle of one or two units bounds the grams by strings as long as a gram, never by the needle itself', () => {
    for (const needle of SHORT) {
      for (const q of statements(needle)) {
        const comparisons = gramComparisons(q);
        if (needle.includes('\u0001')) {
          // The padding's unit: a gram past a text's end holds it, so the LIKE alone decides.
          expect(comparisons, q.sql).to.deep.equal([]);
          expect(q.bindings).to.include(containsPattern(needle, 'mssql'));
          continue;
        }
        expect(comparisons.length, `${JSON.stringify(needle)}: ${q.sql}`).to.be.above(0);
        // Every placeholder has its binding (a condition rendered empty would leave a bare `?`).
        expect(q.sql.split('?').length - 1, q.sql).to.equal(q.bindings.length);
        // No other use of the column (a LIKE, a BETWEEN) that this check would not see.
        expect(q.sql.match(/\bgram\b/g)?.length, q.sql).to.equal(comparisons.length);
        for (const { op, bound } of comparisons) {
          expect(bound, `${JSON.stringify(needle)} gram ${op} ${JSON.stringify(bound)}`)
            .to.be.a('string')
            .with.lengthOf(MSSQL_GRAM_UNITS);
          expect(bound).not.to.equal(lowerAscii(needle));
          expect((bound as string).endsWith(' '), JSON.stringify(bound)).to.equal(false);
        }
        // The range is exact (every position of a text starts a gram, each gram with its column):
        // no LIKE over the texts is left, but where a walk tests the listed table's own rows.
        const walked = WALKED.has(q);
        expect(q.bindings.includes(containsPattern(needle, 'mssql')), q.sql).to.equal(walked);
      }
    }
  });

  it("every gram that starts with the needle passes the bounds under SQL Server's padding and under Babelfish's trimming", () => {
    for (const needle of [...SHORT, ...OWN_NEEDLES.filter((n) => n.length < MSSQL_GRAM_UNITS)]) {
      const folded = lowerAscii(needle);
      const grams = tails(MSSQL_GRAM_UNITS - folded.length).map((t) => folded + t);
      for (const q of statements(needle)) {
        for (const { op, bound } of gramComparisons(q)) {
          for (const gram of grams) {
            const label = `${JSON.stringify(needle)}: ${JSON.stringify(gram)} ${op} ${JSON.stringify(bound)}`;
            expect(holds(sqlServerOrder(gram, bound as string), op), `SQL Server ${label}`).to.equal(true);
            expect(holds(babelfishOrder(gram, bound as string), op), `Babelfish ${label}`).to.equal(true);
          }
        }
      }
    }
  });

  it('the models above are the rules that lost texts ending with a short needle: `gram >= needle` misses `needle + nchar(1)` on SQL Server only', () => {
    expect(holds(sqlServerOrder('支架\u0001', '支架'), '>=')).to.equal(false);
    expect(holds(babelfishOrder('支架\u0001', '支架'), '>=')).to.equal(true);
    // And trailing spaces: SQL Server pads `a` to `a  `, Babelfish trims `a  ` to `a`.
    expect(sqlServerOrder('a  ', 'a')).to.equal(0);
    expect(babelfishOrder('a  ', 'a\u001f\uffff')).to.equal(-1);
    expect(sqlServerOrder('a  ', 'a\u001f\uffff')).to.equal(1);
  });

  it('a needle whose bounds would differ between the two engines, or could not be sent, is answered by the LIKE alone', () => {
    for (const needle of [' ', 'a ', '  ', '支 ', 'a\u0001', '\u0001', '\ud7ff', '\ue000', 'a\uffff', '😀']) {
      for (const q of statements(needle)) {
        expect(gramComparisons(q), `${JSON.stringify(needle)}: ${q.sql}`).to.deep.equal([]);
        expect(q.bindings).to.include(containsPattern(needle, 'mssql'));
      }
    }
  });

  it('a needle of three or more units compares grams for equality, each as long as a stored gram', () => {
    for (const needle of ['qZ7', 'Qz7-9k', '鼃鼄鼅', '鼃鼄鼅鼆鼇鼈', '测试 ', 'a  b']) {
      for (const q of statements(needle)) {
        const comparisons = gramComparisons(q);
        expect(comparisons.length).to.be.above(0);
        for (const { op, bound } of comparisons) {
          expect(op).to.equal('=');
          expect(bound).to.be.a('string').with.lengthOf(MSSQL_GRAM_UNITS);
        }
      }
    }
  });
});
