import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { part, throughCalc, withoutCachedValues } from './calc.js';

/**
 * Each xlsx the service writes, opened by LibreOffice Calc as a manager's spreadsheet would open
 * it, and read back as Calc saves it: the filter buttons over every data row, no text cut at the
 * default zoom, A4 landscape one page wide with the header on each printed page, and the BOM's
 * formulas computed by Calc itself equal to the service's amounts.
 */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function binary(res: Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** Characters a CJK font draws two digits wide (the test's own table, not the service's). */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const widthOf = (text: string) => [...text].reduce((w, ch) => w + (WIDE.test(ch) ? 2 : 1), 0);

/** What a cell shows, in digit widths, under its number format: per cent, thousands and 4 decimals, up to 8 decimals, as typed. */
function shown(cell: ExcelJS.Cell): number {
  const v = cell.value && typeof cell.value === 'object' && 'result' in cell.value ? cell.value.result : cell.value;
  const format = cell.numFmt ?? 'General';
  if (v === null || v === undefined) return 0;
  if (v instanceof Date) return format.includes('hh') ? 19 : 10;
  if (typeof v === 'number') {
    if (format.includes('%')) return widthOf(`${(v * 100).toFixed(2)}%`);
    if (format.includes(',')) return widthOf(v.toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 }));
    if (format.startsWith('0.0000')) return widthOf(v.toFixed(8).replace(/0{1,4}$/, ''));
    return widthOf(String(v));
  }
  return Math.max(...cell.text.split('\n').map(widthOf));
}

/** The header's row: the sheet is frozen below it. */
const headerRowOf = (sheet: ExcelJS.Worksheet) => (sheet.views[0] as { ySplit: number }).ySplit;

interface Export {
  name: string;
  path: string;
  body: object;
}

const EXPORTS: Export[] = [
  { name: '核价查询（全部列）', path: '/api/query/pricing', body: {} },
  { name: '二次加工查询', path: '/api/query/secondary-process', body: {} },
  { name: '汇率查询', path: '/api/query/exchange-rates', body: {} },
  {
    name: '批量核价（折算 CNY）',
    path: '/api/query/bom-price',
    body: { lines: [{ partNo: 'P-100217', quantity: 2.5 }], on: '2026-11-20', reportCurrency: 'CNY' },
  },
  { name: '供应商对比', path: '/api/query/supplier-compare', body: { partNo: 'P-100217', on: '2026-11-20' } },
];

describe('the xlsx exports opened in LibreOffice Calc', function () {
  let t: TestApp;
  before(function () {
    if (!fs.existsSync(process.env.SOFFICE_PATH ?? '/usr/bin/soffice')) {
      throw new Error('LibreOffice Calc is missing: scripts/ensure-libreoffice.sh installs it');
    }
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  const download = async (path: string, body: object): Promise<Buffer> => {
    const res = await t.request.post(path).set('Accept', XLSX).send(body).buffer(true).parse(binary);
    expect(res.status, path).to.equal(200);
    return res.body as Buffer;
  };

  for (const e of EXPORTS) {
    it(`${e.name}: filter buttons over every data row, widths that fit, A4 landscape one page wide`, async () => {
      const file = await download(e.path, e.body);
      const ours = new ExcelJS.Workbook();
      await ours.xlsx.load(file as unknown as ArrayBuffer);
      const sheet = ours.worksheets[0]!;
      const headerRow = headerRowOf(sheet);
      const lastColumn = sheet.getRow(headerRow).cellCount;
      let lastRow = headerRow;
      while (sheet.getRow(lastRow + 1).getCell(1).value !== null && sheet.getRow(lastRow + 1).getCell(1).value !== undefined) lastRow++;
      expect(lastRow, 'data rows').to.be.greaterThan(headerRow);
      const letter = sheet.getColumn(lastColumn).letter;

      const saved = await throughCalc(file, 'xlsx');
      // Calc keeps an autofilter it understood (and names its range); one it ignored is gone.
      const sheetXml = await part(saved, 'xl/worksheets/sheet1.xml');
      expect(/<autoFilter ref="([^"]+)"/.exec(sheetXml)?.[1]).to.equal(`A${headerRow}:${letter}${lastRow}`);
      const workbookXml = await part(saved, 'xl/workbook.xml');
      expect(workbookXml).to.match(/name="_xlnm\._FilterDatabase"[^>]*>[^<]*\$A\$\d+:\$[A-Z]+\$\d+</);
      expect(workbookXml).to.match(new RegExp(`localSheetId="0" name="_xlnm.Print_Titles"[^>]*>[^<]*\\$${headerRow}:\\$${headerRow}<`));
      const setup = /<pageSetup [^>]*>/.exec(sheetXml)![0];
      expect(setup)
        .to.include('paperSize="9"')
        .and.include('orientation="landscape"')
        .and.include('fitToWidth="1"')
        .and.include('fitToHeight="0"');
      expect(sheetXml).to.match(/<sheetPr[^>]*>[\s\S]*<pageSetUpPr fitToPage="true"\/>/);
      expect(sheetXml).to.include('&amp;P').and.include('&amp;N');

      // Every column as wide as what its cells show, or wrapping what is longer.
      const calc = new ExcelJS.Workbook();
      await calc.xlsx.load(saved as unknown as ArrayBuffer);
      const back = calc.worksheets[0]!;
      for (let c = 1; c <= lastColumn; c++) {
        const column = back.getColumn(c);
        const header = sheet.getRow(headerRow).getCell(c).text;
        const wraps = back.getRow(headerRow + 1).getCell(c).alignment?.wrapText === true;
        for (let r = headerRow; r <= lastRow; r++) {
          const need = r === headerRow ? widthOf(header) : shown(sheet.getRow(r).getCell(c));
          if (wraps && need > (column.width ?? 0)) continue;
          expect(column.width ?? 0, `${header}: row ${r} needs ${need}`).to.be.at.least(need);
        }
      }
    });
  }

  it('批量核价: Calc computes the amounts and totals from the formulas, equal to the service; a changed quantity carries through', async () => {
    const body = {
      lines: [
        { partNo: 'P-100217', quantity: 2.5 },
        { partNo: 'P-100213', quantity: 0.3333 },
        { partNo: 'P-100010', quantity: 7 },
        { partNo: 'NOPE-1', quantity: 1 },
        { partNo: 'P-100217', quantity: 1234.5678 },
      ],
      on: '2026-11-20',
      reportCurrency: 'USD',
    };
    const json = (await t.request.post('/api/query/bom-price').send(body)).body.data as {
      lines: { amount: number | null; amountWithTax: number | null; amountInReportCurrency: number | null; quantity: number }[];
      totals: { currency: string; amount: number; amountWithTax: number }[];
      reportTotal: { amount: number; amountWithTax: number };
    };
    const file = await download('/api/query/bom-price', body);
    const ours = new ExcelJS.Workbook();
    await ours.xlsx.load(file as unknown as ArrayBuffer);
    const headerRow = headerRowOf(ours.worksheets[0]!);
    // Without the cached values, what Calc shows is its own computation.
    const computed = new ExcelJS.Workbook();
    await computed.xlsx.load((await throughCalc(await withoutCachedValues(file), 'xlsx')) as unknown as ArrayBuffer);
    const sheet = computed.worksheets[0]!;
    const header = new Map<string, number>();
    sheet.getRow(headerRow).eachCell((cell, n) => void header.set(cell.text, n));
    const col = (label: string) => header.get(label)!;
    const resultOf = (v: ExcelJS.CellValue) => (v && typeof v === 'object' && 'result' in v ? v.result : v);
    for (const [i, line] of json.lines.entries()) {
      const row = sheet.getRow(headerRow + 1 + i);
      expect(resultOf(row.getCell(col('金额')).value) ?? null, `line ${i + 1}`).to.equal(line.amount);
      expect(resultOf(row.getCell(col('含税金额')).value) ?? null).to.equal(line.amountWithTax);
      expect(resultOf(row.getCell(col('折算金额')).value) ?? null).to.equal(line.amountInReportCurrency);
    }
    const totalsAt = headerRow + 1 + json.lines.length + 1;
    for (const [i, total] of json.totals.entries()) {
      const row = sheet.getRow(totalsAt + i);
      expect(row.getCell(2).text).to.equal(`合计（${total.currency}）`);
      expect(resultOf(row.getCell(col('金额')).value)).to.equal(total.amount);
      expect(resultOf(row.getCell(col('含税金额')).value)).to.equal(total.amountWithTax);
    }
    const report = sheet.getRow(totalsAt + json.totals.length);
    expect(resultOf(report.getCell(col('折算金额')).value)).to.equal(json.reportTotal.amount);

    // A manager changes the first quantity: the line and its currency's total follow in Calc.
    const edited = new ExcelJS.Workbook();
    await edited.xlsx.load(file as unknown as ArrayBuffer);
    edited.worksheets[0]!.getRow(headerRow + 1).getCell(col('数量')).value = 10;
    const again = new ExcelJS.Workbook();
    await again.xlsx.load(
      (await throughCalc(await withoutCachedValues(Buffer.from(await edited.xlsx.writeBuffer())), 'xlsx')) as unknown as ArrayBuffer,
    );
    const line1 = again.worksheets[0]!.getRow(headerRow + 1);
    const price = line1.getCell(col('未税单价')).value as number;
    const newAmount = Math.round(10 * price * 10_000) / 10_000;
    expect(resultOf(line1.getCell(col('金额')).value)).to.be.closeTo(newAmount, 1e-9);
    const currency = line1.getCell(col('币种')).text;
    const t0 = json.totals.findIndex((x) => x.currency === currency);
    const newTotal = json.totals[t0]!.amount - json.lines[0]!.amount! + newAmount;
    expect(resultOf(again.worksheets[0]!.getRow(totalsAt + t0).getCell(col('金额')).value)).to.be.closeTo(newTotal, 1e-6);
  });

  it('核价查询 printed by Calc: landscape A4 pages, each with the header row and 第 n 页，共 N 页', async () => {
    const file = await download('/api/query/pricing', { status: ['approved'] });
    const pdf = await throughCalc(file, 'pdf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-calc-pdf-'));
    try {
      const at = path.join(dir, 'list.pdf');
      fs.writeFileSync(at, pdf);
      const info = execFileSync('pdfinfo', [at], { encoding: 'utf8' });
      const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
      expect(info).to.match(/Page size:\s+841\.\d+ x 595\.\d+ pts \(A4\)/);
      // The last page is the 查询条件 sheet's.
      for (let p = 1; p < pages; p++) {
        const text = execFileSync('pdftotext', ['-f', String(p), '-l', String(p), '-layout', at, '-'], { encoding: 'utf8' });
        expect(text, `page ${p}`).to.include('核价单号').and.include(`第 ${p} 页，共 ${pages} 页`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
