import { expect } from 'chai';
import type { Knex } from 'knex';
import { closeTestApp, createTestApp, sharedTestDb, type TestApp } from './support/context.js';
import { walkAllPages } from './support/expected.js';

/**
 * Needles at the very start, at the very end and as the whole of a text, of 1, 2, 3 and 6 UTF-16
 * units, ASCII and Chinese: a search index cuts texts into grams, and a text's last units are where
 * its grams run into the padding (SQLite) or end (PostgreSQL). The answers must be the contract's
 * "contains" (ASCII letters fold, nothing else does) on every database.
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

describe('search: needles at the start, at the end and as the whole of a text give the rows that contain them', () => {
  let t: TestApp;
  const db = () => sharedTestDb();
  /** pricing id → its searched texts, by filter; process id → likewise. Read back after the rows below are written. */
  let pricingTexts: Map<number, Record<'keyword' | 'partName' | 'supplier', (string | null)[]>>;
  let processTexts: Map<number, Record<'keyword' | 'processName' | 'supplier', (string | null)[]>>;
  /** For each own needle: the ids of the rows built to hold it at the start, end, whole or before a control character. */
  const built = new Map<string, EdgeRows>();

  before(async function () {
    this.timeout(180_000);
    t = createTestApp();
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

/** The ids of the rows whose `column` is each of `values`, in that order (no RETURNING: MySQL has none). */
async function idsBy(db: Knex, table: string, column: string, values: string[]): Promise<number[]> {
  const rows = (await db(table).select('id', column).whereIn(column, values)) as Record<string, unknown>[];
  return values.map((v) => Number(rows.find((r) => r[column] === v)!.id));
}
