/// <reference lib="dom" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page, Route } from 'playwright-core';
import {
  chooseOption,
  axeViolations,
  clickQuery,
  closePage,
  freePort,
  launchBrowser,
  openPage,
  screenshot,
  type Service,
  startService,
  TIME_ZONE,
  type WatchedPage,
} from './browser.js';

/**
 * The page on a bad day: the service cannot be reached (the network, a restart, a proxy's 502),
 * in Chromium against the real service. Every page says so in Chinese with 重试, which works once
 * the service is back; only the service's 404 says a pricing does not exist; a page whose code
 * cannot load says so in place instead of reloading into the browser's error page; and what the
 * clerk typed (批量核价's paste and settings, a half-filled search form) survives the outage and a
 * reload. Outages are the service's process stopped and started again, or requests routed to fail.
 */
const UNREACHABLE = '服务暂时无法连接';
const retryButton = (page: Page) => page.getByRole('button', { name: /^重\s*试$/ });

interface Row {
  id: number;
  pricingNo: string;
  partNo: string;
}

describe('web: when the service cannot be reached', function () {
  this.timeout(180_000);
  let port: number;
  let dbFile: string;
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  let pricing: Row;
  let priced: Row[];

  const start = async () => {
    service = await startService({ APP_TIMEZONE: TIME_ZONE }, dbFile, port);
  };

  before(async () => {
    port = await freePort();
    dbFile = path.join(os.tmpdir(), `pricing-web-outage-${process.pid}.sqlite3`);
    await start();
    browser = await launchBrowser();
    const res = await fetch(`${service.base}/api/query/pricing`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        status: ['approved'],
        inForceOn: new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date()),
      }),
    });
    priced = ((await res.json()) as { data: Row[] }).data;
    pricing = priced[0]!;
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
  });
  beforeEach(async () => {
    w = await openPage(browser);
  });
  afterEach(function () {
    // The failed requests and what Chromium and React log of them are the case under test.
    return closePage(
      w,
      this.currentTest,
      'outage',
      /ERR_CONNECTION_REFUSED|ERR_FAILED|status of 50[0234]|status of 404|dynamically imported module|PricingList-/,
    );
  });

  /** Loads of the page's document (the first one, reloads). */
  function documentLoads(page: Page): { count: number } {
    const loads = { count: 0 };
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) loads.count += 1;
    });
    return loads;
  }

  /** Every query the page sends fails as `how` says until the returned function is called (the page itself loaded). */
  async function apiDown(page: Page, how: 'refused' | 502 | 503 | 504): Promise<() => Promise<void>> {
    const fail = (route: Route) =>
      how === 'refused'
        ? route.abort('connectionrefused')
        : route.fulfill({ status: how, contentType: 'text/html', body: `<html><body><h1>${how} Bad Gateway</h1>nginx</body></html>` });
    await page.route('**/api/query/**', fail);
    return () => page.unroute('**/api/query/**', fail);
  }

  /** The page shows the message (no English, no 不存在) and 重试; `up()`, then 重试 shows `ready`. */
  async function saysUnreachableThenRetries(page: Page, name: string, up: () => Promise<void>, ready: string, messages = 1): Promise<void> {
    await page
      .getByTestId('unreachable')
      .nth(messages - 1)
      .waitFor();
    const text = (await page.textContent('main')) ?? '';
    expect(text).to.contain(UNREACHABLE);
    expect(text).not.to.match(/Failed to fetch|不存在|HTTP 50/);
    for (const width of [1400, 390]) {
      await page.setViewportSize({ width, height: 900 });
      console.log(`      screenshot: ${await screenshot(page, `outage-${name}-${width}`)}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);
      expect(await axeViolations(page), `axe at ${width} px`).to.deep.equal([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await up();
    // One 重试 asks again for every part that failed (汇率: 今日汇率 and the list; 二次加工查询: the statistics and the list).
    expect(await page.getByTestId('unreachable').count()).to.equal(messages);
    await page
      .getByTestId('unreachable')
      .first()
      .getByRole('button', { name: /^重\s*试$/ })
      .click();
    await page.waitForSelector(ready);
    await page.getByTestId('unreachable').first().waitFor({ state: 'detached' });
  }

  const PAGES: {
    name: string;
    path: () => string;
    how: 'refused' | 502 | 503 | 504;
    ready: string;
    /** How many parts of the page say so, when more than one. */
    messages?: number;
    act?: (page: Page) => Promise<void>;
  }[] = [
    { name: '工作台', path: () => '/', how: 'refused', ready: '[data-testid="home-pending"]' },
    { name: '核价查询', path: () => '/pricing', how: 502, ready: '.ant-table-tbody tr.ant-table-row' },
    { name: '二次加工查询', path: () => '/secondary-process', how: 503, ready: '.ant-table-tbody tr.ant-table-row', messages: 2 },
    { name: '核价明细', path: () => `/pricing/${pricing.id}`, how: 'refused', ready: '[data-testid="cost-lines"]' },
    { name: '汇率', path: () => '/exchange-rates', how: 504, ready: '[data-testid="today-rates"] .ant-table-row', messages: 2 },
    {
      name: '批量核价',
      path: () => '/bom',
      how: 'refused',
      ready: '[data-testid="bom-summary"]',
      act: async (page) => {
        await page.getByLabel('粘贴物料编码与数量').fill(`${pricing.partNo}\t2`);
        await page.locator('button', { hasText: /^计\s*价$/ }).click();
      },
    },
  ];

  for (const p of PAGES) {
    it(`${p.name}: no answer (${p.how === 'refused' ? 'connection refused' : `a proxy's ${p.how}`}) says ${UNREACHABLE} with 重试, which works once the service is back`, async () => {
      const { page } = w;
      const up = await apiDown(page, p.how);
      await page.goto(`${service.base}${p.path()}`);
      await p.act?.(page);
      await saysUnreachableThenRetries(page, p.name, up, p.ready, p.messages);
    });
  }

  it('核价明细: only the service’s 404 says 核价记录不存在; another failure says what it was, with 重试', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing/99999999`);
    await page.getByText('核价记录不存在').waitFor();
    expect(await retryButton(page).count()).to.equal(0);
    // The tab says it too, in place of the page's name.
    await page.waitForFunction(() => document.title === '核价记录不存在 - 核价工作台');

    // The service's own error body (a 500 with the contract's body): its words, not 不存在.
    let failed = true;
    await page.route('**/api/query/pricing-details', (route) =>
      failed
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, code: 'INTERNAL_ERROR', message: '服务内部错误，请稍后重试' }),
          })
        : route.continue(),
    );
    await page.goto(`${service.base}/pricing/${pricing.id}`);
    await page.getByText('核价明细加载失败').waitFor();
    const text = (await page.textContent('main')) ?? '';
    expect(text).to.contain('服务内部错误').and.not.contain('不存在');
    failed = false;
    await retryButton(page).click();
    await page.waitForSelector('[data-testid="cost-lines"]');
  });

  /** While the service is stopped: 计价 and a page whose code was never loaded say so, without a reload. */
  async function whileDown(page: Page, loads: { count: number }): Promise<void> {
    await page.locator('button', { hasText: /^计\s*价$/ }).click();
    await page.getByTestId('unreachable').waitFor();
    expect(await page.textContent('main')).to.contain(UNREACHABLE);

    // 核价查询's code was never loaded: the page says so where the list would be, and does not reload.
    await page.getByRole('link', { name: '核价查询' }).click();
    await page.getByRole('heading', { name: UNREACHABLE, level: 1 }).waitFor();
    expect(page.url()).to.equal(`${service.base}/pricing`);
    expect(loads.count).to.equal(1);
    console.log(`      screenshot: ${await screenshot(page, 'outage-page-code')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
    // 重试 while still down: still the message, still no reload.
    await retryButton(page).click();
    await page.getByRole('heading', { name: UNREACHABLE, level: 1 }).waitFor();
    expect(loads.count).to.equal(1);
  }

  it('the service stops part-way: 批量核价 and a page whose code has not loaded say so in place, nothing reloads, and the paste and its settings survive a reload', async () => {
    const { page } = w;
    const loads = documentLoads(page);
    await page.goto(`${service.base}/bom`);
    const paste = `物料编码\t数量\n${priced[0]!.partNo}\t2\n${priced[1]!.partNo}\t3.5`;
    await page.getByLabel('粘贴物料编码与数量').fill(paste);
    await page.getByLabel('BOM 名称').fill('XK-200 控制箱');
    await page.locator('.ant-select:has(#bom-rule)').click();
    await chooseOption(page, '最低价');
    await page.locator('.ant-select:has(#bom-report-currency)').click();
    await chooseOption(page, 'CNY');
    await page.getByLabel('USD', { exact: true }).fill('7.05');
    const day = page.locator('#bom-on');
    await day.click();
    await day.fill('2026-11-20');
    await day.press('Enter');
    await page.keyboard.press('Escape');

    await service.stop();
    try {
      await whileDown(page, loads);
    } finally {
      // Up again for what follows, whatever happened meanwhile.
      await start();
    }
    await retryButton(page).click();
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    expect(loads.count).to.equal(1);

    // Back to 批量核价 (its page made anew) and after a reload: everything typed is there.
    const kept = async () => {
      await page.getByLabel('粘贴物料编码与数量').waitFor();
      expect(await page.getByLabel('粘贴物料编码与数量').inputValue()).to.equal(paste);
      expect(await page.getByLabel('BOM 名称').inputValue()).to.equal('XK-200 控制箱');
      expect(await page.locator('.ant-select:has(#bom-rule) .ant-select-selection-item').textContent()).to.equal('最低价');
      expect(await page.locator('.ant-select:has(#bom-report-currency) .ant-select-selection-item').textContent()).to.equal('CNY');
      expect(await page.getByLabel('USD', { exact: true }).inputValue()).to.equal('7.05');
      expect(await page.locator('#bom-on').inputValue()).to.equal('2026-11-20');
    };
    await page.getByRole('link', { name: '批量核价' }).click();
    await kept();
    await page.reload();
    await kept();
    expect(await page.getByTestId('bom-restored').textContent()).to.contain('已恢复');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/query/bom-price'),
      page.locator('button', { hasText: /^计\s*价$/ }).click(),
    ]);
    expect(JSON.parse(answer.request().postData() ?? '{}')).to.deep.include({
      on: '2026-11-20',
      rule: 'lowest',
      reportCurrency: 'CNY',
      rates: { USD: 7.05 },
      name: 'XK-200 控制箱',
    });
    await page.waitForSelector('[data-testid="bom-summary"]');

    // 清空 forgets the paste: a reload then starts with an empty field.
    await page.locator('button', { hasText: /^清\s*空$/ }).click();
    await page.reload();
    await page.getByLabel('粘贴物料编码与数量').waitFor();
    expect(await page.getByLabel('粘贴物料编码与数量').inputValue()).to.equal('');
  });

  it('批量核价: the day’s rates unread say so (未读到, not 无汇率) with 重试, and are read again once a run has finished', async () => {
    const { page } = w;
    let down = true;
    await page.route('**/api/query/exchange-rates', (route) => (down ? route.abort('connectionrefused') : route.continue()));
    await page.goto(`${service.base}/bom`);
    const usd = page.locator('#bom-rate-USD');
    await page.waitForFunction(() => document.querySelector('#bom-rate-USD')?.getAttribute('placeholder') === '未读到');
    expect(await page.locator('#bom-what-if-help').textContent()).to.contain(`${UNREACHABLE}，未读到汇率表`);
    // 重试 while still down: still said so.
    await page
      .locator('#bom-what-if-help')
      .getByRole('button', { name: /^重\s*试$/ })
      .click();
    await page.waitForTimeout(300);
    expect(await usd.getAttribute('placeholder')).to.equal('未读到');

    // Back: a run that finishes reads the rates again, and the table's rate shows.
    down = false;
    await page.getByLabel('粘贴物料编码与数量').fill('物料编码\t数量\nP-100002\t2');
    await page.locator('button', { hasText: /^计\s*价$/ }).click();
    await page.waitForSelector('[data-testid="bom-summary"]');
    await page.waitForFunction(() => /^\d+\.\d+$/.test(document.querySelector('#bom-rate-USD')?.getAttribute('placeholder') ?? ''));
    expect(await page.locator('#bom-what-if-help').textContent()).to.contain('留空则按汇率表');
  });

  it('a half-filled search form survives a reload (not sent until 查询), and a sent one is the address again', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing?status=approved`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    const form = page.locator('.list-search');
    await form.getByLabel('关键字').fill('支架');
    await form.getByLabel('核价员').fill('张伟');
    await page.getByLabel('较上次涨幅下限').fill('5');

    await page.reload();
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    expect(await form.getByLabel('关键字').inputValue()).to.equal('支架');
    expect(await form.getByLabel('核价员').inputValue()).to.equal('张伟');
    expect(await page.getByLabel('较上次涨幅下限').inputValue()).to.equal('5.00');
    expect(await page.getByTestId('form-restored').textContent()).to.contain('已恢复未提交的查询条件');
    // The list itself is still the address's.
    expect(page.url()).to.equal(`${service.base}/pricing?status=approved`);

    const sent = await clickQuery(page, '/api/query/pricing');
    expect(JSON.parse(sent.request().postData() ?? '{}')).to.deep.include({
      status: ['approved'],
      keyword: '支架',
      pricedBy: '张伟',
      minChangeRate: 0.05,
    });
    expect(await page.getByTestId('form-restored').count()).to.equal(0);

    // Another list (a view) is not filled with an old draft.
    await form.getByLabel('关键字').fill('底座');
    await page.getByRole('button', { name: '当前有效' }).click();
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    await page.reload();
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    expect(await form.getByLabel('关键字').inputValue()).to.equal('');
  });
});
