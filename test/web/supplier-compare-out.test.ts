/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import {
  axeViolations,
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
 * 供应商对比 leaves the screen: 打印 gives one A4 landscape page of the comparison alone (the review
 * page's 核价单 back for Ctrl+P afterwards), 导出 CSV / 导出 Excel post the card's own request to
 * POST /api/query/supplier-compare with the export Accept and save the service's file; the list's
 * 对比供应商 drawer does the same for the ticked pricings.
 */
const COMPARE_PATH = '/api/query/supplier-compare';

interface Column {
  id: number;
  pricingNo: string;
  supplierCode: string;
  supplierName: string;
  currency: string;
}
interface Comparison {
  partNo: string;
  columns: Column[];
  converted: object | null;
}

async function post<T>(service: Service, apiPath: string, body: unknown): Promise<T> {
  const res = await fetch(`${service.base}${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${apiPath} ${JSON.stringify(body)}`).to.equal(200);
  return (await res.json()) as T;
}

/** The text of each page of a PDF (poppler's pdfinfo and pdftotext). */
function pdfPages(file: string): string[] {
  const count = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  return Array.from({ length: count }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), '-layout', file, '-'], { encoding: 'utf8' }),
  );
}

describe('web: 供应商对比 printed and exported, in Chromium', function () {
  this.timeout(180_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  /** A demo part with five suppliers, the most columns among such parts (each supplier's latest and latest approved pricing). */
  let chosen: Comparison;
  /** A demo part of at most five suppliers in more than one currency (its comparison has a converted view), the most columns. */
  let mixed: Comparison;

  before(async () => {
    service = await startService({ APP_TIMEZONE: TIME_ZONE });
    browser = await launchBrowser();
    const partNos = new Set<string>();
    for (let current = 1; current <= 6; current++) {
      const page = await post<{ data: { partNo: string }[] }>(service, '/api/query/pricing', { pageSize: 200, current });
      for (const r of page.data) partNos.add(r.partNo);
    }
    for (const partNo of [...partNos].sort()) {
      const d = (await post<{ data: Comparison }>(service, COMPARE_PATH, { partNo })).data;
      const suppliers = new Set(d.columns.map((c) => c.supplierCode)).size;
      if (suppliers === 5 && (!chosen || d.columns.length > chosen.columns.length)) chosen = d;
      if (suppliers <= 5 && d.converted && (!mixed || d.columns.length > mixed.columns.length)) mixed = d;
    }
    expect(chosen, 'a demo part with five suppliers').not.to.equal(undefined);
    expect(mixed, 'a demo part in two currencies').not.to.equal(undefined);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    w = await openPage(browser);
    // The browser's print dialog is the test's: 打印 is counted, and the PDF is made below.
    await w.page.addInitScript(() => {
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => void (window as unknown as { prints: number }).prints++;
    });
  });
  afterEach(function () {
    // Print hides the app's root, charts included: recharts warns that its container has no size.
    return closePage(w, this.currentTest, 'supplier-compare-out', /width\(0\) and height\(0\) of chart/);
  });

  async function openReview(page: Page, part = chosen): Promise<void> {
    await page.goto(`${service.base}/pricing/${part.columns[0]!.id}`);
    await page.locator('#review-suppliers [data-testid="supplier-compare"]').waitFor();
  }

  /** Prints what the page has for print to an A4 PDF under the screenshots, and its first page as a PNG. */
  async function printPdf(page: Page, name: string): Promise<string[]> {
    await page.emulateMedia({ media: 'print' });
    const file = path.join(SCREENSHOT_DIR, `${name}.pdf`);
    fs.writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    await page.emulateMedia({ media: 'screen' });
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '80', '-png', '-singlefile', file, path.join(SCREENSHOT_DIR, name)]);
    console.log(`      page 1: ${path.join(SCREENSHOT_DIR, `${name}.png`)}`);
    return pdfPages(file);
  }

  it(`打印: five suppliers on one A4 landscape page, the comparison alone; afterwards Ctrl+P prints the 核价单 again`, async () => {
    const { page } = w;
    await openReview(page);
    const card = page.locator('#review-suppliers');
    await card.getByRole('button', { name: /^打\s*印$/ }).click();
    await page.getByTestId('supplier-compare-sheet').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => (window as unknown as { prints: number }).prints), 'the browser asked to print once').to.equal(1);

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('supplier-compare-sheet').isVisible()).to.equal(true);
    expect(await page.getByTestId('quote-sheet').isVisible(), 'the 核价单 is not printed with it').to.equal(false);
    expect(await page.locator('#root').isVisible(), 'nor the page').to.equal(false);
    await page.emulateMedia({ media: 'screen' });

    const pages = await printPdf(page, 'supplier-compare-print');
    expect(pages, `${chosen.columns.length} columns of 5 suppliers on one page`).to.have.length(1);
    const file = path.join(SCREENSHOT_DIR, 'supplier-compare-print.pdf');
    const [width, height] = /Page size:\s+([\d.]+) x ([\d.]+)/
      .exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))!
      .slice(1)
      .map(Number);
    expect(width, 'landscape').to.be.greaterThan(height!);
    const text = pages[0]!.replace(/\s+/g, '');
    expect(text).to.contain('供应商对比').and.contain(chosen.partNo).and.contain('最低');
    for (const c of chosen.columns) expect(text, `column ${c.pricingNo}`).to.contain(c.pricingNo);
    for (const row of ['材料费', '加工费', '二次加工费', '其他费用', '管理费', '利润', '未税单价', '含税单价', '较上次批准变动率'])
      expect(text, row).to.contain(row);

    // Printing over, the sheet goes: the page's print is the 核价单 again.
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.getByTestId('supplier-compare-sheet').waitFor({ state: 'detached' });
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('quote-sheet').isVisible()).to.equal(true);
    await page.emulateMedia({ media: 'screen' });
  });

  it('打印: ten columns, five suppliers each with a latest and a latest approved pricing, still one page', async () => {
    const { page } = w;
    // The demo's fullest part of five suppliers has fewer columns: its answer, each column twice
    // (the copy under another id and number), is what five suppliers can give at most.
    await page.route(`**${COMPARE_PATH}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Comparison & { rows: { values: (number | null)[] }[] } };
      const d = body.data;
      const columns = d.columns.slice(0, 5);
      d.columns = [
        ...columns,
        ...columns.map((c) => ({ ...c, id: c.id + 1_000_000, pricingNo: c.pricingNo.replace(/^HJ\d{6}/, 'HJ209912') })),
      ];
      for (const r of d.rows) r.values = [...r.values.slice(0, 5), ...r.values.slice(0, 5)];
      await route.fulfill({ response, json: body });
    });
    await openReview(page);
    await page
      .locator('#review-suppliers')
      .getByRole('button', { name: /^打\s*印$/ })
      .click();
    await page.getByTestId('supplier-compare-sheet').waitFor({ state: 'attached' });
    const pages = await printPdf(page, 'supplier-compare-print-10');
    expect(pages, 'ten columns on one page').to.have.length(1);
    const text = pages[0]!.replace(/\s+/g, '');
    for (const c of chosen.columns.slice(0, 5))
      expect(text)
        .to.contain(c.pricingNo)
        .and.contain(c.pricingNo.replace(/^HJ\d{6}/, 'HJ209912'));
  });

  it('打印 in 折算人民币: the converted figures, the rates and 折算 on the one page', async () => {
    const { page } = w;
    await openReview(page, mixed);
    const card = page.locator('#review-suppliers');
    await card.getByText('折算人民币', { exact: true }).click();
    await card.locator('[data-testid="supplier-compare-converted"]').waitFor();
    await card.getByRole('button', { name: /^打\s*印$/ }).click();
    await page.getByTestId('supplier-compare-sheet').waitFor({ state: 'attached' });
    const pages = await printPdf(page, 'supplier-compare-print-converted');
    expect(pages).to.have.length(1);
    const text = pages[0]!.replace(/\s+/g, '');
    expect(text).to.contain('折算人民币').and.contain('原币').and.contain('项目（折算CNY）');
    for (const c of mixed.columns) expect(text, `column ${c.pricingNo}`).to.contain(c.pricingNo);
    for (const currency of new Set(mixed.columns.map((c) => c.currency).filter((c) => c !== 'CNY')))
      expect(text, `the rate of ${currency}`).to.match(new RegExp(`1${currency}=[\\d.]+CNY`));
  });

  it('导出 CSV and 导出 Excel post the card request with the export Accept and save the file the service names', async () => {
    const { page } = w;
    await openReview(page);
    const card = page.locator('#review-suppliers');
    for (const [button, accept, ext] of [
      ['导出 CSV', /^text\/csv/, 'csv'],
      ['导出 Excel', /spreadsheetml\.sheet/, 'xlsx'],
    ] as const) {
      const requested = page.waitForRequest((r) => new URL(r.url()).pathname === COMPARE_PATH && accept.test(r.headers().accept ?? ''));
      const answered = page.waitForResponse(
        (r) => new URL(r.url()).pathname === COMPARE_PATH && accept.test(r.request().headers().accept ?? ''),
      );
      const download = page.waitForEvent('download');
      await card.getByRole('button', { name: button }).click();
      expect(JSON.parse((await requested).postData() ?? '{}'), `${button}: the card's own request`).to.deep.equal({
        partNo: chosen.partNo,
      });
      expect((await answered).status()).to.equal(200);
      const saved = await download;
      expect(saved.suggestedFilename(), button).to.match(new RegExp(`^供应商对比-${chosen.partNo}-\\d{8}-\\d{6}\\.${ext}$`));
      const bytes = fs.readFileSync(await saved.path());
      if (ext === 'csv') {
        const rows: string[][] = parse(bytes, { bom: true });
        const numbers = rows.flat();
        for (const c of chosen.columns) expect(numbers, `${c.pricingNo} in the file`).to.include(c.pricingNo);
      } else {
        expect(bytes.subarray(0, 2).toString('latin1'), 'an xlsx (a zip)').to.equal('PK');
      }
    }
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
    await page.setViewportSize({ width: 1400, height: 900 });
    await card.scrollIntoViewIfNeeded();
    const wide = path.join(SCREENSHOT_DIR, 'supplier-compare-actions-1400.png');
    await card.screenshot({ path: wide });
    console.log(`      screenshot: ${wide}`);
    expect(await axeViolations(page, '#review-suppliers')).to.deep.equal([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    // antd redraws for a phone's breakpoint a moment after the resize: the width once it has.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390, null, { timeout: 5000 }).catch(() => undefined);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll at 390 px').to.be.at.most(390);
    const file = path.join(SCREENSHOT_DIR, 'supplier-compare-actions-390.png');
    await card.screenshot({ path: file });
    console.log(`      screenshot: ${file}`);
  });

  it('the 对比供应商 drawer of the list: 打印 and the exports, the export carrying the ticked pricings', async () => {
    const { page } = w;
    const ids = chosen.columns.slice(0, 2).map((c) => c.id);
    const numbers = chosen.columns.slice(0, 2).map((c) => c.pricingNo);
    await page.goto(`${service.base}/pricing?partNos=${chosen.partNo}&pageSize=50`);
    for (const no of numbers) await page.getByRole('checkbox', { name: no }).check();
    await page.getByRole('button', { name: /对比供应商/ }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('[data-testid="supplier-compare"]').waitFor();
    const requested = page.waitForRequest((r) => new URL(r.url()).pathname === COMPARE_PATH && /text\/csv/.test(r.headers().accept ?? ''));
    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: '导出 CSV' }).click();
    expect(JSON.parse((await requested).postData() ?? '{}')).to.deep.equal({ pricingIds: ids });
    await download;
    await drawer.getByRole('button', { name: /^打\s*印$/ }).click();
    await page.getByTestId('supplier-compare-sheet').waitFor({ state: 'attached' });
    const pages = await printPdf(page, 'supplier-compare-print-drawer');
    expect(pages).to.have.length(1);
    for (const no of numbers) expect(pages[0]).to.contain(no);
  });
});
