import JSZip from 'jszip';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';

/**
 * An export of the page's view: the columns the request names, in its order; the xlsx with an
 * autofilter and a frozen header, and a second sheet 查询条件 saying what produced the rows.
 */

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PRICING = '/api/query/pricing';
const PROCESS = '/api/query/secondary-process';

/** The sheet-local _xlnm._FilterDatabase of the first sheet, as workbook.xml has it. */
async function filterDatabaseName(file: Buffer): Promise<string | undefined> {
  const xml = await (await JSZip.loadAsync(file)).file('xl/workbook.xml')!.async('string');
  const m = /<definedName name="_xlnm._FilterDatabase" localSheetId="0">([^<]*)<\/definedName>/.exec(xml);
  return m?.[1]?.replaceAll('&apos;', "'");
}

function binary(res: Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

async function workbookOf(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

function values(row: ExcelJS.Row): unknown[] {
  return (row.values as unknown[]).slice(1);
}

describe('export of a view: the named columns, an autofilter and the 查询条件 sheet', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  const download = (route: string, body: object, accept: string) =>
    t.request.post(route).set('Accept', accept).send(body).buffer(true).parse(binary);

  const VIEW = {
    keyword: '支架',
    status: ['approved', 'pending'],
    minChangeRate: 0.05,
    sort: { unitPrice: 'descend' },
    columns: ['pricingNo', 'partNo', 'unitPrice', 'changeRate', 'status'],
  };

  it('xlsx: the columns named, in their order, the rows of the JSON pages; filter buttons and a frozen header', async () => {
    const json = await t.request.post(PRICING).send({ ...VIEW, pageSize: 200 });
    expect(json.body.total).to.be.greaterThan(0).and.lessThan(200);
    const res = await download(PRICING, VIEW, XLSX);
    expect(res.status).to.equal(200);
    const workbook = await workbookOf(res.body as Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(values(sheet.getRow(1))).to.deep.equal(['核价单号', '物料编码', '未税单价', '较上次批准变动率', '状态']);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(values(row));
    });
    const labels: Record<string, string> = { approved: '已批准', pending: '待审核' };
    expect(rows).to.deep.equal(
      (json.body.data as Record<string, unknown>[]).map((r) => [
        r.pricingNo,
        r.partNo,
        r.unitPrice,
        r.changeRate,
        labels[String(r.status)],
      ]),
    );
    // Over the header and every row, named as Excel names it (LibreOffice shows no buttons without the name).
    expect(sheet.autoFilter).to.equal(`A1:E${rows.length + 1}`);
    expect(await filterDatabaseName(res.body as Buffer)).to.equal(`'核价查询'!$A$1:$E$${rows.length + 1}`);
    expect(sheet.views[0]).to.include({ state: 'frozen', ySplit: 1 });
    // A4 landscape, one page wide, the header on every page, page n of N below.
    expect(sheet.pageSetup).to.include({
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
    });
    expect(sheet.headerFooter.oddFooter).to.equal('&C第 &P 页，共 &N 页');
  });

  it('xlsx: 查询条件 lists each filter set, in Chinese, with the sort, the export time and the row count', async () => {
    const total = (await t.request.post(PRICING).send(VIEW)).body.total as number;
    const before = Date.now();
    const res = await download(PRICING, VIEW, XLSX);
    const workbook = await workbookOf(res.body as Buffer);
    expect(workbook.worksheets.map((s) => s.name)).to.deep.equal(['核价查询', '查询条件']);
    const about: Record<string, unknown> = {};
    workbook.worksheets[1]!.eachRow((row, n) => {
      if (n > 1) about[row.getCell(1).text] = row.getCell(2).value;
    });
    expect(about).to.deep.include({
      关键字: '支架',
      核价状态: '已批准、待审核',
      较上次变动率下限: '5%',
      排序: '未税单价 降序',
      行数: String(total),
    });
    // The wall clock of APP_TIMEZONE (Asia/Shanghai: UTC+8), to the second.
    const shown = String(about['导出时间']);
    expect(shown).to.match(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d（Asia\/Shanghai）$/);
    const instant = Date.parse(`${shown.slice(0, 19).replace(' ', 'T')}+08:00`);
    expect(instant).to.be.within(Math.floor(before / 1000) * 1000, Date.now());
  });

  it('xlsx without filters or columns: every column, and 查询条件 says there is no filter', async () => {
    const res = await download(PROCESS, {}, XLSX);
    const workbook = await workbookOf(res.body as Buffer);
    expect(values(workbook.worksheets[0]!.getRow(1))).to.have.length(17);
    const about: Record<string, unknown> = {};
    workbook.worksheets[1]!.eachRow((row) => {
      about[row.getCell(1).text] = row.getCell(2).value;
    });
    expect(about).to.deep.include({ 筛选: '无（全部记录）', 排序: '默认' });
  });

  it('xlsx: a filter text that looks like a formula is a text cell on 查询条件', async () => {
    const res = await download(PROCESS, { keyword: '=1+1' }, XLSX);
    const workbook = await workbookOf(res.body as Buffer);
    let cell: ExcelJS.Cell | undefined;
    workbook.worksheets[1]!.eachRow((row) => {
      if (row.getCell(1).value === '关键字') cell = row.getCell(2);
    });
    expect(cell?.type).to.equal(ExcelJS.ValueType.String);
    expect(cell?.value).to.equal('=1+1');
  });

  it('CSV: only the columns named, in their order', async () => {
    const body = { category: ['plating'], columns: ['unitPrice', 'processName', 'category'] };
    const json = await t.request.post(PROCESS).send({ ...body, pageSize: 200 });
    const res = await download(PROCESS, body, CSV);
    const table: string[][] = parse(res.body as Buffer, { bom: true });
    expect(table[0]).to.deep.equal(['单价', '加工名称', '加工类别']);
    expect(table.slice(1)).to.deep.equal(
      (json.body.data as Record<string, unknown>[]).map((r) => [String(r.unitPrice), String(r.processName), '电镀']),
    );
  });

  it('JSON pages carry every field whatever columns says', async () => {
    const res = await t.request.post(PRICING).send({ columns: ['pricingNo'], pageSize: 1 });
    expect(res.status).to.equal(200);
    expect(Object.keys(res.body.data[0] as object)).to.include.members(['id', 'pricingNo', 'unitPrice', 'changeRate']);
  });

  for (const [columns, path] of [
    [['pricingNo', 'nope'], 'columns.1'],
    [['pricingNo', 'pricingNo'], 'columns'],
    [[], 'columns'],
    ['pricingNo', 'columns'],
  ] as const) {
    it(`columns ${JSON.stringify(columns)}: 400 VALIDATION_ERROR on ${path}`, async () => {
      const res = await t.request.post(PRICING).set('Accept', CSV).send({ columns });
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_ERROR');
      expect((res.body.errors as { path: string }[]).map((e) => e.path)).to.include(path);
    });
  }
});
