/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import fs from 'node:fs';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import {
  chooseOption,
  axeViolations,
  clickQuery,
  closePage,
  launchBrowser,
  openPage,
  screenshot,
  type Service,
  startService,
  TIME_ZONE,
  type WatchedPage,
  wallTime,
} from './browser.js';

/**
 * 汇率 in Chromium against the real service: the rate in force today of each currency, as
 * POST /api/query/exchange-rates answers `{on: today}`, and the table's rows as a list whose
 * filters, sort and export send the contract's body and show the API's rows for it.
 */
const RATES_PATH = '/api/query/exchange-rates';
const RATE = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 8 });

interface RateRow {
  id: number;
  currency: string;
  rateToCny: number;
  validFrom: string;
  nextValidFrom: string | null;
  source: string | null;
  updatedAt: string;
}
interface RatePage {
  data: RateRow[];
  total: number;
}

async function post<T>(service: Service, body: unknown): Promise<T> {
  const res = await fetch(`${service.base}${RATES_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, JSON.stringify(body)).to.equal(200);
  return (await res.json()) as T;
}

/** The cells of a table as text, one object per body row, keyed by the header's text. */
async function tableRows(page: Page, within: string): Promise<Record<string, string>[]> {
  return page.evaluate((within) => {
    const table = document.querySelector(within)!;
    const headers = [...table.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim() ?? '');
    return [...table.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) =>
      Object.fromEntries([...tr.children].map((td, i) => [headers[i] ?? String(i), td.textContent?.trim() ?? ''])),
    );
  }, within);
}

/** A list row as the page shows it (the columns shown by default). */
const listed = (r: RateRow) => ({
  币种: r.currency,
  '汇率（人民币/单位外币）': RATE.format(r.rateToCny),
  生效日期: r.validFrom,
  下一汇率生效日期: r.nextValidFrom ?? '最新',
  来源: r.source ?? '-',
  更新时间: wallTime(r.updatedAt),
});

describe('web: 汇率 (the exchange-rate table) in Chromium', function () {
  this.timeout(120_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

  before(async () => {
    service = await startService({ APP_TIMEZONE: TIME_ZONE });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    w = await openPage(browser);
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'exchange-rates');
  });

  async function openRates(page: Page): Promise<void> {
    await page.goto(`${service.base}/`);
    await page.getByRole('link', { name: '汇率', exact: true }).click();
    await page.waitForURL(/\/exchange-rates$/);
    await page.waitForSelector('[data-testid="today-rates"] .ant-table-tbody tr.ant-table-row');
    await page.waitForSelector('.list-results .ant-table-tbody tr.ant-table-row');
  }

  it("shows today's rate of each currency as the API's `on` answer, and the list's rows as the API lists them", async () => {
    const { page } = w;
    await openRates(page);

    // Today's rates: one row a currency, exactly what the list answers for {on: today}.
    const inForce = await post<RatePage>(service, { on: today, pageSize: 200, sort: { currency: 'ascend' } });
    expect(inForce.data.map((r) => r.currency)).to.deep.equal(['EUR', 'JPY', 'USD']);
    expect(await page.textContent('[data-testid="today-rates"] .ant-card-head'))
      .to.contain('今日汇率')
      .and.contain(today);
    expect(await tableRows(page, '[data-testid="today-rates"]')).to.deep.equal(
      inForce.data.map((r) => ({
        币种: r.currency,
        '汇率（人民币/单位外币）': RATE.format(r.rateToCny),
        生效日期: r.validFrom,
        来源: r.source ?? '-',
      })),
    );
    // The digits as stored: JPY's eight decimals whole, no float noise.
    const jpy = inForce.data.find((r) => r.currency === 'JPY')!;
    expect(String(jpy.rateToCny).split('.')[1]!.length).to.be.greaterThan(4);
    expect(await page.textContent('[data-testid="today-rates"]')).to.contain(String(jpy.rateToCny));

    // The list: the first page in the default sort (validFrom, newest first), as the API answers {}.
    const first = await post<RatePage>(service, {});
    expect(await tableRows(page, '.list-results')).to.deep.equal(first.data.map(listed));
    expect(await page.textContent('.list-results .ant-pagination')).to.contain(`总共 ${first.total} 条`);
    console.log(`      screenshot: ${await screenshot(page, 'exchange-rates-1400')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('filters by 币种 and 有效日, sorts by 汇率 and exports what it lists', async () => {
    const { page } = w;
    await openRates(page);

    await page.locator('.ant-select:has(#currency)').click();
    await chooseOption(page, 'USD');
    await chooseOption(page, 'JPY');
    await page.keyboard.press('Escape');
    const range = page.locator('.ant-form-item:has(label[title="生效日期"]) input');
    await range.nth(0).click();
    await range.nth(0).fill('2025-06-01');
    await range.nth(0).press('Tab');
    await range.nth(1).fill('2026-06-30');
    await range.nth(1).press('Tab');
    const filtered = await clickQuery(page, RATES_PATH);
    const body = JSON.parse(filtered.request().postData() ?? '{}') as Record<string, unknown>;
    expect(body).to.deep.equal({
      current: 1,
      pageSize: 20,
      currency: ['USD', 'JPY'],
      validFromFrom: '2025-06-01',
      validFromTo: '2026-06-30',
    });
    const expected = await post<RatePage>(service, body);
    expect(expected.total).to.equal(26);
    await page.waitForFunction(() => !document.querySelector('.list-results .ant-spin-spinning'));
    expect(await tableRows(page, '.list-results')).to.deep.equal(expected.data.map(listed));
    expect(await page.evaluate(() => window.location.search)).to.contain('currency=USD,JPY');

    // 有效日: each chosen currency's rate in force that day, one row each.
    const day = page.locator('#on');
    await day.click();
    await day.fill('2026-03-15');
    await day.press('Tab');
    const onDay = JSON.parse((await clickQuery(page, RATES_PATH)).request().postData() ?? '{}') as Record<string, unknown>;
    expect(onDay).to.deep.equal({ ...body, on: '2026-03-15' });
    const inForce = await post<RatePage>(service, onDay);
    expect(inForce.data.map((r) => r.currency).sort()).to.deep.equal(['JPY', 'USD']);
    expect(inForce.data.every((r) => r.validFrom === '2026-03-01')).to.equal(true);
    await page.waitForFunction(() => !document.querySelector('.list-results .ant-spin-spinning'));
    expect(await tableRows(page, '.list-results')).to.deep.equal(inForce.data.map(listed));

    // 汇率's header: sorted by the service, from page 1.
    const sorted = page.waitForResponse((r) => new URL(r.url()).pathname === RATES_PATH && r.request().method() === 'POST');
    await page.locator('.list-results th.ant-table-column-has-sorters', { hasText: '汇率（人民币/单位外币）' }).click();
    const sortBody = JSON.parse((await sorted).request().postData() ?? '{}') as Record<string, unknown>;
    expect(sortBody).to.deep.equal({ ...onDay, sort: { rateToCny: 'ascend' } });
    const ascending = await post<RatePage>(service, sortBody);
    await page.waitForFunction(() => !document.querySelector('.list-results .ant-spin-spinning'));
    expect((await tableRows(page, '.list-results')).map((r) => r['币种'])).to.deep.equal(ascending.data.map((r) => r.currency));

    // Before the export, whose toast (antd's message) sits outside the page's landmarks.
    expect(await axeViolations(page)).to.deep.equal([]);

    // 导出 CSV: the service's file of the same rows, the columns shown.
    const exported = page.waitForRequest((r) => /text\/csv/.test(r.headers().accept ?? ''));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 CSV' }).click();
    const exportBody = JSON.parse((await exported).postData() ?? '{}') as Record<string, unknown>;
    expect(exportBody).to.deep.equal({
      currency: ['USD', 'JPY'],
      validFromFrom: '2025-06-01',
      validFromTo: '2026-06-30',
      on: '2026-03-15',
      sort: { rateToCny: 'ascend' },
      columns: ['currency', 'rateToCny', 'validFrom', 'nextValidFrom', 'source', 'updatedAt'],
    });
    const file = await download;
    const rows: string[][] = parse(fs.readFileSync(await file.path(), 'utf8'), { bom: true });
    expect(rows[0]!.slice(0, 3)).to.deep.equal(['币种', '汇率（人民币/单位外币）', '生效日期']);
    expect(rows.slice(1).map((r) => [r[0], Number(r[1])])).to.deep.equal(ascending.data.map((r) => [r.currency, r.rateToCny]));
  });

  it("at 390 px: no sideways scroll, a card a rate (the day's rates too: nothing scrolls inside them), axe clean", async () => {
    const { page } = w;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${service.base}/exchange-rates`);
    await page.waitForSelector('[data-testid="today-rates"] .fit-row');
    await page.waitForSelector('.list-card');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).to.be.at.most(390);
    const inForce = await post<RatePage>(service, { on: today, pageSize: 200, sort: { currency: 'ascend' } });
    const todayCards = await page.$$eval('[data-testid="today-rates"] .fit-row', (cards) =>
      cards.map((c) => [c.querySelector('.fit-row-head')!.textContent, Number(c.querySelector('[data-field="rateToCny"]')!.textContent)]),
    );
    expect(todayCards).to.deep.equal(inForce.data.map((r) => [r.currency, r.rateToCny]));
    expect(await page.locator('[data-testid="today-rates"] .ant-table').count()).to.equal(0);
    const first = await post<RatePage>(service, {});
    expect(await page.locator('.list-card .list-card-title').allTextContents()).to.deep.equal(
      first.data.map((r) => `${r.currency} ${r.validFrom}`),
    );
    console.log(`      screenshot: ${await screenshot(page, 'exchange-rates-390')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
  });
});
