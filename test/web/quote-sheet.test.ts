/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, SCREENSHOT_DIR, startService, TIME_ZONE, type Service } from './browser.js';

/**
 * 核价单: printing the review page gives one A4 portrait sheet with the company's name
 * (COMPANY_NAME through GET /api/settings), the pricing, its cost lines by type with subtotals, the
 * prices, the change and the signature boxes, and none of the screen's menu or buttons.
 */
const COMPANY = '苏州精密制造有限公司';

interface Line {
  lineNo: number;
  costType: string;
  amount: number;
}

async function post<T>(service: Service, apiPath: string, body: object): Promise<T> {
  const res = await fetch(`${service.base}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/** Pages of a PDF as Chromium writes it: one `/Type /Page` object each. */
const pdfPages = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

describe('the quote sheet (核价单) in Chromium', function () {
  this.timeout(120_000);
  let service: Service;
  let browser: Browser;

  before(async () => {
    service = await startService({ APP_TIMEZONE: TIME_ZONE, COMPANY_NAME: COMPANY });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('prints a pricing of 12 cost lines on one A4 page, with subtotals per type and the signature boxes', async () => {
    const { data: rows } = await post<{ data: { id: number }[] }>(service, '/api/query/pricing', { pageSize: 200, status: ['pending'] });
    let chosen: { id: number; details: Line[]; pricingNo: string } | undefined;
    for (const row of rows.slice(0, 60)) {
      const { data } = await post<{ data: { pricing: { pricingNo: string }; details: Line[] } }>(service, '/api/query/pricing-details', {
        pricingId: row.id,
      });
      if (data.details.length <= 12 && (!chosen || data.details.length > chosen.details.length))
        chosen = { id: row.id, details: data.details, pricingNo: data.pricing.pricingNo };
    }
    expect(chosen, 'a pending pricing of the demo data').to.not.equal(undefined);
    // Up to 12 lines must fit one page: the demo's fullest has fewer, so copies of its first line
    // (another item name, amount 0) make it 12, written into the service's own database file.
    const file = new Database(service.dbFile);
    const first = file.prepare('select * from pricing_details where pricing_id = ? order by line_no limit 1').get(chosen!.id) as Record<
      string,
      unknown
    >;
    for (let lineNo = chosen!.details.length + 1; lineNo <= 12; lineNo++) {
      const row: Record<string, unknown> = { ...first, line_no: lineNo, item_name: `补充项目 ${lineNo}`, unit_price: 0, amount: 0 };
      delete row.id;
      const names = Object.keys(row);
      file.prepare(`insert into pricing_details (${names.join(', ')}) values (${names.map((n) => `@${n}`).join(', ')})`).run(row);
      chosen!.details.push({ lineNo, costType: String(first.cost_type), amount: 0 });
    }
    file.close();
    expect(chosen!.details).to.have.length(12);

    const { page, problems } = await openPage(browser);
    await page.goto(`${service.base}/pricing/${chosen!.id}`);
    await page.getByRole('button', { name: '打印核价单' }).waitFor();
    await page.waitForFunction((company) => document.querySelector('.quote-sheet')?.textContent?.includes(company), COMPANY);

    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByTestId('quote-sheet');
    expect(await sheet.isVisible(), 'the sheet is shown in print').to.equal(true);
    expect(await page.locator('#root').isVisible(), 'the app (menu, buttons, charts) is not').to.equal(false);
    const text = (await sheet.textContent()) ?? '';
    for (const words of [
      COMPANY,
      '核价单',
      chosen!.pricingNo,
      '核价',
      '审核',
      '批准',
      '签字',
      '日期',
      '未税单价',
      '含税单价',
      '较上次批准',
    ])
      expect(text, words).to.include(words);
    const types = [...new Set(chosen!.details.map((d) => d.costType))];
    expect(await page.locator('.qs-subtotal').count(), 'a subtotal per cost type').to.equal(types.length);
    expect(await page.locator('.qs-lines tbody tr:not(.qs-subtotal)').count()).to.equal(chosen!.details.length);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'quote-sheet-print.png'), fullPage: true });

    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    fs.writeFileSync(path.join(SCREENSHOT_DIR, 'quote-sheet.pdf'), pdf);
    expect(pdfPages(pdf), 'one A4 page').to.equal(1);
    await page.emulateMedia({ media: 'screen' });
    expect(await sheet.isVisible(), 'not on screen').to.equal(false);
    // Print hides the app's root, charts included: recharts warns that its container has no size.
    expect(problems.filter((p) => !/width\(0\) and height\(0\) of chart/.test(p))).to.deep.equal([]);
  });

  it('批量核价 prints every line in request order and the totals per currency, headed with the company and the day', async () => {
    const { data: rows } = await post<{ data: { partNo: string }[] }>(service, '/api/query/pricing', {
      pageSize: 60,
      inForceOn: '2026-06-01',
    });
    const codes = [...new Set(rows.map((r) => r.partNo))].slice(0, 40);
    const { page, problems } = await openPage(browser);
    await page.goto(`${service.base}/bom`);
    await page.getByLabel('粘贴物料编码与数量').fill([...codes, 'NO-SUCH-PART'].map((c, i) => `${c}\t${i + 1}`).join('\n'));
    await page.locator('button', { hasText: /^计\s*价$/ }).click();
    await page.getByTestId('bom-summary').waitFor();
    await page.waitForFunction((company) => document.querySelector('[data-testid="bom-sheet"]')?.textContent?.includes(company), COMPANY);

    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByTestId('bom-sheet');
    expect(await sheet.isVisible()).to.equal(true);
    expect(await page.locator('#root').isVisible()).to.equal(false);
    const lines = await sheet.locator('tr.qs-line').allTextContents();
    expect(lines).to.have.length(codes.length + 1);
    codes.forEach((code, i) => expect(lines[i], `line ${i + 1}`).to.contain(code));
    expect(lines.at(-1)).to.contain('物料不存在');
    expect(await sheet.locator('.qs-subtotal').count(), 'a total per currency').to.be.at.least(1);
    expect(await sheet.textContent()).to.contain('批量核价单');
    await page.setViewportSize({ width: 1123, height: 794 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'bom-sheet-print.png'), fullPage: true });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    fs.writeFileSync(path.join(SCREENSHOT_DIR, 'bom-sheet.pdf'), pdf);
    expect(pdfPages(pdf), 'pages for 41 lines').to.be.within(1, 3);
    const [width, height] = (/\/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1')) ?? []).slice(1).map(Number);
    expect(width, 'A4 landscape: the long side across').to.be.greaterThan(height!);
    expect(problems.filter((p) => !/width\(0\) and height\(0\) of chart/.test(p))).to.deep.equal([]);
  });

  /** A pricing of the demo data in `status`, as the list gives it. */
  async function pricingIn(status: string): Promise<{ id: number; pricingNo: string }> {
    const { data } = await post<{ data: { id: number; pricingNo: string }[] }>(service, '/api/query/pricing', {
      status: [status],
      pageSize: 1,
    });
    expect(data, `a ${status} pricing in the demo data`).to.have.length(1);
    return data[0]!;
  }

  /** The review page's 核价单 printed to A4 (the PDF written beside the screenshots) and read back by pdftotext in the order it was drawn (-raw: the diagonal text stays whole). */
  async function printedText(id: number, name: string): Promise<string> {
    const { page, context } = await openPage(browser);
    await page.goto(`${service.base}/pricing/${id}`);
    await page.getByRole('button', { name: '打印核价单' }).waitFor();
    await page.getByTestId('quote-sheet').waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    const file = path.join(SCREENSHOT_DIR, `${name}.pdf`);
    fs.writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '60', '-png', '-singlefile', file, path.join(SCREENSHOT_DIR, name)]);
    console.log(`      page 1: ${path.join(SCREENSHOT_DIR, `${name}.png`)}`);
    await context.close();
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  }

  const NOT_APPROVED = { draft: '草稿', pending: '待审核', rejected: '已驳回', expired: '已失效' } as const;

  for (const [status, label] of Object.entries(NOT_APPROVED)) {
    it(`${status}: the sheet carries ${label} across the page, besides its status row, so no one signs it by mistake`, async () => {
      const pricing = await pricingIn(status);
      const text = await printedText(pricing.id, `quote-sheet-${status}`);
      expect(text).to.contain(pricing.pricingNo);
      // Once in the status row, once more across the page.
      expect(text.split(label).length - 1, `${label} in the PDF's text`).to.equal(2);
    });
  }

  it('the sheet of an approved pricing carries no status across it', async () => {
    const pricing = await pricingIn('approved');
    const text = await printedText(pricing.id, 'quote-sheet-approved');
    expect(text.split('已批准').length - 1, 'only the status row').to.equal(1);
    for (const label of Object.values(NOT_APPROVED)) expect(text).not.to.contain(label);
  });
});
