/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import {
  axeViolations,
  closePage,
  launchBrowser,
  openPage,
  screenshot,
  type Service,
  startService,
  waitForRows,
  type WatchedPage,
} from './browser.js';

/**
 * Each page's code is a chunk of its own, loaded when the page is opened. After a deploy, a tab
 * opened before it asks for the old build's chunk names, which the service answers with 404: the
 * service answers, so the page reloads once (the new index.html names the new chunks), and when the
 * chunk still does not load it says so with 重试 instead of reloading again. The chunk's 404 here is
 * the service's answer to a name it no longer has, given by the browser's own request routing. (A
 * chunk that fails because the service is down: test/web/outage.test.ts.)
 */
const CHUNK = '**/assets/SecondaryProcessList-*.js';
const RELOADED_KEY = 'pricing-page-reloaded-for-code';

describe('web: a page whose code fails to load (a deploy under an open tab)', function () {
  this.timeout(120_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  let expectedRows: string[];

  before(async () => {
    service = await startService();
    browser = await launchBrowser();
    const res = await fetch(`${service.base}/api/query/secondary-process`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expectedRows = ((await res.json()) as { data: { processNo: string }[] }).data.map((r) => r.processNo);
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    w = await openPage(browser);
  });
  afterEach(function () {
    // The chunk's 404 (Chromium logs it) and the failed import (React logs what its error boundary
    // caught) are the case under test; anything else is not.
    return closePage(w, this.currentTest, 'page-load', /status of 404|SecondaryProcessList-/);
  });

  /** Answers the chunk with 404 `times` times (the rest go to the service); counts its requests. */
  async function failChunk(page: Page, times: number): Promise<{ requests: number }> {
    const seen = { requests: 0 };
    await page.route(CHUNK, async (route) => {
      seen.requests += 1;
      if (seen.requests <= times) await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
      else await route.continue();
    });
    return seen;
  }

  /** Loads of the page's document (the first one, reloads). */
  function documentLoads(page: Page): { count: number } {
    const loads = { count: 0 };
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) loads.count += 1;
    });
    return loads;
  }

  const reloadMark = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), RELOADED_KEY);

  it('the opened page is drawn in the first render: no page spinner before its rows', async () => {
    const { page } = w;
    // The spinner React.lazy's Suspense shows in <main> while a page's code loads.
    await page.addInitScript(() => {
      const seen = { spinner: false };
      (window as unknown as { __pageSpinner: typeof seen }).__pageSpinner = seen;
      new MutationObserver((_, observer) => {
        if (document.querySelector('main > .ant-spin')) seen.spinner = true;
        if (document.querySelector('.ant-table-tbody tr.ant-table-row')) observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${service.base}/secondary-process`);
    await waitForRows(page, expectedRows);
    expect(await page.evaluate(() => (window as unknown as { __pageSpinner: { spinner: boolean } }).__pageSpinner.spinner)).to.equal(false);
    // Another page still loads its code when opened, through React.lazy.
    await page.getByRole('link', { name: '核价查询' }).click();
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    expect(page.url()).to.equal(`${service.base}/pricing`);
  });

  it('reloads once when a page chunk is gone, and the reloaded page shows the list', async () => {
    const { page } = w;
    const loads = documentLoads(page);
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    const chunk = await failChunk(page, 1);

    await page.getByRole('link', { name: '二次加工查询' }).click();
    await waitForRows(page, expectedRows);
    expect(chunk.requests).to.equal(2);
    expect(loads.count).to.equal(2); // the first load and one reload
    expect(page.url()).to.equal(`${service.base}/secondary-process`);
    expect(await page.getByText('页面加载失败').count()).to.equal(0);
    // The page's code loaded, so the next failure may reload again.
    expect(await reloadMark(page)).to.equal(null);
  });

  it('when the chunk still fails after the reload: a plain message and 重试, never a second reload', async () => {
    const { page } = w;
    const loads = documentLoads(page);
    const chunk = await failChunk(page, Infinity);

    await page.goto(`${service.base}/secondary-process`);
    const retry = page.getByRole('button', { name: /^重\s*试$/ });
    await retry.waitFor();
    expect(await page.textContent('main'))
      .to.contain('页面加载失败')
      .and.contain('系统管理员');
    expect(chunk.requests).to.equal(2);
    expect(loads.count).to.equal(2);
    expect(await reloadMark(page)).not.to.equal(null);
    console.log(`      screenshot: ${await screenshot(page, 'page-load-failed')}`);
    expect(await axeViolations(page)).to.deep.equal([]);

    // The files are there again (the deploy finished): 重试 asks for the page's code again and shows
    // the list, with no reload.
    await page.unroute(CHUNK);
    await retry.click();
    await waitForRows(page, expectedRows);
    expect(loads.count).to.equal(2);
    expect(await reloadMark(page)).to.equal(null);
  });
});
