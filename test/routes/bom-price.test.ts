import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { closeTestApp, createTestApp, statementsDuring, type TestApp } from '../support/context.js';
import { bomPrice as expectedBom, expectErrorBody, seed } from '../support/expected.js';

/**
 * POST /api/query/bom-price against the oracle over the seed (expected.ts bomPrice): the price in
 * force on a day (approved, validFrom ≤ day ≤ validTo or open-ended; the latest pricedAt, then the
 * higher id), quantity × price exact to 4 decimals half away from zero, totals per currency.
 */
const PATH = '/api/query/bom-price';

function binary(res: Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

const RESULT_NAMES: Record<string, string> = { priced: '已定价', 'no-price': '无有效价格', 'unknown-part': '物料不存在' };

function mulberry32(a: number): () => number {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('POST /api/query/bom-price', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  it('prices a line at 12.5 × the price in force, exact to 4 places, with a total', async () => {
    const day = '2026-11-20';
    const lines = [{ partNo: 'P-100217', quantity: 12.5 }];
    const res = await t.request.post(PATH).send({ lines, on: day });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({ success: true, data: expectedBom(lines, day) });
    expect(res.body.data.lines[0].result).to.equal('priced');
  });

  for (const [seedNo, day] of [
    [1, '2026-11-20'],
    [2, '2025-06-15'],
  ] as const) {
    it(`random lists on ${day}: in force, not in force, unknown and repeated parts, against the oracle`, async () => {
      const rnd = mulberry32(seedNo);
      const partNos = seed.partNos;
      const lines = Array.from({ length: 60 }, (_, i) => {
        const known = partNos[Math.floor(rnd() * partNos.length)]!;
        const partNo = i % 13 === 0 ? `NOPE-${i}` : i % 17 === 0 ? known.toLowerCase() : known;
        return { partNo, quantity: Math.round(rnd() * 1_000_000) / 10_000 || 1 };
      });
      lines.push({ ...lines[1]! }, { ...lines[2]!, quantity: 3 });
      const expected = expectedBom(lines, day);
      const kinds = new Set(expected.lines.map((l) => l.result));
      expect([...kinds].sort(), 'the list holds every kind of line').to.deep.equal(['no-price', 'priced', 'unknown-part']);
      const res = await t.request.post(PATH).send({ lines, on: day });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data).to.deep.equal(expected);
    });
  }

  it('on defaults to today in APP_TIMEZONE', async () => {
    const res = await t.request.post(PATH).send({ lines: [{ partNo: 'P-100217', quantity: 1 }] });
    expect(res.status, res.text).to.equal(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(res.body.data.on).to.equal(today);
    expect(res.body.data).to.deep.equal(expectedBom([{ partNo: 'P-100217', quantity: 1 }], today));
  });

  it('the same number of statements for 3 lines and for 2,000', async () => {
    const partNos = seed.partNos;
    const body = (n: number) => ({
      lines: Array.from({ length: n }, (_, i) => ({ partNo: partNos[i % partNos.length]!, quantity: 1 })),
      on: '2026-06-01',
    });
    const few = await statementsDuring(t.db, async () => void (await t.request.post(PATH).send(body(3)).expect(200)));
    const many = await statementsDuring(t.db, async () => void (await t.request.post(PATH).send(body(2000)).expect(200)));
    expect(many.length).to.equal(few.length);
    expect(few.length).to.equal(4);
  });

  it('a partNo is exact and trimmed: " P-100217 " is that part, "P-1002" is unknown', async () => {
    const res = await t.request.post(PATH).send({
      lines: [
        { partNo: ' P-100217 ', quantity: 1 },
        { partNo: 'P-1002', quantity: 1 },
      ],
      on: '2026-11-20',
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data.lines.map((l: { partNo: string; result: string }) => [l.partNo, l.result])).to.deep.equal([
      ['P-100217', 'priced'],
      ['P-1002', 'unknown-part'],
    ]);
  });

  it('an unknown code that is an existing one but for case, width or invisible characters is suggested, not priced', async () => {
    const typed = ['p-100217', 'Ｐ－１００２１７', 'P-100217\u200b', 'P-1002', 'NOPE-1'];
    const res = await t.request.post(PATH).send({ lines: typed.map((partNo) => ({ partNo, quantity: 1 })), on: '2026-11-20' });
    expect(res.status, res.text).to.equal(200);
    const lines = res.body.data.lines as { partNo: string; result: string; suggestion: string | null; pricing: unknown; amount: unknown }[];
    expect(lines.map((l) => [l.partNo, l.result, l.suggestion])).to.deep.equal([
      ['p-100217', 'unknown-part', 'P-100217'],
      ['Ｐ－１００２１７', 'unknown-part', 'P-100217'],
      ['P-100217\u200b', 'unknown-part', 'P-100217'],
      ['P-1002', 'unknown-part', null],
      ['NOPE-1', 'unknown-part', null],
    ]);
    expect(lines.every((l) => l.pricing === null && l.amount === null)).to.equal(true);
    expect(res.body.data.totals).to.deep.equal([]);
  });

  it('one more statement, whatever their number, when some codes are unknown', async () => {
    const body = (n: number) => ({
      lines: Array.from({ length: n }, (_, i) => ({ partNo: i % 2 ? `nope-${i}` : seed.partNos[i % seed.partNos.length]!, quantity: 1 })),
      on: '2026-06-01',
    });
    const few = await statementsDuring(t.db, async () => void (await t.request.post(PATH).send(body(3)).expect(200)));
    const many = await statementsDuring(t.db, async () => void (await t.request.post(PATH).send(body(2000)).expect(200)));
    expect(few.length).to.equal(5);
    expect(many.length).to.equal(few.length);
  });

  describe('as a file (Accept: CSV or xlsx)', () => {
    const day = '2026-11-20';
    const lines = [
      { partNo: 'P-100217', quantity: 12.5 },
      { partNo: 'P-100010', quantity: 1 },
      { partNo: 'NOPE-1', quantity: 2 },
      { partNo: 'P-100217', quantity: 0.0001 },
      { partNo: 'p-100010', quantity: 1 },
    ];
    const expected = () => expectedBom(lines, day);
    const download = (accept: string) => t.request.post(PATH).set('Accept', accept).send({ lines, on: day }).buffer(true).parse(binary);

    it('CSV: a row per line in order, then a total row per currency', async () => {
      const res = await download('text/csv');
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/^text\/csv/);
      expect(res.headers['content-disposition']).to.include('attachment').and.include('bom-price-2026-11-20');
      const records: string[][] = parse(res.body as Buffer, { bom: true });
      const [header, ...rows] = records;
      expect(header).to.deep.equal([
        '行号',
        '物料编码',
        '物料名称',
        '规格型号',
        '供应商名称',
        '数量',
        '币种',
        '未税单价',
        '含税单价',
        '金额',
        '含税金额',
        '核价单号',
        '核价时间',
        '生效日期',
        '失效日期',
        '有效价格数',
        '选取方式',
        '结果',
      ]);
      const want = expected();
      // The lines, a total per currency, a blank row, then what they were priced under.
      expect(rows).to.have.length(want.lines.length + want.totals.length + 1 + 3);
      expect(rows.slice(-3).map((r) => [r[1], r[2]])).to.deep.equal([
        ['计价日', day],
        ['计价规则', '最新核价'],
        ['折算币种', '不折算'],
      ]);
      expect(want.lines.at(-1)!.suggestion, 'a code with its suggestion').to.equal('P-100010');
      for (const [i, line] of want.lines.entries()) {
        const row = rows[i]!;
        expect(row[0]).to.equal(String(line.lineNo));
        expect(row[1]).to.equal(line.partNo);
        expect(row[9]).to.equal(line.amount === null ? '' : String(line.amount));
        expect(row[11]).to.equal(line.pricing?.pricingNo ?? '');
        expect(row[13]).to.equal(line.pricing?.validFrom ?? '');
        expect(row[14]).to.equal(line.pricing ? (line.pricing.validTo ?? '长期') : '');
        expect(row[15]).to.equal(String(line.inForce));
        expect(row[16]).to.equal(line.chosenBy === null ? '' : '最新核价');
        expect(row[17]).to.equal(RESULT_NAMES[line.result] + (line.suggestion ? `，是否为 ${line.suggestion}？` : ''));
      }
      for (const [i, total] of want.totals.entries()) {
        const row = rows[want.lines.length + i]!;
        expect(row[1]).to.equal(`合计（${total.currency}）`);
        expect([row[9], row[10]]).to.deep.equal([String(total.amount), String(total.amountWithTax)]);
      }
    });

    it('xlsx: the name, day and rule above; amounts as formulas over their line; each total a SUMIF below the filter range', async () => {
      const res = await t.request
        .post(PATH)
        .set('Accept', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send({ lines, on: day, name: '电机壳体 A 型' })
        .buffer(true)
        .parse(binary);
      expect(res.status).to.equal(200);
      const workbook = new ExcelJS.Workbook();
      const file: ArrayBuffer = res.body;
      await workbook.xlsx.load(file);
      const sheet = workbook.worksheets[0]!;
      const want = expected();
      expect([1, 2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(1).value)).to.deep.equal([
        '批量核价单 — 电机壳体 A 型',
        `计价日：${day}`,
        '计价规则：最新核价',
        '折算币种：不折算',
        null,
      ]);
      const header = 6;
      expect(sheet.getRow(header).getCell(6).value).to.equal('数量');
      expect(sheet.views[0]).to.include({ state: 'frozen', ySplit: header });
      const first = header + 1;
      const last = header + want.lines.length;
      expect(sheet.autoFilter).to.equal(`A${header}:R${last}`);
      for (const [i, line] of want.lines.entries()) {
        const row = sheet.getRow(first + i);
        expect(row.getCell(6).value).to.equal(line.quantity);
        expect(row.getCell(6).numFmt ?? 'General', 'a quantity as typed').to.equal('General');
        const n = first + i;
        expect(row.getCell(10).value).to.deep.equal(line.amount === null ? null : { formula: `ROUND(F${n}*H${n},4)`, result: line.amount });
        expect(row.getCell(11).value).to.deep.equal(
          line.amountWithTax === null ? null : { formula: `ROUND(F${n}*I${n},4)`, result: line.amountWithTax },
        );
      }
      // A blank row, then the totals: outside the filter range, so sorting the lines leaves them below.
      expect(sheet.getRow(last + 1).getCell(2).value).to.equal(null);
      for (const [i, total] of want.totals.entries()) {
        const n = last + 2 + i;
        const row = sheet.getRow(n);
        expect(row.getCell(2).value).to.equal(`合计（${total.currency}）`);
        expect(row.getCell(10).value).to.deep.equal({
          formula: `SUMIF($G$${first}:$G$${last},G${n},J$${first}:J$${last})`,
          result: total.amount,
        });
      }
      expect(workbook.worksheets[1]!.getRow(2).values).to.deep.equal([undefined, 'BOM 名称', '电机壳体 A 型']);
    });
  });

  const bad: [string, object, string[]][] = [
    ['no lines', { lines: [] }, ['lines']],
    ['2,001 lines', { lines: Array.from({ length: 2001 }, () => ({ partNo: 'P-100217', quantity: 1 })) }, ['lines']],
    ['a quantity of 0', { lines: [{ partNo: 'P-100217', quantity: 0 }] }, ['lines.0.quantity']],
    ['a negative quantity', { lines: [{ partNo: 'P-100217', quantity: -2 }] }, ['lines.0.quantity']],
    ['five decimals', { lines: [{ partNo: 'P-100217', quantity: 1.23456 }] }, ['lines.0.quantity']],
    ['a quantity as text', { lines: [{ partNo: 'P-100217', quantity: '2' }] }, ['lines.0.quantity']],
    ['an empty partNo', { lines: [{ partNo: '  ', quantity: 1 }] }, ['lines.0.partNo']],
    ['half a surrogate pair in a partNo', { lines: [{ partNo: 'P-1\ud800', quantity: 1 }] }, ['lines.0.partNo']],
    ['a bad day', { lines: [{ partNo: 'P-100217', quantity: 1 }], on: '2026-02-30' }, ['on']],
    ['an unknown field', { lines: [{ partNo: 'P-100217', quantity: 1, price: 3 }] }, ['lines.0.price']],
  ];
  for (const [name, body, paths] of bad) {
    it(`${name}: 400 naming ${paths.join(', ')}`, async () => {
      expectErrorBody(await t.request.post(PATH).send(body), 400, 'VALIDATION_ERROR', paths);
    });
  }
});
