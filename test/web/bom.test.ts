/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import fs from 'node:fs';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import {
  chooseOption,
  axeViolations,
  closePage,
  launchBrowser,
  openPage,
  recordBodies,
  screenshot,
  type Service,
  startService,
  TIME_ZONE,
  wallTime,
  type WatchedPage,
} from './browser.js';

/**
 * 批量核价 in Chromium against the real service: a clerk pastes two columns from Excel (a header
 * row, a bad cell or two among them); the page reads the lines, leaves the bad ones out with their
 * reason, sends the rest to POST /api/query/bom-price, and shows exactly what the API answers for
 * those lines: each line's result, price, amounts and pricing, and the totals per currency.
 */
const BOM_PATH = '/api/query/bom-price';
const DAY = '2026-11-20';
const PRICE = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const QUANTITY = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 4 });
const RESULT_TEXT = { priced: '已定价', 'no-price': '无有效价格', 'unknown-part': '物料不存在' } as const;
const CHOSEN_TEXT = {
  latest: '最新核价',
  lowest: '最低价',
  highest: '最高价',
  preferred: '优先供应商',
  'fallback-latest': '按最新核价（规则无法选择）',
} as const;
const RATE = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 8 });

interface Pricing {
  id: number;
  supplierCode: string;
  pricingNo: string;
  partName: string;
  spec: string | null;
  supplierName: string;
  currency: string;
  unitPrice: number;
  pricedAt: string;
  validFrom: string;
  validTo: string | null;
}
interface BomLineAnswer {
  lineNo: number;
  partNo: string;
  quantity: number;
  result: keyof typeof RESULT_TEXT;
  pricing: Pricing | null;
  amount: number | null;
  amountWithTax: number | null;
  inForce: number;
  chosenBy: keyof typeof CHOSEN_TEXT | null;
  comparedIn: string | null;
  minUnitPrice: number | null;
  maxUnitPrice: number | null;
  rate: number | null;
  rateDate: string | null;
  rateSource: 'table' | 'what-if' | null;
  amountInReportCurrency: number | null;
  amountWithTaxInReportCurrency: number | null;
}
interface BomAnswer {
  on: string;
  rule: string;
  reportCurrency: string | null;
  rates: { currency: string; rateToCny: number; rateDate: string | null; source: 'table' | 'what-if' }[];
  missingRates: string[];
  lines: BomLineAnswer[];
  totals: { currency: string; lines: number; amount: number; amountWithTax: number }[];
  reportTotal: null | {
    currency: string;
    lines: number;
    amount: number;
    amountWithTax: number;
    linesWithoutRate: number;
    rateSource: 'table' | 'what-if' | null;
  };
}

async function post<T>(service: Service, apiPath: string, body: unknown): Promise<T> {
  const res = await fetch(`${service.base}${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${apiPath} ${JSON.stringify(body).slice(0, 200)}`).to.equal(200);
  return (await res.json()) as T;
}

/** The cells of a table as text, one array per body row, keyed by the header's text. */
async function tableRows(page: Page, within: string): Promise<Record<string, string>[]> {
  return page.evaluate((within) => {
    const table = document.querySelector(within)!;
    const headers = [...table.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim() ?? '');
    return [...table.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) =>
      Object.fromEntries([...tr.children].map((td, i) => [headers[i] ?? String(i), td.textContent?.trim() ?? ''])),
    );
  }, within);
}

/** Alignment and figures of every cell in the columns titled `titles`, and where their text ends. */
async function moneyCells(page: Page, within: string, titles: string[]) {
  return page.evaluate(
    ([within, titles]) => {
      const table = document.querySelector(within)!;
      const headers = [...table.querySelectorAll('.ant-table-thead th')];
      return titles.map((title) => {
        const index = headers.findIndex((th) => th.textContent?.trim() === title);
        const cells = [...table.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => {
          const td = tr.children[index] as HTMLElement;
          const range = document.createRange();
          range.selectNodeContents(td);
          const style = getComputedStyle(td);
          return {
            text: td.textContent ?? '',
            align: style.textAlign,
            figures: style.fontVariantNumeric,
            right: range.getBoundingClientRect().right,
          };
        });
        return { title, index, headerAlign: index < 0 ? '' : getComputedStyle(headers[index]!).textAlign, cells };
      });
    },
    [within, titles] as const,
  );
}

const money = (v: number | null | undefined) => (v === null || v === undefined ? '-' : PRICE.format(v));

/** 有效价格区间 as the page shows it: the lowest and highest price in force, in the currency compared in. */
function range(l: BomLineAnswer): string {
  if (l.inForce === 0) return '-';
  if (l.minUnitPrice === null || l.maxUnitPrice === null || l.comparedIn === null) return '缺汇率，未比较';
  const span = l.minUnitPrice === l.maxUnitPrice ? money(l.minUnitPrice) : `${money(l.minUnitPrice)}–${money(l.maxUnitPrice)}`;
  return `${span} ${l.comparedIn}`;
}

/** The columns every line shows whatever the rule: how many prices were in force, their range, how the price was chosen. */
const choice = (l: BomLineAnswer) => ({
  有效价格数: String(l.inForce),
  有效价格区间: range(l),
  选取方式: l.chosenBy === null ? '-' : CHOSEN_TEXT[l.chosenBy],
});

/** The pricing's day (核价时间, as a date in APP_TIMEZONE) and its validity, beside its number. */
const pricedWhen = (l: BomLineAnswer) => ({
  核价时间: l.pricing ? wallTime(l.pricing.pricedAt).slice(0, 10) : '-',
  有效期: l.pricing ? `${l.pricing.validFrom} 至 ${l.pricing.validTo ?? '长期'}` : '-',
});

describe('web: 批量核价 (a pasted BOM priced on a day) in Chromium', function () {
  this.timeout(120_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  /** Demo parts: two priced on DAY (one in another currency when the data has one), one without a price. */
  let priced: BomLineAnswer[];
  let noPrice: string;

  before(async () => {
    service = await startService({ APP_TIMEZONE: TIME_ZONE });
    browser = await launchBrowser();
    const list = await post<{ data: { partNo: string }[] }>(service, '/api/query/pricing', { pageSize: 200 });
    const partNos = [...new Set(list.data.map((r) => r.partNo))];
    const probe = await post<{ data: BomAnswer }>(service, BOM_PATH, {
      lines: partNos.map((partNo) => ({ partNo, quantity: 1 })),
      on: DAY,
    });
    const pricedLines = probe.data.lines.filter((l) => l.result === 'priced');
    const cny = pricedLines.find((l) => l.pricing?.currency === 'CNY');
    const other = pricedLines.find((l) => l.pricing?.currency !== 'CNY');
    priced = [cny, other ?? pricedLines.find((l) => l !== cny)].filter((l): l is BomLineAnswer => l !== undefined);
    expect(priced, `two priced parts on ${DAY}`).to.have.length(2);
    const missing = probe.data.lines.find((l) => l.result === 'no-price');
    expect(missing, `a part without a price in force on ${DAY}`).not.to.equal(undefined);
    noPrice = missing!.partNo;
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    w = await openPage(browser);
  });
  afterEach(function () {
    // The failed request of the error test is answered 500 on purpose; Chromium logs it.
    return closePage(w, this.currentTest, 'bom', /status of 500/);
  });

  async function openBom(page: Page): Promise<void> {
    await page.goto(`${service.base}/`);
    await page.getByRole('link', { name: '批量核价' }).click();
    await page.waitForURL(/\/bom$/);
    await page.getByLabel('粘贴物料编码与数量').waitFor();
  }

  async function chooseDay(page: Page, day: string): Promise<void> {
    const input = page.locator('#bom-on');
    await input.click();
    await input.fill(day);
    await input.press('Enter');
    await page.keyboard.press('Escape');
    expect(await input.inputValue()).to.equal(day);
  }

  // By its text, not its accessible name: antd's loading icon now and then stays in the button after
  // loading ends, and the name stays "loading 计 价" (see clickQuery in browser.ts).
  const priceButton = (page: Page) => page.locator('button', { hasText: /^计\s*价$/ });

  it('reads two pasted columns, leaves the bad lines out with their reason, and shows what the API answers for the rest', async () => {
    const { page } = w;
    const [a, b] = priced as [BomLineAnswer, BomLineAnswer];
    // As Excel copies a selection: TAB between the cells, CRLF after each row, the header first.
    const pasted = [
      '物料编码\t数量',
      `${a.partNo}\t12.5`,
      `\t4`, // a quantity without its code
      `${b.partNo}\t3`,
      `${noPrice}\t2`,
      `${a.partNo}\tabc`, // not a number
      'X-NOT-A-PART\t1',
      `${b.partNo}\t1.23456`, // five decimals
      `${a.partNo}\t0.0001`, // the same part again: priced again
      '',
    ].join('\r\n');
    const sentLines = [
      { partNo: a.partNo, quantity: 12.5 },
      { partNo: b.partNo, quantity: 3 },
      { partNo: noPrice, quantity: 2 },
      { partNo: 'X-NOT-A-PART', quantity: 1 },
      { partNo: a.partNo, quantity: 0.0001 },
    ];

    await openBom(page);
    expect(await page.textContent('.ant-table-tbody')).to.contain('粘贴物料编码后点击“计价”');
    expect(await priceButton(page).isDisabled()).to.equal(true);
    const bodies = recordBodies(page, BOM_PATH);
    await page.getByLabel('粘贴物料编码与数量').fill(pasted);

    expect(await page.textContent('[data-testid="bom-read"]')).to.equal('已读取 5 行（已跳过标题行），3 行有误，未计入：');
    const rejected = await page.locator('[data-testid="bom-rejected"] li').allTextContents();
    expect(rejected).to.deep.equal([
      '第 3 行“（空） | 4”：缺少物料编码',
      `第 6 行“${a.partNo} | abc”：数量不是数字：“abc”`,
      `第 8 行“${b.partNo} | 1.23456”：数量最多 4 位小数：1.23456`,
    ]);

    await chooseDay(page, DAY);
    const [response] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === BOM_PATH), priceButton(page).click()]);
    expect(response.status()).to.equal(200);
    expect(bodies).to.deep.equal([{ lines: sentLines, on: DAY }]);
    await page.waitForSelector('[data-testid="bom-totals"]');

    // The API's answer for the same lines, asked by the test itself.
    const expected = (await post<{ data: BomAnswer }>(service, BOM_PATH, { lines: sentLines, on: DAY })).data;
    expect(expected.lines.map((l) => l.result)).to.deep.equal(['priced', 'priced', 'no-price', 'unknown-part', 'priced']);
    const rows = await tableRows(page, '[data-testid="bom-lines"]');
    expect(rows).to.deep.equal(
      expected.lines.map((l) => ({
        行号: String(l.lineNo),
        物料编码: l.partNo,
        物料名称: l.pricing?.partName ?? '-',
        规格型号: l.pricing?.spec ?? '-',
        供应商: l.pricing?.supplierName ?? '-',
        数量: QUANTITY.format(l.quantity),
        币种: l.pricing?.currency ?? '-',
        未税单价: money(l.pricing?.unitPrice),
        金额: money(l.amount),
        含税金额: money(l.amountWithTax),
        ...choice(l),
        核价单号: l.pricing?.pricingNo ?? '-',
        ...pricedWhen(l),
        结果: RESULT_TEXT[l.result],
      })),
    );
    // The pricing numbers open their review page.
    const links = await page
      .locator('[data-testid="bom-lines"] .ant-table-tbody a')
      .evaluateAll((as) => as.map((x) => x.getAttribute('href')));
    expect(links).to.deep.equal(expected.lines.filter((l) => l.pricing).map((l) => `/pricing/${l.pricing!.id}`));
    expect(await page.textContent('[data-testid="bom-summary"]')).to.equal('共 5 行：已定价 3，无有效价格 1，物料不存在 1');
    expect(await page.textContent('[data-testid="bom-day"]')).to.equal(`计价日 ${DAY}`);

    // Totals: one row per currency, as the API sums them; never across currencies.
    const totals = await tableRows(page, '[data-testid="bom-totals"]');
    expect(totals).to.deep.equal(
      expected.totals.map((t) => ({
        币种: t.currency,
        已定价行数: String(t.lines),
        金额合计: money(t.amount),
        含税金额合计: money(t.amountWithTax),
      })),
    );
    expect(totals.length).to.equal(new Set(expected.lines.filter((l) => l.pricing).map((l) => l.pricing!.currency)).size);

    // Money right-aligned with equal-width figures and four decimals: the decimal points line up.
    for (const col of await moneyCells(page, '[data-testid="bom-lines"]', ['未税单价', '金额', '含税金额'])) {
      expect(col.index, col.title).to.be.greaterThan(-1);
      expect(col.headerAlign, col.title).to.equal('right');
      const shown = col.cells.filter((c) => c.text !== '-');
      for (const c of shown) {
        expect(c.text, col.title).to.match(/^\d{1,3}(,\d{3})*\.\d{4}$/);
        expect([c.align, c.figures], `${col.title} ${c.text}`).to.deep.equal(['right', 'tabular-nums']);
      }
      const ends = col.cells.map((c) => c.right);
      expect(Math.max(...ends) - Math.min(...ends), `${col.title}: right edges ${ends.join(' ')}`).to.be.lessThan(0.5);
    }

    expect(await axeViolations(page)).to.deep.equal([]);
    // At 1400 px the page does not scroll sideways and the amounts are in view; the choice of the
    // price (有效价格数 …) is a scroll of the table away, with 行号 and 物料编码 kept in view.
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.waitForTimeout(300);
    const view = await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('[data-testid="bom-lines"] .ant-table-content')!.getBoundingClientRect();
      // (No named functions inside: tsx would wrap them in a helper the page does not have.)
      const th = [...document.querySelectorAll<HTMLElement>('[data-testid="bom-lines"] .ant-table-thead th')];
      const amounts = th.find((h) => h.textContent?.trim() === '含税金额')!;
      return { page: document.documentElement.scrollWidth, tableRight: box.right, amountsRight: amounts.getBoundingClientRect().right };
    });
    expect(view.page, 'the page scrolls sideways at 1400 px').to.be.at.most(1400);
    expect(view.amountsRight, '含税金额 in view at 1400 px').to.be.at.most(view.tableRight);
    const pinned = await page.locator('[data-testid="bom-lines"] .ant-table-thead th.ant-table-cell-fix-left').allTextContents();
    expect(pinned).to.deep.equal(['行号', '物料编码']);
    console.log(`      screenshot: ${await screenshot(page, 'bom-1400')}`);
    // Scrolled to its right end: the price chosen, its pricing, day and validity, and the result.
    await page.locator('[data-testid="bom-lines"] .ant-table-content').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    console.log(`      screenshot: ${await screenshot(page, 'bom-1400-right')}`);

    // 导出 Excel: the same lines as the page priced, as the service's file.
    const exported = page.waitForResponse((r) => /sheet/.test(r.request().headers().accept ?? ''));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 Excel' }).click();
    const exportRes = await exported;
    expect(exportRes.status()).to.equal(200);
    expect(exportRes.headers()['content-disposition'] ?? '').to.include('bom-price-');
    expect((await download).suggestedFilename()).to.match(/^批量核价-\d{4}-\d{2}-\d{2}-\d{8}-\d{6}\.xlsx$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    console.log(`      screenshot: ${await screenshot(page, 'bom-390')}`);
    // On a phone the result card's title keeps its line, whole; 计价日 and the exports go under it.
    const layout = await page.evaluate(() => {
      const title = [...document.querySelectorAll('h2')].find((h) => h.textContent === '计价结果')!;
      const slot = title.closest<HTMLElement>('.ant-card-head-title')!;
      return {
        cut: slot.scrollWidth > slot.clientWidth,
        titleWidth: title.getBoundingClientRect().width,
        titleBottom: title.getBoundingClientRect().bottom,
        dayTop: document.querySelector('[data-testid="bom-day"]')!.getBoundingClientRect().top,
        buttonsTop: document.querySelector('[data-testid="export-buttons"]')!.getBoundingClientRect().top,
      };
    });
    expect(layout.cut, 'the title is cut').to.equal(false);
    expect(layout.titleWidth).to.be.greaterThan(50);
    expect(layout.dayTop).to.be.greaterThan(layout.titleBottom);
    expect(layout.buttonsTop).to.be.greaterThan(layout.titleBottom);

    // Another paste: the table says it is the previous run's until 计价 again.
    await page.getByLabel('粘贴物料编码与数量').fill(`${a.partNo}\n${b.partNo}，${noPrice}`);
    expect(await page.textContent('[data-testid="bom-read"]')).to.equal('已读取 3 行');
    expect(await page.textContent('main')).to.contain('下表仍是上次计价的结果');
  });

  it('one pasted column: quantity 1 each; today in APP_TIMEZONE is the default day', async () => {
    const { page } = w;
    const [a, b] = priced as [BomLineAnswer, BomLineAnswer];
    await openBom(page);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
    expect(await page.locator('#bom-on').inputValue()).to.equal(today);
    const bodies = recordBodies(page, BOM_PATH);
    await page.getByLabel('粘贴物料编码与数量').fill(`料号\n${a.partNo}, ${b.partNo}\n${noPrice}\n`);
    expect(await page.textContent('[data-testid="bom-read"]')).to.equal('已读取 3 行（已跳过标题行）');
    await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === BOM_PATH), priceButton(page).click()]);
    expect(bodies).to.deep.equal([
      {
        lines: [a.partNo, b.partNo, noPrice].map((partNo) => ({ partNo, quantity: 1 })),
        on: today,
      },
    ]);
    await page.waitForSelector('[data-testid="bom-totals"]');
    const expected = (await post<{ data: BomAnswer }>(service, BOM_PATH, bodies[0])).data;
    const rows = await tableRows(page, '[data-testid="bom-lines"]');
    expect(rows.map((r) => [r['物料编码'], r['数量'], r['结果'], r['金额']])).to.deep.equal(
      expected.lines.map((l) => [l.partNo, '1', RESULT_TEXT[l.result], money(l.amount)]),
    );
  });

  it('BOM 名称: sent as name, heads the printed sheet and the export; typed after 计价 it prices nothing again', async () => {
    const { page } = w;
    const [a, b] = priced as [BomLineAnswer, BomLineAnswer];
    await openBom(page);
    const bodies = recordBodies(page, BOM_PATH);
    const nameField = page.getByLabel('BOM 名称');
    expect(await nameField.getAttribute('maxlength')).to.equal('100');
    await nameField.fill('  A100 控制箱（二版）  ');
    await page.getByLabel('粘贴物料编码与数量').fill(`${a.partNo}\t2\n${b.partNo}\t3`);
    await chooseDay(page, DAY);
    await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === BOM_PATH), priceButton(page).click()]);
    const lines = [
      { partNo: a.partNo, quantity: 2 },
      { partNo: b.partNo, quantity: 3 },
    ];
    expect(bodies, 'the name trimmed, beside the lines').to.deep.equal([{ lines, on: DAY, name: 'A100 控制箱（二版）' }]);
    await page.waitForSelector('[data-testid="bom-totals"]');

    await page.emulateMedia({ media: 'print' });
    expect(await page.textContent('[data-testid="bom-sheet"] .qs-title')).to.contain('批量核价单A100 控制箱（二版）计价日');
    console.log(`      screenshot: ${await screenshot(page, 'bom-name-print')}`);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1400, height: 900 });
    console.log(`      screenshot: ${await screenshot(page, 'bom-name-1400')}`);
    await page.setViewportSize({ width: 390, height: 844 });
    // antd redraws for a phone's breakpoint a moment after the resize: the width once it has.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390, null, { timeout: 5000 }).catch(() => undefined);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll at 390 px').to.be.at.most(390);
    console.log(`      screenshot: ${await screenshot(page, 'bom-name-390')}`);

    // A name changed after 计价: no new request, the table stays current, the print and the file take it.
    await nameField.fill('A100 控制箱（三版）');
    await page.waitForTimeout(800); // longer than the options' retyping pause
    expect(bodies).to.have.length(1);
    expect(await page.textContent('main')).not.to.contain('下表仍是上次计价的结果');
    expect(await page.textContent('[data-testid="bom-sheet-name"]')).to.equal('A100 控制箱（三版）');
    const exported = page.waitForRequest((r) => /text\/csv/.test(r.headers().accept ?? ''));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 CSV' }).click();
    expect(JSON.parse((await exported).postData() ?? '{}')).to.deep.equal({ lines, on: DAY, name: 'A100 控制箱（三版）' });
    const file = await (await download).path();
    expect(fs.readFileSync(file, 'utf8'), 'the CSV carries the name').to.contain('A100 控制箱（三版）');

    // Cleared: no name is sent and none heads the sheet.
    await nameField.fill('');
    expect(await page.locator('[data-testid="bom-sheet-name"]').count()).to.equal(0);
    await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === BOM_PATH), priceButton(page).click()]);
    expect(bodies.at(-1)).to.deep.equal({ lines, on: DAY });
    // The export's toast (antd's message, outside the page's landmarks) has gone by then.
    await page.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('最低价, 折算币种 CNY and 假设汇率 USD 7.05: re-asked at each change with exactly those fields; the converted figures, 假设 and the print as the API answers', async () => {
    const { page } = w;
    // A USD part, a CNY part, and one priced in both (the demo's), as the clerk would paste them.
    const lines = [
      { partNo: 'P-100213', quantity: 10 },
      { partNo: 'P-100217', quantity: 2 },
      { partNo: 'P-100281', quantity: 5 },
      { partNo: noPrice, quantity: 1 },
    ];
    await openBom(page);
    const bodies = recordBodies(page, BOM_PATH);
    await page.getByLabel('粘贴物料编码与数量').fill(lines.map((l) => `${l.partNo}\t${l.quantity}`).join('\n'));
    await chooseDay(page, DAY);
    const answered = () =>
      page.waitForResponse((r) => new URL(r.url()).pathname === BOM_PATH && !/csv|sheet/.test(r.request().headers().accept ?? ''));
    let next = answered();
    await priceButton(page).click();
    await next;

    // Each change prices the same lines again, without 计价.
    next = answered();
    await page.locator('.ant-select:has(#bom-rule)').click();
    await chooseOption(page, '最低价');
    await next;
    next = answered();
    await page.locator('.ant-select:has(#bom-report-currency)').click();
    await chooseOption(page, 'CNY');
    await next;
    // The field shows the table's rate of the day until one is typed.
    const table = await fetch(`${service.base}/api/query/exchange-rates`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ on: DAY, currency: ['USD'] }),
    }).then((r) => r.json() as Promise<{ data: { rateToCny: number }[] }>);
    expect(await page.getByLabel('USD', { exact: true }).getAttribute('placeholder')).to.equal(RATE.format(table.data[0]!.rateToCny));
    next = answered();
    await page.getByLabel('USD', { exact: true }).fill('7.05');
    await next;
    const final = { lines, on: DAY, rule: 'lowest', reportCurrency: 'CNY', rates: { USD: 7.05 } };
    expect(bodies).to.deep.equal([
      { lines, on: DAY },
      { lines, on: DAY, rule: 'lowest' },
      { lines, on: DAY, rule: 'lowest', reportCurrency: 'CNY' },
      final,
    ]);
    await page.waitForSelector('[data-testid="bom-report-total"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="bom-lines"] .ant-spin-spinning'));

    const expected = (await post<{ data: BomAnswer }>(service, BOM_PATH, final)).data;
    expect(expected.lines.some((l) => l.rateSource === 'what-if')).to.equal(true);
    expect(expected.lines.some((l) => l.pricing?.currency === 'CNY')).to.equal(true);
    const rows = await tableRows(page, '[data-testid="bom-lines"]');
    expect(rows).to.deep.equal(
      expected.lines.map((l) => ({
        行号: String(l.lineNo),
        物料编码: l.partNo,
        物料名称: l.pricing?.partName ?? '-',
        规格型号: l.pricing?.spec ?? '-',
        供应商: l.pricing?.supplierName ?? '-',
        数量: QUANTITY.format(l.quantity),
        币种: l.pricing?.currency ?? '-',
        未税单价: money(l.pricing?.unitPrice),
        金额: money(l.amount),
        含税金额: money(l.amountWithTax),
        // The rate, then 假设 for the typed one or the day its table row holds from.
        折算率: l.pricing === null ? '-' : `${RATE.format(l.rate!)}${l.rateSource === 'what-if' ? '假设' : (l.rateDate ?? '')}`,
        '折算金额（CNY）': money(l.amountInReportCurrency),
        '折算含税金额（CNY）': money(l.amountWithTaxInReportCurrency),
        ...choice(l),
        核价单号: l.pricing?.pricingNo ?? '-',
        ...pricedWhen(l),
        结果: RESULT_TEXT[l.result],
      })),
    );
    expect(expected.lines.filter((l) => l.pricing).every((l) => l.chosenBy === 'lowest')).to.equal(true);
    expect(await page.textContent('[data-testid="bom-basis"]')).to.equal('计价规则：最低价；折算币种：CNY');
    expect(await page.textContent('[data-testid="bom-rates"]')).to.equal('所用汇率（人民币/单位外币）：USD 7.05 假设');
    expect(await page.locator('[data-testid="bom-missing-rates"]').count()).to.equal(0);

    // 折算合计 below the totals per currency, with the assumed rate said.
    const total = expected.reportTotal!;
    expect(total.rateSource).to.equal('what-if');
    expect(await page.textContent('[data-testid="bom-report-total"] h3')).to.equal('折算合计（CNY）含假设汇率');
    expect(await tableRows(page, '[data-testid="bom-report-total"]')).to.deep.equal([
      { 计入行数: String(total.lines), '折算金额合计（CNY）': money(total.amount), '折算含税金额合计（CNY）': money(total.amountWithTax) },
    ]);
    expect(await page.locator('[data-testid="bom-without-rate"]').count()).to.equal(total.linesWithoutRate > 0 ? 1 : 0);
    expect(await axeViolations(page)).to.deep.equal([]);
    console.log(`      screenshot: ${await screenshot(page, 'bom-converted-1400')}`);

    // The export sends the same body, so the file is what the screen shows.
    const exported = page.waitForRequest((r) => /text\/csv/.test(r.headers().accept ?? ''));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 CSV' }).click();
    expect(JSON.parse((await exported).postData() ?? '{}')).to.deep.equal(final);
    await download;

    // The print states the rule, the report currency and each rate used (假设汇率), and the converted total.
    await page.emulateMedia({ media: 'print' });
    expect(await page.textContent('[data-testid="bom-sheet-basis"]')).to.equal(
      '计价规则最低价折算币种CNY所用汇率USD 7.05（假设汇率）（人民币/单位外币）',
    );
    const sheetHead = await page.locator('[data-testid="bom-sheet"] thead th').allTextContents();
    expect(sheetHead).to.include.members(['折算率', '折算金额（CNY）', '折算含税金额（CNY）']);
    expect(await page.textContent('[data-testid="bom-sheet-report-total"]')).to.equal(
      `折算合计（CNY，${total.lines} 行）含假设${money(total.amount)}${money(total.amountWithTax)}`,
    );
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length, 'pages of the 批量核价单').to.equal(1);
    await page.emulateMedia({ media: 'screen' });

    // On a phone the new fields wrap: no sideways scroll of the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    // The export's toast (antd's message, outside the page's landmarks) has gone by then.
    await page.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: 15_000 });
    console.log(`      screenshot: ${await screenshot(page, 'bom-converted-390')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('优先供应商: shown only for that rule, the codes sent in order; none typed: no request', async () => {
    const { page } = w;
    const [a] = priced as [BomLineAnswer];
    await openBom(page);
    const bodies = recordBodies(page, BOM_PATH);
    await page.getByLabel('粘贴物料编码与数量').fill(`${a.partNo}\t2`);
    await chooseDay(page, DAY);
    expect(await page.locator('#bom-suppliers').count()).to.equal(0);
    await page.locator('.ant-select:has(#bom-rule)').click();
    await chooseOption(page, '优先供应商');
    await page.locator('#bom-suppliers').waitFor();
    expect(await page.textContent('[data-testid="bom-suppliers-help"]')).to.equal('请填写至少一个供应商编码');
    expect(await priceButton(page).isDisabled()).to.equal(true);
    await page.locator('#bom-suppliers').fill(`S9999, ${a.pricing!.supplierCode}\nS9999`);
    await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === BOM_PATH), priceButton(page).click()]);
    const body = { lines: [{ partNo: a.partNo, quantity: 2 }], on: DAY, rule: 'preferred', suppliers: ['S9999', a.pricing!.supplierCode] };
    expect(bodies).to.deep.equal([body]);
    await page.waitForSelector('[data-testid="bom-totals"]');
    const expected = (await post<{ data: BomAnswer }>(service, BOM_PATH, body)).data;
    expect(expected.lines[0]!.chosenBy).to.equal('preferred');
    const rows = await tableRows(page, '[data-testid="bom-lines"]');
    expect(rows.map((r) => r['选取方式'])).to.deep.equal(['优先供应商']);
    expect(await page.textContent('[data-testid="bom-basis"]')).to.contain(`优先供应商：S9999、${a.pricing!.supplierCode}`);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('a rate missing on the day is said plainly: the currency, the lines without a converted amount, the total that leaves them out', async () => {
    const { page } = w;
    // The demo has a rate for every currency on every day it prices, so the answer is the service's
    // own with USD's rate taken out, as the service answers a day without it (docs/api.md).
    await page.route(`**${BOM_PATH}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: BomAnswer };
      const d = body.data;
      const without = d.lines.filter((l) => l.pricing?.currency === 'USD');
      for (const l of without)
        Object.assign(l, {
          rate: null,
          rateDate: null,
          rateSource: null,
          amountInReportCurrency: null,
          amountWithTaxInReportCurrency: null,
        });
      d.rates = d.rates.filter((r) => r.currency !== 'USD');
      d.missingRates = ['USD'];
      d.reportTotal = { ...d.reportTotal!, lines: d.reportTotal!.lines - without.length, linesWithoutRate: without.length };
      await route.fulfill({ response, json: body });
    });
    await openBom(page);
    await page.getByLabel('粘贴物料编码与数量').fill('P-100179\t3\nP-100217\t2');
    await chooseDay(page, DAY);
    await page.locator('.ant-select:has(#bom-report-currency)').click();
    await chooseOption(page, 'CNY');
    await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === BOM_PATH), priceButton(page).click()]);
    await page.waitForSelector('[data-testid="bom-report-total"]');
    expect(await page.textContent('[data-testid="bom-missing-rates"]'))
      .to.contain(`计价日 ${DAY} 没有 USD 的汇率`)
      .and.contain('不计入折算合计');
    expect(await page.textContent('[data-testid="bom-without-rate"]')).to.equal('1 行没有汇率，未计入');
    const rows = await tableRows(page, '[data-testid="bom-lines"]');
    expect(rows.map((r) => [r['币种'], r['折算率'], r['折算金额（CNY）']])).to.deep.equal([
      ['USD', '无汇率', '-'],
      ['CNY', '1', rows[1]!['金额']],
    ]);
    await page.emulateMedia({ media: 'print' });
    expect(await page.textContent('[data-testid="bom-sheet-basis"]')).to.contain('缺少汇率USD');
    await page.emulateMedia({ media: 'screen' });
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('a failed request empties the table and says what failed', async () => {
    const { page } = w;
    const [a] = priced as [BomLineAnswer];
    await openBom(page);
    await page.getByLabel('粘贴物料编码与数量').fill(`${a.partNo}\t2`);
    await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === BOM_PATH), priceButton(page).click()]);
    await page.waitForSelector('[data-testid="bom-lines"] .ant-table-tbody tr.ant-table-row');

    await page.route(`**${BOM_PATH}`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL_ERROR', message: '服务器内部错误' }),
      }),
    );
    await page.getByLabel('粘贴物料编码与数量').fill(`${a.partNo}\t3`);
    await priceButton(page).click();
    await page.waitForSelector('[data-testid="bom-error"]');
    expect(await page.textContent('[data-testid="bom-error"]'))
      .to.contain('计价失败')
      .and.contain('服务器内部错误');
    expect(await page.locator('[data-testid="bom-lines"] .ant-table-tbody tr.ant-table-row').count()).to.equal(0);
    expect(await page.textContent('[data-testid="bom-lines"] .ant-table-tbody')).to.contain('计价失败，没有结果');
    expect(await page.locator('[data-testid="bom-totals"]').count()).to.equal(0);
    expect(await axeViolations(page)).to.deep.equal([]);
  });
});
