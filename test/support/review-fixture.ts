import type { Knex } from 'knex';

/**
 * Two parts of their own with pricings, lines and process prices that the demo data has none of:
 * approved prices of 0, several pricings at one instant, drafts and rejections between approved
 * ones, a part with no approved pricing before its first, rates that are exact halves of the last
 * place, process prices valid up to the pricing's day in Asia/Shanghai but not in UTC, and USD
 * pricings among the CNY ones (compared only with each other).
 * Inserted into the shared test database by a test file's `before` (copies of the seeded first
 * row, so the other columns follow the schema) and deleted by its `after`: the other files see
 * the seed alone. Ids come from the database, in insertion order.
 */

export interface FixturePricing {
  key: string;
  part: 'A' | 'B';
  pricedAt: string;
  status: 'draft' | 'pending' | 'approved' | 'rejected' | 'expired';
  unitPrice: number;
  supplier: string;
  /** CNY unless given. */
  currency?: 'USD';
  /** What the contract says of it: the previous approved price and the rate (in its own currency). */
  previous: number | null;
  rate: number | null;
}

/** The instant of three pricings of part A: 00:30 on 2026-04-01 in Shanghai, still 2026-03-31 in UTC. */
export const TIE = '2026-03-31T16:30:00Z';

/** In insertion order, which is id order: A7 < A8 < A9 at the same instant. */
export const FIXTURE_PRICINGS: readonly FixturePricing[] = [
  {
    key: 'A14',
    part: 'A',
    pricedAt: '2024-12-20T02:00:00Z',
    status: 'approved',
    unitPrice: 70,
    supplier: 'S0012',
    previous: null,
    rate: null,
  },
  {
    key: 'B1',
    part: 'B',
    pricedAt: '2026-01-01T02:00:00Z',
    status: 'pending',
    unitPrice: 30,
    supplier: 'S0015',
    previous: null,
    rate: null,
  },
  {
    key: 'A1',
    part: 'A',
    pricedAt: '2026-01-05T02:00:00Z',
    status: 'draft',
    unitPrice: 10,
    supplier: 'S0015',
    previous: 70,
    rate: -0.8571,
  },
  {
    key: 'A2',
    part: 'A',
    pricedAt: '2026-01-10T02:00:00Z',
    status: 'approved',
    unitPrice: 100,
    supplier: 'S0023',
    previous: 70,
    rate: 0.4286,
  },
  // Priced between A2 and A3 on another part: another part's approved price never counts.
  {
    key: 'B2',
    part: 'B',
    pricedAt: '2026-01-15T02:00:00Z',
    status: 'approved',
    unitPrice: 40,
    supplier: 'S0015',
    previous: null,
    rate: null,
  },
  {
    key: 'A3',
    part: 'A',
    pricedAt: '2026-02-01T02:00:00Z',
    status: 'rejected',
    unitPrice: 120,
    supplier: 'S0012',
    previous: 100,
    rate: 0.2,
  },
  {
    key: 'A4',
    part: 'A',
    pricedAt: '2026-02-10T02:00:00Z',
    status: 'pending',
    unitPrice: 110,
    supplier: 'S0031',
    previous: 100,
    rate: 0.1,
  },
  // The part's first USD price: no previous USD price, whatever the CNY ones.
  {
    key: 'A15',
    part: 'A',
    pricedAt: '2026-02-20T02:00:00Z',
    status: 'approved',
    unitPrice: 15,
    supplier: 'S0060',
    currency: 'USD',
    previous: null,
    rate: null,
  },
  { key: 'B3', part: 'B', pricedAt: '2026-02-11T02:00:00Z', status: 'pending', unitPrice: 44, supplier: 'S0015', previous: 40, rate: 0.1 },
  { key: 'A5', part: 'A', pricedAt: '2026-03-01T02:00:00Z', status: 'approved', unitPrice: 0, supplier: 'S0036', previous: 100, rate: -1 },
  // The latest approved price before these is 0: no previous price, no rate.
  {
    key: 'A6',
    part: 'A',
    pricedAt: '2026-03-05T02:00:00Z',
    status: 'pending',
    unitPrice: 50,
    supplier: 'S0012',
    previous: null,
    rate: null,
  },
  { key: 'A7', part: 'A', pricedAt: TIE, status: 'approved', unitPrice: 80, supplier: 'S0041', previous: null, rate: null },
  // Same instant as A7, higher id: A7 comes before it. A8 (pending) is nothing to A9.
  { key: 'A8', part: 'A', pricedAt: TIE, status: 'pending', unitPrice: 88, supplier: 'S0012', previous: 80, rate: 0.1 },
  { key: 'A9', part: 'A', pricedAt: TIE, status: 'approved', unitPrice: 90, supplier: 'S0047', previous: 80, rate: 0.125 },
  // USD after CNY approvals: compared with the USD A15 only.
  {
    key: 'A16',
    part: 'A',
    pricedAt: '2026-04-15T02:00:00Z',
    status: 'pending',
    unitPrice: 16.5,
    supplier: 'S0060',
    currency: 'USD',
    previous: 15,
    rate: 0.1,
  },
  {
    key: 'A10',
    part: 'A',
    pricedAt: '2026-05-01T02:00:00Z',
    status: 'draft',
    unitPrice: 99.99,
    supplier: 'S0012',
    previous: 90,
    rate: 0.111,
  },
  {
    key: 'A11',
    part: 'A',
    pricedAt: '2026-06-01T02:00:00Z',
    status: 'approved',
    unitPrice: 2,
    supplier: 'S0052',
    previous: 90,
    rate: -0.9778,
  },
  // 0.0001 / 2 = 0.00005 and -0.00005: halves of the last place, away from zero (floats say 0).
  {
    key: 'A12',
    part: 'A',
    pricedAt: '2026-06-02T02:00:00Z',
    status: 'pending',
    unitPrice: 2.0001,
    supplier: 'S0012',
    previous: 2,
    rate: 0.0001,
  },
  {
    key: 'A13',
    part: 'A',
    pricedAt: '2026-06-03T02:00:00Z',
    status: 'expired',
    unitPrice: 1.9999,
    supplier: 'S0012',
    previous: 2,
    rate: -0.0001,
  },
];

type Line = [costType: string, itemName: string, quantity: number, unit: string, unitPrice: number];

/** Cost lines of A7 (A9's previous approved pricing) and A9: the compare test's two sides. */
export const FIXTURE_LINES: Readonly<Record<string, readonly Line[]>> = {
  A7: [
    ['material', 'Q235 热轧板', 10, 'kg', 4.5],
    ['process', '折弯', 1, 'PCS', 3],
    ['process', '折弯', 1, 'PCS', 2],
    ['secondary_process', '镀锌', 100, 'dm2', 0.2],
    ['other', '包装运输', 1, 'PCS', 5],
    ['profit', '利润', 1, 'PCS', 0],
  ],
  A9: [
    // Trailing space: still the same item.
    ['material', 'Q235 热轧板 ', 10, 'kg', 5],
    ['process', '折弯', 1, 'PCS', 3.3],
    ['secondary_process', '镀锌', 100, 'dm2', 0.22],
    ['secondary_process', '淬火', 2, 'kg', 4],
    ['profit', '利润', 1, 'PCS', 1],
  ],
};

type Process = [key: string, name: string, basis: string, unitPrice: number, validFrom: string, validTo: string | null];

/** Process prices of part A; the day of A9 is 2026-04-01 in Shanghai. */
export const FIXTURE_PROCESSES: readonly Process[] = [
  ['P1', '镀锌', 'dm2', 0.2, '2026-01-01', null],
  // Valid up to A9's day, inclusive; its name has spaces around it.
  ['P2', ' 镀锌 ', 'dm2', 0.25, '2026-03-01', '2026-04-01'],
  // From the day after: not valid on it.
  ['P3', '镀锌', 'kg', 5, '2026-04-02', null],
  // Ends on 2026-03-31: the UTC day of A9, not its Shanghai day.
  ['P4', '淬火', 'kg', 6, '2025-01-01', '2026-03-31'],
  ['P5', '镀锌层', 'piece', 1, '2026-01-01', null],
  // The same name, priced per piece: the dm2 line cannot be compared with it.
  ['P6', '镀锌', 'piece', 1.5, '2026-01-01', null],
];

export interface Fixture {
  parts: { A: number; B: number };
  pricing: Record<string, number>;
  processes: Record<string, number>;
}

const PART_NOS = { A: 'ZZ-REVIEW-A', B: 'ZZ-REVIEW-B' } as const;
export const FIXTURE_PRICING_PREFIX = 'ZZRV';

async function template(db: Knex, table: string): Promise<Record<string, unknown>> {
  const { id: _id, ...row } = (await db(table).orderBy('id').first()) as Record<string, unknown>;
  return row;
}

async function idOf(db: Knex, table: string, column: string, value: string): Promise<number> {
  const row = (await db(table).select('id').where(column, value).first()) as { id: number | string };
  return Number(row.id);
}

/** No RETURNING: MySQL has none. */
export async function insertFixture(db: Knex): Promise<Fixture> {
  const [part, pricing, process] = [await template(db, 'parts'), await template(db, 'pricing'), await template(db, 'secondary_processes')];
  const fixture: Fixture = { parts: { A: 0, B: 0 }, pricing: {}, processes: {} };
  for (const key of ['A', 'B'] as const) {
    await db('parts').insert({ ...part, part_no: PART_NOS[key], part_name: `复核样件${key}` });
    fixture.parts[key] = await idOf(db, 'parts', 'part_no', PART_NOS[key]);
  }
  for (const p of FIXTURE_PRICINGS) {
    const pricingNo = `${FIXTURE_PRICING_PREFIX}-${p.key}`;
    // One statement per row: ids follow the order of the statements.
    await db('pricing').insert({
      ...pricing,
      pricing_no: pricingNo,
      part_id: fixture.parts[p.part],
      supplier_code: p.supplier,
      supplier_name: `供应商${p.supplier}`,
      currency: p.currency ?? 'CNY',
      material_cost: p.unitPrice,
      process_cost: 0,
      secondary_process_cost: 0,
      other_cost: 0,
      management_fee: 0,
      profit: 0,
      unit_price: p.unitPrice,
      unit_price_with_tax: p.unitPrice,
      status: p.status,
      priced_at: new Date(p.pricedAt),
      valid_from: p.pricedAt.slice(0, 10),
      valid_to: null,
    });
    fixture.pricing[p.key] = await idOf(db, 'pricing', 'pricing_no', pricingNo);
  }
  for (const [key, lines] of Object.entries(FIXTURE_LINES)) {
    await db('pricing_details').insert(
      lines.map(([costType, itemName, quantity, unit, unitPrice], i) => ({
        pricing_id: fixture.pricing[key],
        line_no: i + 1,
        cost_type: costType,
        item_name: itemName,
        spec: null,
        quantity,
        unit,
        unit_price: unitPrice,
        amount: Math.round(quantity * unitPrice * 10_000) / 10_000,
        remark: null,
      })),
    );
  }
  for (const [key, name, basis, unitPrice, validFrom, validTo] of FIXTURE_PROCESSES) {
    const processNo = `${FIXTURE_PRICING_PREFIX}-${key}`;
    await db('secondary_processes').insert({
      ...process,
      process_no: processNo,
      part_id: fixture.parts.A,
      process_name: name,
      price_basis: basis,
      unit_price: unitPrice,
      currency: 'CNY',
      status: 'active',
      valid_from: validFrom,
      valid_to: validTo,
    });
    fixture.processes[key] = await idOf(db, 'secondary_processes', 'process_no', processNo);
  }
  return fixture;
}

export async function deleteFixture(db: Knex, fixture: Fixture | undefined): Promise<void> {
  if (!fixture) return;
  const parts = Object.values(fixture.parts).filter((id) => id > 0);
  const pricingIds = (await db('pricing').select('id').whereIn('part_id', parts)).map((r: { id: number | string }) => Number(r.id));
  if (pricingIds.length > 0) await db('pricing_details').whereIn('pricing_id', pricingIds).del();
  await db('secondary_processes').whereIn('part_id', parts).del();
  await db('pricing').whereIn('part_id', parts).del();
  await db('parts').whereIn('id', parts).del();
}
