import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { generateDemoData } from '../src/db/demo-data.js';
import { exportColumns, type ExportColumn } from '../src/export/columns.js';
import { writeCsv } from '../src/export/csv.js';
import { keysetRows } from '../src/export/keyset.js';
import { PRICING_EXPORT, SECONDARY_PROCESS_EXPORT, type ExportOperation } from '../src/export/operations.js';
import { writeXlsx } from '../src/export/xlsx.js';
import type { QueryDeps } from '../src/queries/deps.js';
import { toSortKeys } from '../src/schemas/common.js';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';
import { waitFor } from './support/wait.js';

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PRICING = '/api/query/pricing';
const PROCESS = '/api/query/secondary-process';

/** Written out here, not imported: the header rows the contract's readers see. */
const PRICING_HEADERS = [
  'ID',
  '核价单号',
  '物料编码',
  '物料名称',
  '规格型号',
  '材质',
  '单位',
  '供应商编码',
  '供应商名称',
  '币种',
  '材料费',
  '加工费',
  '二次加工费',
  '其他费用',
  '管理费',
  '利润',
  '未税单价',
  '税率',
  '含税单价',
  '上次批准核价单号',
  '上次批准单价',
  '较上次批准变动率',
  '状态',
  '核价员',
  '核价时间',
  '生效日期',
  '失效日期',
  '备注',
  '更新时间',
];
const PROCESS_HEADERS = [
  'ID',
  '加工单号',
  '物料编码',
  '物料名称',
  '加工名称',
  '加工类别',
  '供应商编码',
  '供应商名称',
  '计价方式',
  '单价',
  '币种',
  '交期（天）',
  '状态',
  '生效日期',
  '失效日期',
  '备注',
  '更新时间',
];
const DATETIME_FIELDS = new Set(['pricedAt', 'updatedAt']);
const DATE_FIELDS = new Set(['validFrom', 'validTo']);

type Row = Record<string, unknown>;

function binary(res: Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** Written out here too: how the staff name the codes (the export shows these, JSON the codes). */
const VALUE_NAMES: Record<string, Record<string, string>> = {
  status: {
    draft: '草稿',
    pending: '待审核',
    approved: '已批准',
    rejected: '已驳回',
    expired: '已失效',
    active: '有效',
    inactive: '停用',
  },
  category: {
    plating: '电镀',
    heat_treatment: '热处理',
    painting: '喷涂',
    anodizing: '阳极氧化',
    machining: '机加工',
    welding: '焊接',
    other: '其他',
  },
  priceBasis: { piece: '按件', kg: '按重量（kg）', dm2: '按面积（dm²）', batch: '按批' },
};

/** Asia/Shanghai has a fixed +08:00: the wall clock an export shows for a UTC instant. */
const shanghaiWallClock = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000);

/** What a spreadsheet would run: = + - @, TAB and CR, and the full-width = + - @ that some fold. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** What a spreadsheet shows for a JSON value in CSV: formula-like text gets a leading quote. */
function csvCell(field: string, value: unknown): string {
  if (value === null) return '';
  if (VALUE_NAMES[field]) return VALUE_NAMES[field][String(value)]!;
  if (field === 'taxRate' || field === 'changeRate') return `${Math.round(Number(value) * 10_000) / 100}%`;
  if (DATETIME_FIELDS.has(field)) return shanghaiWallClock(String(value)).toISOString().slice(0, 19).replace('T', ' ');
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
  return String(value);
}

function xlsxCell(field: string, value: unknown): unknown {
  if (value === null) return null;
  if (VALUE_NAMES[field]) return VALUE_NAMES[field][String(value)]!;
  if (DATETIME_FIELDS.has(field)) return shanghaiWallClock(String(value));
  if (DATE_FIELDS.has(field)) return new Date(`${String(value)}T00:00:00Z`);
  return value;
}

async function readXlsx(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

function sheetRows(sheet: ExcelJS.Worksheet, width: number): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values: unknown[] = [];
    for (let c = 1; c <= width; c++) {
      const v = row.getCell(c).value;
      values.push(v === undefined ? null : v);
    }
    rows.push(values);
  });
  return rows;
}

describe('export (POST /api/query/pricing and /api/query/secondary-process with Accept)', () => {
  let t: TestApp;

  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  /** The JSON pages of the same query, concatenated: what an export must equal. */
  async function allPages(route: string, body: object, app: TestApp = t): Promise<Row[]> {
    const rows: Row[] = [];
    for (let current = 1; ; current++) {
      const res = await app.request.post(route).send({ ...body, current, pageSize: 200 });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      rows.push(...res.body.data);
      if (rows.length >= res.body.total || res.body.data.length === 0) {
        expect(rows.length).to.equal(res.body.total);
        return rows;
      }
    }
  }

  function download(route: string, body: object, accept: string, app: TestApp = t) {
    return app.request.post(route).set('Accept', accept).send(body).buffer(true).parse(binary);
  }

  const CASES: { name: string; route: string; body: object; headers: string[] }[] = [
    {
      name: 'pricing, two statuses, by partNo ascending then pricedAt descending',
      route: PRICING,
      body: { status: ['approved', 'pending'], sort: { partNo: 'ascend', pricedAt: 'descend' } },
      headers: PRICING_HEADERS,
    },
    { name: 'pricing, no filter, default sort (more than one batch)', route: PRICING, body: {}, headers: PRICING_HEADERS },
    {
      name: 'pricing, price range and text, by unitPrice ascending then updatedAt descending',
      route: PRICING,
      body: { minPrice: 5, maxPrice: 500, keyword: 'a', sort: { unitPrice: 'ascend', updatedAt: 'descend' }, current: 3, pageSize: 5 },
      headers: PRICING_HEADERS,
    },
    {
      name: 'secondary process, by processName descending then unitPrice ascending then validFrom descending',
      route: PROCESS,
      body: { sort: { processName: 'descend', unitPrice: 'ascend', validFrom: 'descend' } },
      headers: PROCESS_HEADERS,
    },
    {
      name: 'secondary process, active plating, default sort',
      route: PROCESS,
      body: { status: ['active'], category: ['plating', 'painting'] },
      headers: PROCESS_HEADERS,
    },
  ];

  describe('CSV', () => {
    for (const c of CASES) {
      it(`when Accept is text/csv then the file holds the JSON pages' rows: ${c.name}`, async () => {
        const expected = await allPages(c.route, c.body);
        expect(expected.length).to.be.greaterThan(0);
        const res = await download(c.route, c.body, CSV);
        expect(res.status).to.equal(200);
        const records = parse(res.body as Buffer, { bom: true, relax_column_count: false });
        expect(records[0]).to.deep.equal(c.headers);
        const fields = Object.keys(expected[0]!);
        expect(records.slice(1)).to.deep.equal(expected.map((row) => fields.map((f) => csvCell(f, row[f]))));
      });
    }

    it('when a CSV is exported then it is UTF-8 with a BOM, CRLF lines, and the attachment headers of api.md', async () => {
      const before = Date.now();
      const res = await download(PRICING, { pricingNo: 'HJ2026' }, CSV);
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
      const body = res.body as Buffer;
      expect([...body.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
      expect(body.toString('utf8').split('\r\n')[0]).to.equal(`\uFEFF${PRICING_HEADERS.join(',')}`);
      expectAttachment(res.headers['content-disposition'], '核价查询', 'pricing-query', 'csv', before);
    });
  });

  describe('xlsx', () => {
    for (const c of CASES) {
      it(`when Accept is the xlsx type then the workbook holds the JSON pages' rows, typed: ${c.name}`, async function () {
        // 1,200 rows written and read back as a workbook: about a second, more on a busy machine.
        this.timeout(10_000);
        const expected = await allPages(c.route, c.body);
        const res = await download(c.route, c.body, XLSX);
        expect(res.status).to.equal(200);
        const sheet = await readXlsx(res.body as Buffer);
        const rows = sheetRows(sheet, c.headers.length);
        expect(rows[0]).to.deep.equal(c.headers);
        const fields = Object.keys(expected[0]!);
        expect(rows.slice(1)).to.deep.equal(expected.map((row) => fields.map((f) => xlsxCell(f, row[f]))));
      });
    }

    it('when an xlsx is exported then numbers are numbers and dates are date cells with a date format', async () => {
      const before = Date.now();
      const res = await download(PRICING, { sort: { pricedAt: 'ascend' } }, XLSX);
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal(XLSX);
      expectAttachment(res.headers['content-disposition'], '核价查询', 'pricing-query', 'xlsx', before);
      const sheet = await readXlsx(res.body as Buffer);
      const row = sheet.getRow(2);
      const col = (header: string) => PRICING_HEADERS.indexOf(header) + 1;
      expect(row.getCell(col('未税单价')).type).to.equal(ExcelJS.ValueType.Number);
      // Money shows four decimals with separators, as on the page, and the cell keeps the full value.
      const first = (await t.request.post(PRICING).send({ sort: { pricedAt: 'ascend' }, pageSize: 1 })).body.data[0];
      for (const [header, field] of [
        ['未税单价', 'unitPrice'],
        ['含税单价', 'unitPriceWithTax'],
        ['材料费', 'materialCost'],
      ] as const) {
        expect([row.getCell(col(header)).value, row.getCell(col(header)).numFmt], header).to.deep.equal([first[field], '#,##0.0000']);
      }
      expect(row.getCell(col('ID')).type).to.equal(ExcelJS.ValueType.Number);
      const pricedAt = row.getCell(col('核价时间'));
      expect(pricedAt.type).to.equal(ExcelJS.ValueType.Date);
      expect(pricedAt.numFmt).to.equal('yyyy-mm-dd hh:mm:ss');
      const validFrom = row.getCell(col('生效日期'));
      expect(validFrom.type).to.equal(ExcelJS.ValueType.Date);
      expect(validFrom.numFmt).to.equal('yyyy-mm-dd');
      expect(row.getCell(col('核价单号')).type).to.equal(ExcelJS.ValueType.String);
    });

    it('when the secondary-process list is exported then its file is named 二次加工查询', async () => {
      const before = Date.now();
      const res = await download(PROCESS, { processName: '镀锌' }, XLSX);
      expect(res.status).to.equal(200);
      expectAttachment(res.headers['content-disposition'], '二次加工查询', 'secondary-process-query', 'xlsx', before);
    });
  });

  describe('CSV and xlsx agree, as the staff read them', () => {
    /** What a spreadsheet displays for an xlsx cell with the formats the export uses. */
    function displayed(cell: ExcelJS.Cell): string {
      const v = cell.value;
      if (v === null || v === undefined) return '';
      if (v instanceof Date) {
        const iso = v.toISOString();
        return cell.numFmt === 'yyyy-mm-dd' ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
      }
      if (typeof v === 'number' && cell.numFmt === '0%') return `${Math.round(v * 100)}%`;
      if (typeof v === 'number' && cell.numFmt === '0.0#%') return `${Math.round(v * 10_000) / 100}%`;
      return String(v);
    }

    for (const [route, body, headers] of [
      [PRICING, { keyword: '支架', pageSize: 1 }, PRICING_HEADERS],
      [PROCESS, { keyword: '镀', sort: { processName: 'ascend' } }, PROCESS_HEADERS],
    ] as const) {
      it(`when ${route} is exported both ways then every code, rate and instant reads the same: Chinese names, %, ${'APP_TIMEZONE'} wall clock`, async () => {
        const csv = parse((await download(route, body, CSV)).body as Buffer, { bom: true });
        const sheet = await readXlsx((await download(route, body, XLSX)).body as Buffer);
        expect(csv.length).to.be.greaterThan(10);
        const money = new Set([
          '材料费',
          '加工费',
          '二次加工费',
          '其他费用',
          '管理费',
          '利润',
          '未税单价',
          '含税单价',
          '上次批准单价',
          '单价',
        ]);
        for (let r = 1; r < csv.length; r++) {
          headers.forEach((header, i) => {
            const cell = sheet.getRow(r + 1).getCell(i + 1);
            // Money: the same number (the xlsx format shows four decimals and thousands separators).
            if (money.has(header)) expect([Number(cell.value), cell.numFmt], header).to.deep.equal([Number(csv[r]![i]), '#,##0.0000']);
            else expect(displayed(cell), `row ${r} ${header}`).to.equal(csv[r]![i]);
          });
        }
        const statusColumn = headers.indexOf('状态');
        const names = new Set(csv.slice(1).map((row) => row[statusColumn]!));
        expect(names.size, 'several statuses').to.be.greaterThan(1);
        for (const name of names) expect(name).to.match(/^[\u4e00-\u9fff]+$/);
      });
    }

    it('when a tax rate has a fraction of a per cent then both files show it (6.5%), not rounded', async () => {
      const columns = exportColumns(PRICING_EXPORT.fields).filter((c) => ['id', 'taxRate', 'status'].includes(c.field));
      const rows = [
        { id: 1, taxRate: 0.065, status: 'pending' },
        { id: 2, taxRate: 0.13, status: 'expired' },
        { id: 3, taxRate: 0, status: 'draft' },
      ];
      // eslint-disable-next-line @typescript-eslint/require-await -- writeCsv reads rows as a database cursor yields them
      async function* source() {
        yield* rows;
      }
      const collect = async (write: (out: PassThrough) => Promise<void>) => {
        const out = new PassThrough();
        const chunks: Buffer[] = [];
        out.on('data', (c: Buffer) => chunks.push(c));
        await write(out);
        return Buffer.concat(chunks);
      };
      const csv = parse(await collect((out) => writeCsv(source(), columns, out, { timeZone: 'Asia/Shanghai' })), { bom: true });
      expect(csv.slice(1)).to.deep.equal([
        ['1', '6.5%', '待审核'],
        ['2', '13%', '已失效'],
        ['3', '0%', '草稿'],
      ]);
      const sheet = await readXlsx(
        await collect((out) => writeXlsx(source(), columns, out, { sheetName: 'x', timeZone: 'Asia/Shanghai' })),
      );
      const rate = (r: number) => sheet.getRow(r).getCell(2);
      expect([rate(2).value, rate(2).numFmt]).to.deep.equal([0.065, '0.0#%']);
      expect([rate(3).value, rate(3).numFmt]).to.deep.equal([0.13, '0%']);
      expect([rate(4).value, rate(4).numFmt]).to.deep.equal([0, '0%']);
    });

    it('when a pricing is exported then its tax rate reads 13% and its time is Shanghai time in both files', async () => {
      const json = (await t.request.post(PRICING).send({ pricingNo: 'HJ202609-000571' })).body.data[0];
      expect(json).to.include({ taxRate: 0.13, status: 'approved', pricedAt: '2026-09-24T07:09:05.000Z' });
      const body = { pricingNo: 'HJ202609-000571' };
      const [header, row] = parse((await download(PRICING, body, CSV)).body as Buffer, { bom: true });
      const csvOf = (h: string) => row![header!.indexOf(h)];
      expect([csvOf('税率'), csvOf('状态'), csvOf('核价时间')]).to.deep.equal(['13%', '已批准', '2026-09-24 15:09:05']);
      const sheet = await readXlsx((await download(PRICING, body, XLSX)).body as Buffer);
      const cellOf = (h: string) => sheet.getRow(2).getCell(PRICING_HEADERS.indexOf(h) + 1);
      expect(cellOf('税率').value).to.equal(0.13);
      expect(cellOf('税率').numFmt).to.equal('0%');
      expect(cellOf('状态').value).to.equal('已批准');
      expect(cellOf('核价时间').value).to.deep.equal(new Date('2026-09-24T15:09:05.000Z'));
    });
  });

  describe('content negotiation', () => {
    for (const accept of [
      undefined,
      '*/*',
      'application/json',
      'text/html',
      'text/*',
      'application/json, text/csv;q=0.5',
      'text/csv;q=0',
      'text/csv;q=0, */*',
      'application/json, text/csv',
      '*/*, text/csv;q=0.5',
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    ]) {
      it(`when Accept is ${accept ?? 'absent'} then the JSON page comes back as usual`, async () => {
        const req = t.request.post(PRICING);
        if (accept !== undefined) req.set('Accept', accept);
        const res = await req.send({ pageSize: 3 });
        expect(res.status).to.equal(200);
        expect(res.headers['content-type']).to.match(/^application\/json/);
        expect(res.headers['content-disposition']).to.equal(undefined);
        expect(res.body).to.include({ success: true, current: 1, pageSize: 3 });
        expect(res.body.data).to.have.length(3);
      });
    }

    const EXPORTING: [accept: string, type: string][] = [
      ['text/csv; charset=utf-8', CSV],
      ['text/csv;charset=UTF-8', CSV],
      ['TEXT/CSV', CSV],
      ['text/csv;q=0.9', CSV],
      ['text/csv, application/json;q=0.5', CSV],
      ['application/json;q=0.1, text/csv;q=0.2', CSV],
      ['text/html, text/csv;q=0.9, */*;q=0.1', CSV],
      [`${XLSX}; charset=binary`, XLSX],
      [`${XLSX};q=0.8, application/json;q=0.5`, XLSX],
    ];
    for (const [accept, type] of EXPORTING) {
      it(`when Accept is ${accept} then the export comes back as ${type === CSV ? 'CSV' : 'xlsx'}`, async () => {
        const res = await download(PRICING, { pricingNo: 'HJ2026' }, accept);
        expect(res.status).to.equal(200);
        expect(res.headers['content-type']).to.match(new RegExp(`^${type}`));
        expect(res.headers['content-disposition']).to.match(/^attachment/);
      });
    }

    it('when an export body is invalid then it is the same 400 VALIDATION_ERROR as for JSON', async () => {
      const res = await t.request
        .post(PRICING)
        .set('Accept', CSV)
        .send({ status: ['nope'], sort: { remark: 'ascend' } });
      expect(res.status).to.equal(400);
      expect(res.headers['content-type']).to.match(/^application\/json/);
      expect(res.body.code).to.equal('VALIDATION_ERROR');
      expect(res.body.errors.map((e: { path: string }) => e.path)).to.include.members(['status.0', 'sort.remark']);
    });
  });

  describe('EXPORT_MAX_ROWS', () => {
    let small: TestApp;
    before(() => {
      small = createTestApp({ EXPORT_MAX_ROWS: '10' });
    });
    after(() => closeTestApp(small));

    for (const accept of [CSV, XLSX]) {
      it(`when more rows than EXPORT_MAX_ROWS match (${accept}) then 400 EXPORT_TOO_LARGE and no file`, async () => {
        const res = await small.request.post(PROCESS).set('Accept', accept).send({});
        expect(res.status).to.equal(400);
        expect(res.headers['content-type']).to.match(/^application\/json/);
        expect(res.headers['content-disposition']).to.equal(undefined);
        expect(res.body).to.include({ success: false, code: 'EXPORT_TOO_LARGE' });
        expect(res.body.message).to.be.a('string').and.match(/10/);
        expect(res.body.requestId).to.be.a('string');
      });
    }

    it('when exactly EXPORT_MAX_ROWS rows match then they are exported, and one more is refused', async () => {
      const prices = (await allPages(PRICING, { sort: { unitPrice: 'descend' } })).map((r) => Number(r.unitPrice));
      expect(prices[9], 'the 10th and 11th highest prices differ').to.be.greaterThan(prices[10]!);
      const tenth = { minPrice: prices[9] };
      expect((await t.request.post(PRICING).send(tenth)).body.total).to.equal(10);
      const ok = await download(PRICING, tenth, CSV, small);
      expect(ok.status).to.equal(200);
      expect(parse(ok.body as Buffer, { bom: true })).to.have.length(11);
      const over = await download(PRICING, { minPrice: prices[10] }, XLSX, small);
      expect(over.status).to.equal(400);
    });
  });

  describe('keyset batches', function () {
    // Tiny batches mean a statement per 7 rows (some 170 for the pricing list): slow when the
    // database is shared with other suites, as in CI.
    this.timeout(60_000);
    const deps = (): QueryDeps => ({ db: t.db, timeZone: t.config.appTimeZone, queryTimeoutMs: t.config.db.queryTimeoutMs });

    async function collect<F>(op: ExportOperation<F>, filters: F, sort: object, batchSize: number): Promise<Row[]> {
      const rows: Row[] = [];
      const keys = toSortKeys(sort as Record<string, 'ascend' | 'descend'>);
      for await (const row of keysetRows<Row, F>(deps(), op, op.filtered(deps(), filters), keys, { batchSize, maxRows: 1e6 }))
        rows.push(row);
      return rows;
    }

    const SORTS: { op: ExportOperation<object>; route: string; sort: object }[] = [
      { op: PRICING_EXPORT, route: PRICING, sort: { partNo: 'descend', unitPrice: 'ascend', pricedAt: 'descend' } },
      { op: PRICING_EXPORT, route: PRICING, sort: { updatedAt: 'ascend' } },
      { op: SECONDARY_PROCESS_EXPORT, route: PROCESS, sort: { unitPrice: 'descend', updatedAt: 'ascend' } },
      { op: SECONDARY_PROCESS_EXPORT, route: PROCESS, sort: { processName: 'ascend', partNo: 'descend' } },
      { op: SECONDARY_PROCESS_EXPORT, route: PROCESS, sort: {} },
    ];
    for (const s of SORTS) {
      it(`when batches are tiny (7 rows) then every row comes once, in page order: ${s.route} ${JSON.stringify(s.sort)}`, async () => {
        const expected = await allPages(s.route, { sort: s.sort });
        const rows = await collect(s.op, {}, s.sort, 7);
        expect(rows.map((r) => r.id)).to.deep.equal(expected.map((r) => r.id));
        expect(rows).to.deep.equal(expected);
      });
    }

    it('when the rows tie on every sort key then id ascending breaks the tie across batch boundaries', async () => {
      // Seeded secondary processes 1–5 share process, price and updated_at (demo-data.ts).
      const rows = await collect(SECONDARY_PROCESS_EXPORT, {}, { updatedAt: 'descend', unitPrice: 'ascend' }, 2);
      const expected = await allPages(PROCESS, { sort: { updatedAt: 'descend', unitPrice: 'ascend' } });
      expect(rows.map((r) => r.id)).to.deep.equal(expected.map((r) => r.id));
    });
  });

  describe('client abort', () => {
    for (const format of ['csv', 'xlsx'] as const) {
      it(`when the reader goes away mid-${format} then the batches stop and the source is closed`, async () => {
        const deps: QueryDeps = { db: t.db, timeZone: t.config.appTimeZone, queryTimeoutMs: t.config.db.queryTimeoutMs };
        let pulled = 0;
        let closed = false;
        const source = keysetRows<Row, object>(deps, PRICING_EXPORT, PRICING_EXPORT.filtered(deps, {}), [], {
          batchSize: 10,
          maxRows: 1e6,
        });
        async function* counted() {
          try {
            for await (const row of source) {
              pulled++;
              yield row;
            }
          } finally {
            closed = true;
          }
        }
        const out = new PassThrough({ highWaterMark: 1024 });
        out.once('data', () => out.destroy()); // the first bytes arrive, then the connection drops
        const columns = exportColumns(PRICING_EXPORT.fields);
        const written =
          format === 'csv'
            ? writeCsv(counted(), columns, out, { timeZone: 'Asia/Shanghai' })
            : writeXlsx(counted(), columns, out, { sheetName: 'x', timeZone: 'Asia/Shanghai' });
        await written.catch(() => undefined);
        // The batch in flight finishes first (tens of ms on a networked database).
        await waitFor(() => closed, { what: 'the source to be closed' });
        expect(pulled).to.be.lessThan(1200);
      });
    }
  });

  describe('text that a spreadsheet would run as a formula', () => {
    // The seed has no text starting with = + - @, so this suite builds its own small SQLite
    // database (on every TEST_DB_CLIENT: what it checks is the file format, not the dialect).
    const file = path.join(os.tmpdir(), `pricing-export-formula-${process.pid}.sqlite3`);
    let own: TestApp;
    const DANGEROUS = {
      part_name: '@SUM(A1:A9)',
      spec: '+86 21 5555',
      supplier_name: '-2+3',
      remark: '=HYPERLINK("http://evil.example","点我")',
    };

    before(async function () {
      this.timeout(30_000);
      fs.rmSync(file, { force: true });
      own = createTestApp({ DB_CLIENT: 'better-sqlite3', DB_FILENAME: file }, { ownDb: true });
      await own.db.migrate.latest();
      for (const { table, rows } of generateDemoData({ parts: 3, pricings: 3, processes: 3 })) {
        if (rows.length > 0) await own.db.batchInsert(table, rows, 50);
      }
      await own.db('parts').where({ id: 1 }).update({ part_name: DANGEROUS.part_name, spec: DANGEROUS.spec });
      await own.db('pricing').update({ supplier_name: DANGEROUS.supplier_name, remark: DANGEROUS.remark, profit: -1.5 });
      await own.db('secondary_processes').update({ remark: DANGEROUS.remark });
    });
    after(async () => {
      await closeTestApp(own);
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    });

    it('when exported as CSV then such text gets a leading quote and negative numbers stay numbers', async () => {
      const res = await download(PRICING, {}, CSV, own);
      expect(res.status).to.equal(200);
      const [header, ...rows] = parse(res.body as Buffer, { bom: true });
      const col = (h: string) => header!.indexOf(h);
      expect(rows).to.have.length(3);
      for (const row of rows) {
        expect(row[col('供应商名称')]).to.equal(`'${DANGEROUS.supplier_name}`);
        expect(row[col('备注')]).to.equal(`'${DANGEROUS.remark}`);
        expect(row[col('利润')]).to.equal('-1.5');
      }
      const part1 = rows.filter((r) => r[col('物料名称')] === `'${DANGEROUS.part_name}`);
      expect(part1.length).to.be.greaterThan(0);
      for (const row of part1) expect(row[col('规格型号')]).to.equal(`'${DANGEROUS.spec}`);
      const processes = parse((await download(PROCESS, {}, CSV, own)).body as Buffer, { bom: true });
      expect(processes.slice(1).map((r) => r[PROCESS_HEADERS.indexOf('备注')])).to.deep.equal(Array(3).fill(`'${DANGEROUS.remark}`));
    });

    it('when exported as xlsx then such text is a plain string cell, never a formula', async () => {
      const res = await download(PRICING, {}, XLSX, own);
      expect(res.status).to.equal(200);
      const sheet = await readXlsx(res.body as Buffer);
      const col = (h: string) => PRICING_HEADERS.indexOf(h) + 1;
      let seen = 0;
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        for (const [header, text] of [
          ['供应商名称', DANGEROUS.supplier_name],
          ['备注', DANGEROUS.remark],
        ] as const) {
          const cell = row.getCell(col(header));
          expect(cell.type).to.equal(ExcelJS.ValueType.String);
          expect(cell.formula).to.equal(undefined);
          expect(cell.value).to.equal(text);
        }
        expect(row.getCell(col('利润')).value).to.equal(-1.5);
        seen++;
      });
      expect(seen).to.equal(3);
    });
  });
  describe('texts with line breaks, quotes and control characters (written by another system)', () => {
    const file = path.join(os.tmpdir(), `pricing-export-hostile-${process.pid}.sqlite3`);
    let own: TestApp;
    // Each trigger at the start, and after a bare LF, CR or CRLF (where a reader that splits the
    // record there would see it as the first character of a new record's cell).
    const HOSTILE = [
      '=1+1',
      '+1',
      '-2+3',
      '@SUM(A1)',
      '\t=1+1',
      '\r=1+1',
      '\n=1+1',
      '\uFF1D1+1',
      "ok\n=cmd|' /C calc'!A0",
      'ok\r=1+1',
      'ok\r\n=1+1,2',
      'say "hi", then "bye"',
      'a,b,,c',
      'nul\u0000here',
      'bell\u0007 esc\u001b del\u007f us\u001f',
      '"',
      'line\u2028sep\u2029para\u0085nel',
    ];

    before(async function () {
      this.timeout(30_000);
      fs.rmSync(file, { force: true });
      own = createTestApp({ DB_CLIENT: 'better-sqlite3', DB_FILENAME: file }, { ownDb: true });
      await own.db.migrate.latest();
      const n = HOSTILE.length;
      for (const { table, rows } of generateDemoData({ parts: n, pricings: n, processes: n })) {
        if (rows.length > 0) await own.db.batchInsert(table, rows, 50);
      }
      for (const [i, text] of HOSTILE.entries()) {
        const other = HOSTILE[(i + 1) % n]!;
        await own
          .db('parts')
          .where({ id: i + 1 })
          .update({ part_name: text, spec: other });
        await own
          .db('pricing')
          .where({ id: i + 1 })
          .update({ remark: text, supplier_name: other });
        await own
          .db('secondary_processes')
          .where({ id: i + 1 })
          .update({ remark: text, process_name: other });
      }
    });
    after(async () => {
      await closeTestApp(own);
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    });

    for (const [route, headers] of [
      [PRICING, PRICING_HEADERS],
      [PROCESS, PROCESS_HEADERS],
    ] as const) {
      it(`when ${route} is exported as CSV then a CSV parser reads back exactly the JSON rows, triggers quoted`, async () => {
        const expected = await allPages(route, {}, own);
        expect(expected).to.have.length(HOSTILE.length);
        const res = await download(route, {}, CSV, own);
        expect(res.status).to.equal(200);
        const records = parseAsSpreadsheet(res.body as Buffer);
        expect(records[0]).to.deep.equal(headers);
        const fields = Object.keys(expected[0]!);
        expect(records.slice(1)).to.deep.equal(expected.map((row) => fields.map((f) => csvCell(f, row[f]))));
      });
    }

    it('when any text holds control characters then each CSV record still reads back as written (property)', async function () {
      // Many generated exports in one test: slow when the machine is shared with other suites.
      this.timeout(60_000);
      const control = fc.constantFrom('\r', '\n', '\r\n', '\t', '\u0000', '\u0007', '\u001b', '\u007f', '"', ',', '=', '+', '-', '@', "'");
      const text = fc
        .array(fc.oneof(control, fc.string({ maxLength: 3 }), fc.constantFrom('支架', '镀锌')), { maxLength: 8 })
        .map((parts) => parts.join(''));
      const columns: ExportColumn[] = [
        { field: 'a', label: 'A', kind: 'text' },
        { field: 'b', label: 'B', kind: 'text' },
        { field: 'n', label: 'N', kind: 'money' },
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ a: text, b: fc.option(text, { nil: null }), n: fc.double({ noNaN: true, noDefaultInfinity: true }) }), {
            maxLength: 6,
          }),
          async (rows) => {
            const out = new PassThrough();
            const chunks: Buffer[] = [];
            out.on('data', (c: Buffer) => chunks.push(c));
            await writeCsv(Readable.from(rows), columns, out, { timeZone: 'Asia/Shanghai' });
            const records = parseAsSpreadsheet(Buffer.concat(chunks));
            expect(records).to.deep.equal([['A', 'B', 'N'], ...rows.map((r) => [csvCell('a', r.a), csvCell('b', r.b), String(r.n)])]);
          },
        ),
        { numRuns: 300, seed: 29 },
      );
    });
  });
});

/**
 * Read as Excel, LibreOffice and Python's csv module do: a bare CR or LF outside quotes ends a
 * record too (csv-parse on its own would take the first line's CRLF as the only delimiter).
 */
function parseAsSpreadsheet(csv: Buffer): string[][] {
  return parse(csv, { bom: true, relax_column_count: false, record_delimiter: ['\r\n', '\n', '\r'] });
}

/** `attachment; filename="<ascii>-YYYYMMDD-HHMMSS.<ext>"; filename*=UTF-8''<RFC 5987 Chinese name>` */
function expectAttachment(header: string | undefined, title: string, ascii: string, ext: string, startedAt: number): void {
  expect(header).to.be.a('string');
  const m = /^attachment; filename="([^"]+)"; filename\*=UTF-8''([^;\s]+)$/.exec(header!);
  expect(m, header).to.not.equal(null);
  const [, fallback, encoded] = m!;
  const stamp = new RegExp(`^${ascii}-(\\d{8}-\\d{6})\\.${ext}$`).exec(fallback!);
  expect(stamp, fallback).to.not.equal(null);
  expect(decodeURIComponent(encoded!)).to.equal(`${title}-${stamp![1]}.${ext}`);
  // The stamp is the wall clock of Asia/Shanghai (UTC+8) when the export started.
  const s = stamp![1]!;
  const local = Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13), +s.slice(13, 15));
  const utc = local - 8 * 3_600_000;
  expect(utc).to.be.within(Math.floor(startedAt / 1000) * 1000 - 1000, Date.now() + 1000);
}
