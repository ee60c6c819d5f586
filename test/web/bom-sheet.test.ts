/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import {
  chooseOption,
  closePage,
  launchBrowser,
  openPage,
  SCREENSHOT_DIR,
  startService,
  TIME_ZONE,
  type Service,
  type WatchedPage,
} from './browser.js';

/**
 * 批量核价单 on paper, page by page as pdftotext reads the PDF Chromium prints (A4, as the sheet's
 * @page says): whatever the count of lines, the first page carries lines under the title, the last
 * carries lines or the totals above the signature boxes, and no page holds only the title or only
 * the signatures.
 */
const DAY = '2026-11-20';
const TOTAL_ROW = /合计（[A-Z]{3}，\d+ 行）/;
const SIGNATURES = ['编制', '审核', '批准', '签字：'];

/** The text of each page of a PDF, in order (poppler's pdftotext, one page at a time). */
function pdfPages(file: string): string[] {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  return Array.from({ length: count }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), '-layout', file, '-'], { encoding: 'utf8' }),
  );
}

/** Page `n` of a PDF as a PNG under the screenshot folder, to look at. */
function pagePng(file: string, n: number, name: string): string {
  const out = path.join(SCREENSHOT_DIR, name);
  execFileSync('pdftoppm', ['-f', String(n), '-l', String(n), '-r', '70', '-png', '-singlefile', file, out]);
  return `${out}.png`;
}

describe('web: 批量核价单 page by page (pdftotext)', function () {
  this.timeout(300_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  /** Demo parts with a price in force on DAY, each once. */
  let codes: string[];
  /** A line's row on paper: its number, then its code. */
  let lineRow: RegExp;

  before(async () => {
    service = await startService({ APP_TIMEZONE: TIME_ZONE });
    browser = await launchBrowser();
    const res = await fetch(`${service.base}/api/query/pricing`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ inForceOn: DAY, pageSize: 200 }),
    });
    const list = (await res.json()) as { data: { partNo: string }[] };
    codes = [...new Set(list.data.map((r) => r.partNo))];
    expect(codes.length, `parts in force on ${DAY}`).to.be.at.least(20);
    const escaped = codes.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    lineRow = new RegExp(`^\\s*(\\d+)\\s+(?:${escaped.join('|')})\\s`, 'gm');
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    w = await openPage(browser);
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'bom-sheet');
  });

  /**
   * Prices `count` lines (the demo's parts in turn, quantities 1, 2, …) on DAY, converted to
   * `reportCurrency` if given, and prints the sheet to a PDF file.
   */
  async function printBom(page: Page, count: number, reportCurrency?: string, pasted?: string): Promise<string> {
    await page.goto(`${service.base}/bom`);
    if (reportCurrency) {
      await page.locator('.ant-select:has(#bom-report-currency)').click();
      await chooseOption(page, reportCurrency);
    }
    const paste = page.getByLabel('粘贴物料编码与数量');
    await paste.fill(pasted ?? Array.from({ length: count }, (_, i) => `${codes[i % codes.length]}\t${(i % 9) + 1}`).join('\n'));
    const input = page.locator('#bom-on');
    await input.click();
    await input.fill(DAY);
    await input.press('Enter');
    await page.keyboard.press('Escape');
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/query/bom-price'),
      page.locator('button', { hasText: /^计\s*价$/ }).click(),
    ]);
    await page.getByTestId('bom-summary').waitFor();
    await page.emulateMedia({ media: 'print' });
    const file = path.join(SCREENSHOT_DIR, `bom-sheet-${count}${reportCurrency ? `-${reportCurrency}` : ''}.pdf`);
    fs.writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    await page.emulateMedia({ media: 'screen' });
    return file;
  }

  it('an unknown code that is an existing one in lower case asks 是否为 … on paper too, unpriced', async () => {
    const file = await printBom(w.page, 2, undefined, `${codes[0]!.toLowerCase()}\t1\n${codes[1]}\t2`);
    const text = pdfPages(file).join('\n');
    expect(text).to.include(`是否为 ${codes[0]}？`);
    expect(text).to.include('物料不存在');
  });

  for (const count of [1, 20, 120, 2000]) {
    it(`${count} lines: the first page has lines under the title, the last has lines or totals above the signatures, none holds only one of them`, async () => {
      const file = await printBom(w.page, count);
      const pages = pdfPages(file);
      const says = pages.map((text, i) => ({
        page: i + 1,
        title: text.includes('批量核价单'),
        lines: (text.match(lineRow) ?? []).length > 0,
        total: TOTAL_ROW.test(text),
        signatures: SIGNATURES.every((s) => text.includes(s)),
      }));
      const summary = says.map((s) => JSON.stringify(s)).join('\n');
      const first = says[0]!;
      const last = says.at(-1)!;
      expect(first.title, `the title on page 1\n${summary}`).to.equal(true);
      expect(first.lines, `lines on page 1, under the title\n${summary}`).to.equal(true);
      expect(last.signatures, `the signature boxes on the last page\n${summary}`).to.equal(true);
      expect(last.lines || last.total, `lines or totals beside the signatures\n${summary}`).to.equal(true);
      for (const s of says) {
        expect(s.lines || s.total, `page ${s.page} holds no line and no total\n${summary}`).to.equal(true);
        expect(s.signatures && s.page !== says.length, `signatures only on the last page\n${summary}`).to.equal(false);
      }
      // Every line is on paper once, in order: its line number and code begin a row.
      const rows = [...pages.join('\n').matchAll(lineRow)];
      expect(
        rows.map((r) => Number(r[1])),
        'the line numbers on paper',
      ).to.deep.equal(Array.from({ length: count }, (_, i) => i + 1));
      if (count === 20 || count === 120) {
        console.log(`      page 1: ${pagePng(file, 1, `bom-sheet-${count}-first`)}`);
        console.log(`      page ${pages.length}: ${pagePng(file, pages.length, `bom-sheet-${count}-last`)}`);
      }
      console.log(`      ${count} lines: ${pages.length} pages`);
    });
  }

  for (const report of [undefined, 'CNY']) {
    const columns = report ? 15 : 13;
    it(`${report ? `converted to ${report}` : 'not converted'}: its ${columns} columns fit A4 landscape, each line with its pricing, day, validity and result on paper`, async () => {
      const { page } = w;
      const file = await printBom(page, 40, report);
      // Laid out as wide as the paper's text (297 mm less 2 × 14 mm margins), the table is no wider,
      // and the names keep their widths (1 mm is 96 / 25.4 px).
      const mm = 96 / 25.4;
      await page.emulateMedia({ media: 'print' });
      await page.setViewportSize({ width: Math.floor(269 * mm), height: 800 });
      const fit = await page.evaluate(() => {
        const sheet = document.querySelector<HTMLElement>('[data-testid="bom-sheet"]')!;
        // (No named functions inside: tsx would wrap them in a helper the page does not have.)
        const validity = [...sheet.querySelectorAll('tr.qs-line td:nth-last-child(2)')].map((td) => {
          const spans = [...td.querySelectorAll('span')].map((s) => s.getBoundingClientRect().top);
          return spans.length === 2 && spans[0] === spans[1];
        });
        return {
          sheet: sheet.clientWidth,
          table: sheet.querySelector('table')!.scrollWidth,
          partName: sheet.querySelector('th.bom-part-name')!.getBoundingClientRect().width,
          supplier: sheet.querySelector('th.bom-supplier')!.getBoundingClientRect().width,
          validityOnOneLine: validity.filter(Boolean).length,
        };
      });
      expect(fit.table, `table ${fit.table} px on a sheet of ${fit.sheet} px`).to.be.at.most(fit.sheet);
      expect(fit.partName, '物料名称 at least 11 mm').to.be.at.least(11 * mm - 1);
      expect(fit.supplier, '供应商 at least 20 mm').to.be.at.least(20 * mm - 1);
      // Without the converted columns there is room for each validity on one line.
      if (!report) expect(fit.validityOnOneLine, '有效期 on one line').to.equal(40);
      const head = await page.locator('[data-testid="bom-sheet"] thead th').allTextContents();
      expect(head).to.deep.equal([
        '行号',
        '物料编码',
        '物料名称',
        '供应商',
        '数量',
        '币种',
        '未税单价',
        '金额',
        '含税金额',
        ...(report ? ['折算率', `折算金额（${report}）`, `折算含税金额（${report}）`, '核价单号核价时间'] : ['核价单号', '核价时间']),
        '有效期',
        '结果',
      ]);
      await page.emulateMedia({ media: 'screen' });
      const pages = pdfPages(file);
      for (const [i, text] of pages.entries()) expect(text, `the header's last columns on page ${i + 1}`).to.match(/有效期\s+结果/);
      const all = pages.join('\n');
      expect(all.match(/已定价/g) ?? [], 'the result of every line').to.have.length(40);
      expect(all.match(/至\s*(长期|\d{4}-\d{2}-\d{2})/g) ?? [], 'the validity of every line').to.have.length(40);
      const name = `bom-sheet-40${report ? `-${report}` : ''}`;
      console.log(`      page 1: ${pagePng(file, 1, `${name}-first`)}`);
      console.log(`      ${pages.length} pages`);
    });
  }
});
