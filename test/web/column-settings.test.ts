/// <reference lib="dom" />
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { EXCHANGE_RATE_ROW_LABELS, PRICING_ROW_LABELS, SECONDARY_PROCESS_ROW_LABELS } from '../../web/src/api/fields.js';
import {
  closePage,
  launchBrowser,
  openPage,
  screenshot,
  startService,
  TIME_ZONE,
  toggleColumn,
  type Service,
  type WatchedPage,
} from './browser.js';

/**
 * 列设置 offers every field of a list's row (the export takes the columns shown, so a field missing
 * there is a field no clerk can have in a file): 核价查询, 二次加工查询 and 汇率. 上次批准单价, hidden at
 * first on the wide pricing list, switched on shows the API's values and goes into the export.
 */
const PRICE = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** Each row field's column title: the field's name, but 较上次 (changeRate's short title, its full name on hover). */
const titles = (labels: Record<string, string>, short: Record<string, string> = {}) =>
  Object.entries(labels).map(([field, label]) => short[field] ?? label);

const LISTS = [
  { path: '/pricing', titles: titles(PRICING_ROW_LABELS, { changeRate: '较上次' }) },
  { path: '/secondary-process', titles: titles(SECONDARY_PROCESS_ROW_LABELS) },
  { path: '/exchange-rates', titles: titles(EXCHANGE_RATE_ROW_LABELS) },
];

async function settingsTitles(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: '列设置' }).click();
  await page.locator('.column-settings').waitFor();
  return (await page.locator('.column-settings .ant-checkbox-wrapper').allTextContents()).map((t) => t.trim());
}

/** The shown header cells' texts, in order. */
const headers = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.list-results .ant-table-thead th')].map((th) => th.textContent?.trim() ?? ''));

describe('web: 列设置 offers every field of the row, in Chromium', function () {
  this.timeout(120_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;

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
    return closePage(w, this.currentTest, 'column-settings');
  });

  for (const list of LISTS) {
    it(`${list.path}: every row field is in the column settings`, async () => {
      const { page } = w;
      await page.goto(`${service.base}${list.path}`);
      await page.waitForSelector('.list-results .ant-table-tbody tr.ant-table-row');
      const offered = await settingsTitles(page);
      expect(
        list.titles.filter((t) => !offered.includes(t)),
        'row fields missing from 列设置',
      ).to.deep.equal([]);
    });
  }

  it('核价查询: 上次批准单价 and 上次批准核价单号, hidden at first, switched on show the API values and go into the export', async () => {
    const { page } = w;
    const res = await fetch(`${service.base}/api/query/pricing`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    const rows = ((await res.json()) as { data: { previousApprovedPrice: number | null; previousApprovedPricingNo: string | null }[] })
      .data;
    expect(
      rows.some((r) => r.previousApprovedPrice !== null),
      'a row with a previous approved price',
    ).to.equal(true);
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector('.list-results .ant-table-tbody tr.ant-table-row');
    expect(await headers(page)).not.to.include.members(['上次批准单价']);
    expect(await headers(page)).not.to.include.members(['上次批准核价单号']);

    await toggleColumn(page, '上次批准单价');
    await toggleColumn(page, '上次批准核价单号');
    await page.keyboard.press('Escape');
    const shown = await headers(page);
    const priceAt = shown.indexOf('上次批准单价');
    const numberAt = shown.indexOf('上次批准核价单号');
    expect(priceAt, 'the column shown').to.be.greaterThan(-1);
    expect(numberAt).to.be.greaterThan(-1);
    const cells = await page.evaluate(
      ([p, n]: [number, number]) =>
        [...document.querySelectorAll('.list-results .ant-table-tbody tr.ant-table-row')].map((tr) => {
          const tds = [...tr.querySelectorAll('td')];
          return [tds[p]!.textContent?.trim(), tds[n]!.textContent?.trim()];
        }),
      [priceAt, numberAt] as [number, number],
    );
    expect(cells).to.deep.equal(
      rows.map((r) => [r.previousApprovedPrice === null ? '-' : PRICE.format(r.previousApprovedPrice), r.previousApprovedPricingNo ?? '-']),
    );
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.locator('.list-results .ant-table-content').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    console.log(`      screenshot: ${await screenshot(page, 'column-settings-previous-approved-1400')}`);

    const exported = page.waitForRequest((r) => /text\/csv/.test(r.headers().accept ?? ''));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 CSV' }).click();
    const columns = (JSON.parse((await exported).postData() ?? '{}') as { columns: string[] }).columns;
    expect(columns).to.include.members(['previousApprovedPrice', 'previousApprovedPricingNo']);
    expect(columns.indexOf('previousApprovedPrice')).to.be.lessThan(columns.indexOf('previousApprovedPricingNo'));
    const [header] = parse(fs.readFileSync(await (await download).path()), { bom: true, to: 1 });
    expect(header).to.include.members(['上次批准单价', '上次批准核价单号']);
  });
});
