import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { expectErrorBody, rateOn, seed, type PricingRow } from '../support/expected.js';
import { deleteFixture, insertFixture, type Fixture } from '../support/review-fixture.js';

/**
 * POST /api/query/supplier-compare against the seeded database: every part of the seed compared
 * with the contract's rules written again here (per supplier its latest pricing and its latest
 * approved one, the lowest of each row among the columns of one currency), the fixture's part of
 * test/support/review-fixture.ts by hand, the choice by ids and the errors.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function binary(res: Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

const FIELDS = [
  'materialCost',
  'processCost',
  'secondaryProcessCost',
  'otherCost',
  'managementFee',
  'profit',
  'unitPrice',
  'unitPriceWithTax',
  'changeRate',
] as const;

interface Column {
  id: number;
  pricingNo: string;
  supplierCode: string;
  supplierName: string;
  status: string;
  currency: string;
  pricedAt: string;
  latest: boolean;
  latestApproved: boolean;
}

interface Row {
  field: (typeof FIELDS)[number];
  kind: 'money' | 'rate';
  values: (number | null)[];
  lowestPricingIds: number[];
}

interface Comparison {
  selectedBy: 'partNo' | 'pricingIds';
  partNo: string;
  partName: string;
  columns: Column[];
  rows: Row[];
  converted: unknown;
}

/** The day whose rates convert columns of different currencies (sent as `on`). */
const RATE_DAY = '2026-11-20';

/** value × CNY rate, exact, rounded half away from zero to 4 places. */
function toCny(value: number, rate: number): number {
  const product = BigInt(Math.round(value * 10_000)) * BigInt(Math.round(rate * 100_000_000));
  const abs = product < 0n ? -product : product;
  const q = (2n * abs + 100_000_000n) / 200_000_000n;
  return Number(product < 0n ? -q : q) / 10_000;
}

/** The money rows in CNY when the columns' currencies differ, the lowest marked across all of them. */
function convertedOf(columns: readonly PricingRow[]) {
  if (new Set(columns.map((c) => c.currency)).size < 2) return null;
  const rates = columns.map((c) => {
    if (c.currency === 'CNY') return { rate: 1, rateDate: null };
    const r = rateOn(c.currency, RATE_DAY);
    return r ? { rate: r.rateToCny, rateDate: r.validFrom } : { rate: null, rateDate: null };
  });
  const inCny: PricingRow[] = columns.map((c) => ({ ...c, currency: 'CNY' }));
  return {
    currency: 'CNY',
    day: RATE_DAY,
    rates: columns.map((c, i) => ({ pricingId: c.id, currency: c.currency, ...rates[i]! })),
    missingRates: [...new Set(columns.filter((c, i) => rates[i]!.rate === null).map((c) => c.currency))].sort(),
    rows: FIELDS.filter((f) => f !== 'changeRate').map((field) => {
      const values = columns.map((c, i) => {
        const v = c[field];
        const rate = rates[i]!.rate;
        return v === null || rate === null ? null : toCny(v, rate);
      });
      const shown = inCny.map((c, i) => ({ ...c, [field]: values[i] }));
      return { field, values, lowestPricingIds: lowest(shown, field) };
    }),
  };
}

/** Later in the contract's order: a later pricedAt, or the same and a higher id. */
const later = (a: PricingRow, b: PricingRow) => a.pricedAt > b.pricedAt || (a.pricedAt === b.pricedAt && a.id > b.id);
const newest = (rows: PricingRow[]) => rows.reduce<PricingRow | undefined>((best, r) => (!best || later(r, best) ? r : best), undefined);

/** The supplier's latest pricing of the part and its latest approved one, by the contract. */
function flagsOf(r: PricingRow, pricings: readonly PricingRow[]): { latest: boolean; latestApproved: boolean } {
  const own = pricings.filter((p) => p.partNo === r.partNo && p.supplierCode === r.supplierCode);
  return {
    latest: newest(own)?.id === r.id,
    latestApproved: newest(own.filter((p) => p.status === 'approved'))?.id === r.id,
  };
}

/** Lowest within each currency: at least two values there, not all equal; ties all marked. */
function lowest(columns: readonly PricingRow[], field: (typeof FIELDS)[number]): number[] {
  return columns
    .filter((c) => {
      const v = c[field];
      if (v === null) return false;
      const peers = columns.filter((o) => o.currency === c.currency && o[field] !== null).map((o) => o[field] as number);
      return peers.length >= 2 && peers.every((p) => p >= v) && peers.some((p) => p > v);
    })
    .map((c) => c.id);
}

function expected(selectedBy: Comparison['selectedBy'], columns: PricingRow[], pricings: readonly PricingRow[]): Comparison {
  return {
    selectedBy,
    partNo: columns[0]!.partNo,
    partName: columns[0]!.partName,
    columns: columns.map((r) => ({
      id: r.id,
      pricingNo: r.pricingNo,
      supplierCode: r.supplierCode,
      supplierName: r.supplierName,
      status: r.status,
      currency: r.currency,
      pricedAt: r.pricedAt,
      ...flagsOf(r, pricings),
    })),
    rows: FIELDS.map((field) => ({
      field,
      kind: field === 'changeRate' ? 'rate' : 'money',
      values: columns.map((c) => c[field]),
      lowestPricingIds: lowest(columns, field),
    })),
    converted: convertedOf(columns),
  };
}

/** The part's columns: per supplier (by code) the latest, then the latest approved where it is another pricing. */
function partColumns(partNo: string, pricings: readonly PricingRow[]): PricingRow[] {
  const ofPart = pricings.filter((r) => r.partNo === partNo);
  const codes = [...new Set(ofPart.map((r) => r.supplierCode))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return codes.flatMap((code) => {
    const own = ofPart.filter((r) => r.supplierCode === code);
    const latest = newest(own)!;
    const approved = newest(own.filter((r) => r.status === 'approved'));
    return approved && approved.id !== latest.id ? [latest, approved] : [latest];
  });
}

describe('POST /api/query/supplier-compare', () => {
  let t: TestApp;
  let f: Fixture;
  const compare = (body: object) => t.request.post('/api/query/supplier-compare').send({ on: RATE_DAY, ...body });

  before(async function () {
    this.timeout(60_000);
    t = createTestApp();
    f = await insertFixture(t.db);
  });
  after(async function () {
    this.timeout(60_000);
    await deleteFixture(t.db, f);
    await closeTestApp(t);
  });

  it('every part of the seed by partNo: each supplier latest and latest approved, the rows, the lowest per currency', async function () {
    this.timeout(120_000);
    const partNos = [...new Set(seed.pricing.map((r) => r.partNo))];
    expect(partNos.length).to.be.above(250);
    let twoColumns = 0;
    for (const partNo of partNos) {
      const res = await compare({ partNo });
      expect(res.status, `${partNo} ${JSON.stringify(res.body)}`).to.equal(200);
      const columns = partColumns(partNo, seed.pricing);
      twoColumns += columns.length - new Set(columns.map((c) => c.supplierCode)).size;
      expect(res.body.data, partNo).to.deep.equal(expected('partNo', columns, seed.pricing));
    }
    // The seed has suppliers whose latest pricing is not approved but an older one is.
    expect(twoColumns).to.be.above(20);
  });

  it('a part with prices in two currencies: each currency has its own lowest, compared with its own columns only', async () => {
    // A part of the seed where the lowest unit price over all columns is CNY, and USD has two columns of its own.
    const mixed = [...new Set(seed.pricing.map((r) => r.partNo))]
      .map((partNo) => partColumns(partNo, seed.pricing))
      .find((cols) => {
        const usd = cols.filter((c) => c.currency === 'USD');
        const cny = cols.filter((c) => c.currency === 'CNY');
        return usd.length >= 2 && cny.length >= 2 && new Set(usd.map((c) => c.unitPrice)).size > 1;
      });
    expect(mixed, 'a part with two CNY and two USD columns').to.not.equal(undefined);
    const d: Comparison = (await compare({ partNo: mixed![0]!.partNo })).body.data;
    const unitPrice = d.rows.find((r) => r.field === 'unitPrice')!;
    const currencyOf = (id: number) => d.columns.find((c) => c.id === id)!.currency;
    // One mark per currency here (no ties in these prices), each the lowest of its own currency.
    expect(unitPrice.lowestPricingIds.map(currencyOf).sort()).to.deep.equal(['CNY', 'USD']);
    for (const id of unitPrice.lowestPricingIds) {
      const own = d.columns.map((c, i) => [c, unitPrice.values[i]!] as const).filter(([c]) => c.currency === currencyOf(id));
      expect(Math.min(...own.map(([, v]) => v))).to.equal(unitPrice.values[d.columns.findIndex((c) => c.id === id)]);
    }
  });

  it('the fixture part: every supplier, USD beside CNY, a price of 0, costs all 0 marked nowhere, rates compared within a currency', async () => {
    const res = await compare({ partNo: 'ZZ-REVIEW-A' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const d: Comparison = res.body.data;
    const keys = Object.fromEntries(Object.entries(f.pricing).map(([k, id]) => [id, k]));
    const key = (id: number) => keys[id];
    // S0012's latest is A13 (expired); its latest approved is A14 of 2024. S0060: pending A16 (USD), approved A15.
    expect(d.columns.map((c) => [key(c.id), c.supplierCode, c.latest, c.latestApproved])).to.deep.equal([
      ['A13', 'S0012', true, false],
      ['A14', 'S0012', false, true],
      ['A1', 'S0015', true, false],
      ['A2', 'S0023', true, true],
      ['A4', 'S0031', true, false],
      ['A5', 'S0036', true, true],
      ['A7', 'S0041', true, true],
      ['A9', 'S0047', true, true],
      ['A11', 'S0052', true, true],
      ['A16', 'S0060', true, false],
      ['A15', 'S0060', false, true],
    ]);
    const row = (field: string) => d.rows.find((r) => r.field === field)!;
    const marked = (field: string) => row(field).lowestPricingIds.map(key);
    expect(row('unitPrice').values).to.deep.equal([1.9999, 70, 10, 100, 110, 0, 80, 90, 2, 16.5, 15]);
    // The CNY price of 0 (A5) and the lower of the two USD ones (A15).
    expect(marked('unitPrice')).to.deep.equal(['A5', 'A15']);
    expect(marked('materialCost')).to.deep.equal(['A5', 'A15']);
    // Every column 0: nothing stands out.
    for (const field of ['processCost', 'secondaryProcessCost', 'otherCost', 'managementFee', 'profit']) {
      expect(
        row(field).values.every((v) => v === 0),
        field,
      ).to.equal(true);
      expect(marked(field), field).to.deep.equal([]);
    }
    expect(row('changeRate')).to.deep.include({
      kind: 'rate',
      values: [-0.0001, null, -0.8571, 0.4286, 0.1, -1, null, 0.125, -0.9778, 0.1, null],
    });
    // A5's -100 % among the CNY rates; USD has one rate only (A15 has none): no mark there.
    expect(marked('changeRate')).to.deep.equal(['A5']);
  });

  it('by pricingIds: exactly those, in the order asked, with their flags; of one part only', async () => {
    const ids = [f.pricing.A14!, f.pricing.A9!, f.pricing.A3!];
    const res = await compare({ pricingIds: ids });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const fixtureRows = (await t.request.post('/api/query/pricing').send({ partNo: 'ZZ-REVIEW-A', pageSize: 200 })).body
      .data as PricingRow[];
    const byId = new Map(fixtureRows.map((r) => [r.id, r]));
    expect(res.body.data).to.deep.equal(
      expected(
        'pricingIds',
        ids.map((id) => byId.get(id)!),
        fixtureRows,
      ),
    );
    expect(res.body.data.columns.map((c: Column) => [c.latest, c.latestApproved])).to.deep.equal([
      [false, true],
      [true, true],
      [false, false],
    ]);

    // Seed pricings of one part, in both orders.
    const part = partColumns('P-100217', seed.pricing);
    for (const chosen of [part.slice(0, 3), part.slice(0, 3).reverse(), part.slice(0, 2)]) {
      const r = await compare({ pricingIds: chosen.map((c) => c.id) });
      expect(r.status, JSON.stringify(r.body)).to.equal(200);
      expect(r.body.data).to.deep.equal(expected('pricingIds', chosen, seed.pricing));
    }
  });

  it('errors: unknown part, a part without pricings, unknown ids are 404; several parts, repeats, counts and selectors are 400', async () => {
    const unknown = await compare({ partNo: 'P-1000' });
    expectErrorBody(unknown, 404, 'NOT_FOUND');
    expect(unknown.body.message).to.include('P-1000').and.include('不存在');
    // "contains" is not how partNo matches: a piece of a number names no part.
    expectErrorBody(await compare({ partNo: '100217' }), 404, 'NOT_FOUND');
    const priced = new Set(seed.pricing.map((r) => r.partNo));
    expect(priced.has('P-100049')).to.equal(false);
    const empty = await compare({ partNo: ' P-100049 ' });
    expectErrorBody(empty, 404, 'NOT_FOUND');
    expect(empty.body.message).to.equal('核价记录不存在：物料 P-100049 没有核价');

    const missing = await compare({ pricingIds: [1, 999_999_998, 2, 999_999_999] });
    expectErrorBody(missing, 404, 'NOT_FOUND');
    expect(missing.body.message).to.include('999999998').and.include('999999999');

    const [a, b] = [seed.pricing.find((r) => r.partNo === 'P-100217')!, seed.pricing.find((r) => r.partNo === 'P-100001')!];
    const several = await compare({ pricingIds: [a.id, b.id] });
    expectErrorBody(several, 400, 'VALIDATION_ERROR', ['pricingIds']);
    expect(several.body.errors[0].message).to.include('P-100217').and.include('P-100001');

    expectErrorBody(await compare({ pricingIds: [a.id, a.id] }), 400, 'VALIDATION_ERROR', ['pricingIds.1']);
    expectErrorBody(await compare({ pricingIds: [a.id] }), 400, 'VALIDATION_ERROR', ['pricingIds']);
    expectErrorBody(await compare({ pricingIds: [1, 2, 3, 4, 5, 6] }), 400, 'VALIDATION_ERROR', ['pricingIds']);
    expectErrorBody(await compare({ pricingIds: [1, 0] }), 400, 'VALIDATION_ERROR', ['pricingIds.1']);
    expectErrorBody(await compare({ pricingIds: ['1', 2] }), 400, 'VALIDATION_ERROR', ['pricingIds.0']);
    expectErrorBody(await compare({}), 400, 'VALIDATION_ERROR', ['']);
    expectErrorBody(await compare({ partNo: '', pricingIds: null }), 400, 'VALIDATION_ERROR', ['pricingIds']);
    expectErrorBody(await compare({ partNo: null }), 400, 'VALIDATION_ERROR', ['']);
    expectErrorBody(await compare({ partNo: 'P-100217', pricingIds: [1, 2] }), 400, 'VALIDATION_ERROR', ['partNo', 'pricingIds']);
    expectErrorBody(await compare({ partNo: 'P-100217', pricingId: 2 }), 400, 'VALIDATION_ERROR', ['pricingId']);
    expectErrorBody(await compare({ partNo: 'x\u0000' }), 400, 'VALIDATION_ERROR', ['partNo']);
  });

  it('as a file (Accept: CSV or xlsx): a row per compared pricing, the figures of the JSON answer, the lowest named', async () => {
    const mixed = [...new Set(seed.pricing.map((r) => r.partNo))].find((partNo) => {
      const currencies = new Set(partColumns(partNo, seed.pricing).map((c) => c.currency));
      return currencies.size > 1;
    })!;
    const body = { partNo: mixed, on: '2026-11-20' };
    const d: Comparison & { converted: { rates: { rate: number | null }[] } } = (await compare(body)).body.data;
    const csv = await t.request.post('/api/query/supplier-compare').set('Accept', 'text/csv').send(body).buffer(true);
    expect(csv.status, csv.text).to.equal(200);
    expect(csv.headers['content-disposition']).to.include(`supplier-compare-${mixed}-`);
    const records: string[][] = parse(csv.text, { bom: true });
    const [header, ...rows] = records;
    expect(header!.slice(0, 8)).to.deep.equal(['供应商编码', '供应商名称', '核价单号', '状态', '币种', '核价时间', '标记', '材料费']);
    expect(header).to.include('未税单价（折合人民币）').and.include('折算率（人民币/单位）');
    expect(header!.at(-1)).to.equal('最低项');
    expect(rows.map((r) => r[2])).to.deep.equal(d.columns.map((c) => c.pricingNo));
    const unitPrice = d.rows.find((r) => r.field === 'unitPrice')!;
    const at = header!.indexOf('未税单价');
    expect(rows.map((r) => Number(r[at]))).to.deep.equal(unitPrice.values);
    for (const [i, c] of d.columns.entries()) {
      expect(rows[i]!.at(-1)!.split('、').includes('未税单价')).to.equal(unitPrice.lowestPricingIds.includes(c.id));
    }

    const xlsx = await t.request.post('/api/query/supplier-compare').set('Accept', XLSX).send(body).buffer(true).parse(binary);
    expect(xlsx.status).to.equal(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).to.equal(`供应商对比 — ${mixed} ${d.partName}`);
    const headerRow = sheet.views[0]!.state === 'frozen' ? (sheet.views[0] as { ySplit: number }).ySplit : 0;
    expect(sheet.getRow(headerRow).getCell(1).value).to.equal('供应商编码');
    expect(sheet.autoFilter).to.equal(`A${headerRow}:${sheet.getColumn(header!.length).letter}${headerRow + d.columns.length}`);
    expect(d.columns.map((_, i) => sheet.getRow(headerRow + 1 + i).getCell(at + 1).value)).to.deep.equal(unitPrice.values);
  });
});
