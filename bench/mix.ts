/**
 * The fixed request mix of `npm run bench`: every operation, the filters people use, multi-key
 * sorts, page 1 and a deep page, details by partNo. A kind is a few request variants that
 * autocannon sends in turn; the values that depend on the data (deep page, part numbers) are drawn
 * from the database once, with a seeded PRNG, so the same data set gives the same mix.
 */
import type { Knex } from 'knex';
import { whereInForceOn } from '../src/queries/predicates.js';

export interface Variant {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

export interface Kind {
  name: string;
  variants: Variant[];
}

/**
 * The demo mix of issue 18, on which the service is held to ≥ 0.8× the floor of its stack: `npm run
 * bench -- --demo` runs these unless --kinds says otherwise.
 */
export const RATIO_KINDS = [
  'info',
  'test-db',
  'stats',
  'pricing.page1',
  'pricing.combo',
  'pricing.page200',
  'process.page1',
  'details.id',
  'details.partNo',
];

function mulberry32(a: number): () => number {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How a BOM of the mix is made up (bomLines): the counts go into the run's facts. */
export interface BomMakeup {
  inForce: number;
  notInForce: number;
  unknown: number;
  repeated: number;
}

const BOM_SIZE = 2000;

/**
 * A BOM of 2,000 lines priced on `day`, as a pasted parts list looks: 1,600 parts with a price in
 * force, 150 that exist with none (where the data has them), 50 codes that name no part, and the
 * rest repeats of earlier lines with other quantities; shuffled. Candidates are drawn at random and
 * asked about 1,000 at a time (SQL Server takes at most 2,100 parameters).
 */
async function bomLines(db: Knex, rnd: () => number, parts: number, day: string): Promise<{ lines: BomLine[]; makeup: BomMakeup }> {
  const drawn = new Set<number>();
  for (let tries = 0; drawn.size < Math.min(3000, parts) && tries < 30_000; tries++) drawn.add(1 + Math.floor(rnd() * parts));
  const ids = [...drawn];
  const priced: string[] = [];
  const unpriced: string[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await db('parts').select('id', 'part_no').whereIn('id', chunk);
    const inForce = await whereInForceOn(db('pricing').distinct('pricing.part_id').whereIn('pricing.part_id', chunk), day);
    const withPrice = new Set(inForce.map((r: { part_id: number | string }) => Number(r.part_id)));
    const noById = new Map(rows.map((r: { id: number | string; part_no: string }) => [Number(r.id), r.part_no]));
    for (const id of chunk) {
      const partNo = noById.get(id);
      if (partNo !== undefined) (withPrice.has(id) ? priced : unpriced).push(partNo);
    }
  }
  const quantity = () => Math.round(rnd() * 10_000_000) / 10_000 || 1;
  const lines: BomLine[] = [
    ...priced.slice(0, 1600).map((partNo) => ({ partNo, quantity: quantity() })),
    ...unpriced.slice(0, 150).map((partNo) => ({ partNo, quantity: quantity() })),
    ...Array.from({ length: 50 }, (_, i) => ({ partNo: `NOPE-${day}-${i}`, quantity: quantity() })),
  ];
  const makeup = { inForce: Math.min(1600, priced.length), notInForce: Math.min(150, unpriced.length), unknown: 50, repeated: 0 };
  while (lines.length < BOM_SIZE) {
    lines.push({ partNo: lines[Math.floor(rnd() * lines.length)]!.partNo, quantity: quantity() });
    makeup.repeated++;
  }
  for (let i = lines.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  }
  return { lines, makeup };
}

interface BomLine {
  partNo: string;
  quantity: number;
}

const post = (path: string, body: Record<string, unknown>): Variant => ({ method: 'POST', path, body });
const pricing = (body: Record<string, unknown>) => post('/api/query/pricing', body);
const processes = (body: Record<string, unknown>) => post('/api/query/secondary-process', body);

export async function buildMix(db: Knex, seed = 6): Promise<{ kinds: Kind[]; facts: Record<string, number> }> {
  const rnd = mulberry32(seed);
  const count = async (table: string) => Number((await db(table).count({ n: '*' }))[0]!.n);
  const [parts, pricings, processCount] = [await count('parts'), await count('pricing'), await count('secondary_processes')];
  // current=5000 where the data allows, else the last full page.
  const deep = (rows: number) => Math.max(1, Math.min(5000, Math.floor(rows / 20)));

  // Parts that have an approved pricing (the demo generator leaves some without): ask the database.
  const partNos: string[] = [];
  for (let tries = 0; partNos.length < 8 && tries < 200; tries++) {
    const id = 1 + Math.floor(rnd() * Math.max(1, Math.min(parts, 100_000)));
    const row = await db('pricing')
      .join('parts', 'parts.id', 'pricing.part_id')
      .where('parts.id', id)
      .where('pricing.status', 'approved')
      .first('parts.part_no as partNo');
    if (row && !partNos.includes(row.partNo)) partNos.push(row.partNo);
  }
  const pricingIds = Array.from({ length: 8 }, () => 1 + Math.floor(rnd() * Math.max(1, pricings)));
  // Two days, so that the variants price different parts and different rows are in force.
  const boms: { day: string; lines: BomLine[]; makeup: BomMakeup }[] = [];
  for (const day of ['2026-06-01', '2025-12-01']) boms.push({ day, ...(await bomLines(db, rnd, parts, day)) });
  // The leading characters of a part number, which name a few parts (as a clerk types a code's start).
  const somePartNo = (await db('parts').where('id', Math.min(parts, 4242)).first('part_no'))?.part_no as string;
  const somePricingNo = (
    await db('pricing')
      .where('id', Math.max(1, Math.floor(pricings / 3)))
      .first('pricing_no')
  )?.pricing_no as string;

  const kinds: Kind[] = [
    { name: 'info', variants: [{ method: 'GET', path: '/api/info' }] },
    { name: 'test-db', variants: [{ method: 'GET', path: '/api/test-db' }] },
    { name: 'stats', variants: [{ method: 'GET', path: '/api/stats/tables' }] },
    { name: 'pricing.page1', variants: [pricing({}), pricing({ pageSize: 50 })] },
    { name: 'pricing.deep', variants: [pricing({ current: deep(pricings) })] },
    { name: 'pricing.page200', variants: [pricing({ pageSize: 200 })] },
    // One request each: the kinds of `npm run bench:directus`, which asks Directus the same.
    { name: 'pricing.first', variants: [pricing({})] },
    { name: 'pricing.partNo', variants: [pricing({ partNo: somePartNo.slice(0, -1) })] },
    { name: 'pricing.bracket', variants: [pricing({ keyword: '支架' })] },
    { name: 'pricing.statusDate', variants: [pricing({ status: ['approved'], pricedFrom: '2026-01-01', pricedTo: '2026-03-31' })] },
    // A keyword with a status and a sort: what the workbench page sends most.
    { name: 'pricing.combo', variants: [pricing({ keyword: '支架', status: ['approved'], sort: { unitPrice: 'descend' } })] },
    {
      name: 'pricing.keyword',
      variants: [
        pricing({ keyword: '精工五金' }), // a supplier: ~1/12 of all pricings
        pricing({ keyword: partNos[0] ?? 'P-100001' }),
        pricing({ keyword: somePricingNo.slice(0, 11) }),
        pricing({ keyword: 'bracket' }),
      ],
    },
    { name: 'pricing.keyword2', variants: [pricing({ keyword: '支架' }), pricing({ keyword: '轴套' })] },
    {
      name: 'pricing.filters',
      variants: [
        pricing({
          status: ['approved'],
          pricedFrom: '2026-01-01',
          pricedTo: '2026-03-31',
          minPrice: 100,
          maxPrice: 5000,
          sort: { unitPrice: 'ascend', pricedAt: 'descend' },
        }),
        pricing({ status: ['pending', 'draft'], pricedFrom: '2025-06-01', pricedTo: '2025-06-30' }),
        pricing({ minPrice: 20000, sort: { updatedAt: 'descend' } }),
        pricing({ supplier: 'S0036', status: ['approved'] }),
      ],
    },
    {
      name: 'pricing.sort',
      variants: [
        pricing({ sort: { partNo: 'ascend', pricedAt: 'descend' } }),
        pricing({ sort: { pricingNo: 'descend' } }),
        pricing({ sort: { unitPrice: 'descend', updatedAt: 'ascend' } }),
      ],
    },
    { name: 'process.page1', variants: [processes({})] },
    // The home page: its first request on each day counts (the single requests), the rest are kept.
    {
      name: 'workbench',
      variants: ['2026-11-20', '2026-06-15', '2026-01-10', '2025-09-01'].map((on) => post('/api/query/workbench', { on })),
    },
    { name: 'process.deep', variants: [processes({ current: deep(processCount) })] },
    {
      name: 'process.keyword',
      variants: [processes({ keyword: '阳极氧化' }), processes({ keyword: 'EC-00012' }), processes({ keyword: '热处理' })],
    },
    {
      name: 'process.filters',
      variants: [
        processes({
          category: ['plating', 'painting'],
          status: ['active'],
          validOn: '2026-06-01',
          minPrice: 1,
          maxPrice: 50,
          sort: { unitPrice: 'ascend', validFrom: 'descend' },
        }),
        processes({ sort: { partNo: 'ascend' } }),
        processes({ processName: '镀', sort: { processName: 'ascend' } }),
      ],
    },
    // previousApprovedPrice and changeRate: the filter over every pending pricing, the
    // same sorted by the rate, and the rate sort over every pricing (each row's rate computed).
    { name: 'pricing.change', variants: [pricing({ status: ['pending'], minChangeRate: 0.1 })] },
    { name: 'pricing.changeFilterSort', variants: [pricing({ status: ['pending'], minChangeRate: 0.1, sort: { changeRate: 'descend' } })] },
    { name: 'pricing.changeSort', variants: [pricing({ sort: { changeRate: 'descend' } }), pricing({ sort: { changeRate: 'ascend' } })] },
    { name: 'review.id', variants: pricingIds.map((pricingId) => post('/api/query/pricing-review', { pricingId })) },
    { name: 'compare.id', variants: pricingIds.map((pricingId) => post('/api/query/pricing-compare', { pricingId })) },
    { name: 'details.partNo', variants: partNos.map((partNo) => post('/api/query/pricing-details', { partNo })) },
    { name: 'details.id', variants: pricingIds.map((pricingId) => post('/api/query/pricing-details', { pricingId })) },
    {
      name: 'bom.2000',
      variants: boms.map(({ day, lines }) => post('/api/query/bom-price', { lines, on: day })),
    },
    // The price rules: every part's prices in force compared in CNY at the day's rates, each line converted.
    {
      name: 'bom.2000.lowest',
      variants: boms.map(({ day, lines }) => post('/api/query/bom-price', { lines, on: day, rule: 'lowest', reportCurrency: 'CNY' })),
    },
  ];
  return {
    kinds,
    facts: {
      parts,
      pricings,
      processes: processCount,
      deepPricing: deep(pricings),
      deepProcess: deep(processCount),
      ...Object.fromEntries(boms.flatMap(({ day, makeup }) => Object.entries(makeup).map(([k, n]) => [`bom ${day} ${k}`, n]))),
    },
  };
}
