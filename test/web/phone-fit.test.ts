/// <reference lib="dom" />
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import {
  axeViolations,
  chooseOption,
  closePage,
  launchBrowser,
  openPage,
  recordBodies,
  screenshot,
  SCREENSHOT_DIR,
  type Service,
  startService,
  TIME_ZONE,
  type WatchedPage,
} from './browser.js';

/**
 * Every page on a phone (390 px), in Chromium against the real service: both lists can be sorted
 * (a 排序 control, the cards having no headers to click); 核价明细's cost lines and comparisons are
 * stacked, so that every 金额 and difference is in sight without scrolling inside a card; short
 * labels never break inside a word (物料/编码); no page scrolls sideways; axe finds nothing serious.
 */
const PHONE = { width: 390, height: 844 };
const PRICE = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

interface Row {
  id: number;
  [field: string]: unknown;
}

async function post<T>(service: Service, path: string, body: object): Promise<T> {
  const res = await fetch(`${service.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path} ${JSON.stringify(body)}`).to.equal(200);
  return (await res.json()) as T;
}

/**
 * Short labels (names of fields and columns) and phrases marked `data-whole` that the browser broke
 * over two lines or more: the lines their text takes (text boxes whose tops differ by more than half a line).
 */
function brokenLabels(page: Page): Promise<string[]> {
  // As text: the test's transpiler names inner functions with a helper the page does not have.
  return page.evaluate(`(() => {
    const lines = (e) => {
      const tops = [];
      const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
      }
      const half = parseFloat(getComputedStyle(e).fontSize) / 2;
      return tops.sort((a, b) => a - b).filter((t, i, all) => i === 0 || t - all[i - 1] > half).length;
    };
    const selector = 'main label, main dt, main th, main .ant-descriptions-item-label, main .ant-statistic-title, main [data-whole]';
    return [...document.querySelectorAll(selector)]
      .filter((e) => e.offsetParent !== null)
      .filter((e) => {
        const text = e.textContent.trim();
        return text.length > 0 && (text.length <= 8 || e.hasAttribute('data-whole')) && lines(e) > 1;
      })
      .map((e) => e.textContent.trim());
  })()`);
}

/** Elements inside `within` that scroll sideways (their content wider than their box). */
function sidewaysInside(page: Page, within: string): Promise<string[]> {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(`${sel} *`)]
        .filter((e) => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`.slice(0, 80)),
    within,
  );
}

/** Descriptions (label beside value) whose table is wider than its box: their right edge cut off. */
function overflowingDescriptions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main .ant-descriptions-view')]
      .filter((view) => view.offsetParent !== null && (view.querySelector('table')?.offsetWidth ?? 0) > view.clientWidth + 1)
      .map((view) => (view.textContent ?? '').slice(0, 40)),
  );
}

const pageWidth = (page: Page) =>
  page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth] as [number, number]);

describe('web: every page fits a phone (390 px)', function () {
  this.timeout(180_000);
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
    await w.page.setViewportSize(PHONE);
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'phone-fit');
  });

  /** Chooses `label` in the phone's 排序 and returns the list request it sent. */
  async function sortBy(page: Page, apiPath: string, label: string): Promise<Record<string, unknown>> {
    const bodies = recordBodies(page, apiPath);
    // The list idle first: the page's own request out while 排序 is chosen would be the one answered.
    await page.waitForFunction(() => !document.querySelector('.list-results .ant-spin-spinning'));
    await page.locator('.list-sort .ant-select').click();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === apiPath && r.request().method() === 'POST');
    await chooseOption(page, label);
    await answered;
    return bodies.at(-1)!;
  }

  const cardIds = (page: Page) => page.$$eval('.list-card', (cards) => cards.map((c) => c.getAttribute('data-row-key')));

  for (const [name, route, apiPath, label, sort] of [
    ['核价查询', '/pricing', '/api/query/pricing', '未税单价 从高到低', { unitPrice: 'descend' }],
    ['二次加工查询', '/secondary-process', '/api/query/secondary-process', '单价 从低到高', { unitPrice: 'ascend' }],
  ] as const) {
    it(`${name}: 排序 orders the cards as the API does, from page 1`, async () => {
      const { page } = w;
      await page.goto(`${service.base}${route}?page=2`);
      await page.waitForSelector('.list-card');
      expect(await page.locator('.list-sort').isVisible()).to.equal(true);
      const sent = await sortBy(page, apiPath, label);
      expect(sent).to.deep.equal({ current: 1, pageSize: 20, sort });
      const answer = await post<{ data: Row[] }>(service, apiPath, sent);
      await page.waitForFunction(
        (ids) =>
          JSON.stringify([...document.querySelectorAll('.list-card')].map((c) => c.getAttribute('data-row-key'))) === JSON.stringify(ids),
        answer.data.map((r) => String(r.id)),
      );
      expect(await cardIds(page)).to.deep.equal(answer.data.map((r) => String(r.id)));
      expect(page.url()).to.contain(`sort=unitPrice.${sort.unitPrice}`);
      // Back to the service's own order.
      expect(await sortBy(page, apiPath, '默认排序')).to.deep.equal({ current: 1, pageSize: 20 });
      console.log(`      screenshot: ${await screenshot(page, `phone-sort-${route.slice(1)}`)}`);
    });
  }

  it('a sort of several fields from the address shows as it is', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing?sort=pricedAt.descend,unitPrice.ascend`);
    await page.waitForSelector('.list-card');
    expect(await page.locator('.list-sort .ant-select-selection-item').textContent()).to.equal('核价时间从晚到早，未税单价从低到高');
  });

  it('核价明细: cost lines and comparisons are stacked, every 金额 and difference in sight; labels whole', async () => {
    const { page } = w;
    // A pricing with a previous approved one, so that 报价对比 has lines on both sides.
    const list = await post<{ data: Row[] }>(service, '/api/query/pricing', { status: ['approved'], minChangeRate: -0.5, pageSize: 5 });
    const pricing = list.data.find((r) => r.previousApprovedPricingNo !== null)!;
    const details = await post<{ data: { details: { lineNo: number; amount: number }[] } }>(service, '/api/query/pricing-details', {
      pricingId: pricing.id,
    });
    await page.goto(`${service.base}/pricing/${pricing.id}`);
    await page.waitForSelector('[data-testid="cost-lines"] li');
    await page.waitForSelector('[data-testid="compare-lines"] li');
    await page.waitForSelector('[data-testid="history-table"] li');
    await page.waitForLoadState('networkidle');

    // Each line's 金额, as the API has it, within the screen.
    const amounts = await page.$$eval('[data-testid="cost-lines"] dd[data-field="amount"]', (dds) =>
      dds.map((dd) => ({ text: dd.textContent, right: dd.getBoundingClientRect().right })),
    );
    expect(amounts.map((a) => a.text)).to.deep.equal(details.data.details.map((l) => PRICE.format(l.amount)));
    for (const a of amounts) expect(a.right).to.be.at.most(PHONE.width);
    // The comparisons' figures too: 金额 on both sides, the differences and their rates.
    const figures = await page.$$eval(
      '[data-testid="compare-lines"] dd[data-field="amount"], [data-testid="compare-lines"] dd[data-field="baseAmount"], [data-testid="compare-lines"] dd[data-field="difference"], [data-testid="compare-by-type"] dd[data-field="difference"], [data-testid="compare-by-type"] dd[data-field="differenceRate"], [data-testid="history-table"] dd[data-field="unitPrice"]',
      (dds) => dds.map((dd) => dd.getBoundingClientRect().right),
    );
    expect(figures.length).to.be.above(10);
    for (const right of figures) expect(right).to.be.at.most(PHONE.width);
    // Nothing scrolls sideways inside these cards (供应商对比 does, by design: a column per supplier).
    for (const card of ['#review-summary', '#review-lines', '#review-compare', '#review-history', '#review-process']) {
      expect(await sidewaysInside(page, card), card).to.deep.equal([]);
    }
    expect(await brokenLabels(page)).to.deep.equal([]);
    expect((await pageWidth(page))[0]).to.be.at.most(PHONE.width);

    // 费用明细 from the nav: its cards in sight right away.
    await page.getByTestId('review-nav').getByRole('link', { name: '费用明细' }).click();
    const inSight = path.join(SCREENSHOT_DIR, 'phone-review-lines.png');
    await page.screenshot({ path: inSight });
    console.log(`      screenshot: ${inSight}`);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('no page scrolls sideways, no short label breaks, no descriptions cut off, axe clean: every page at 390 px (and 1400 px for the eye)', async () => {
    const { page } = w;
    const one = await post<{ data: Row[] }>(service, '/api/query/pricing', { pageSize: 1 });
    const pages: [string, string, string][] = [
      ['home', '/', '[data-testid="home-pending"]'],
      ['pricing', '/pricing', '.list-card'],
      ['pricing-filters', '/pricing?status=pending', '.list-card'],
      ['secondary-process', '/secondary-process', '.list-card'],
      ['review', `/pricing/${one.data[0]!.id}?list=status%3Dpending`, '[data-testid="cost-lines"]'],
      ['bom', '/bom', '#bom-paste'],
      ['exchange-rates', '/exchange-rates', '.list-card'],
      ['overview', '/overview', '[data-testid="db-check"]'],
    ];
    for (const [name, route, ready] of pages) {
      await page.setViewportSize(PHONE);
      await page.goto(`${service.base}${route}`);
      await page.waitForSelector(ready);
      if (name === 'pricing-filters') await page.getByRole('button', { name: /筛选/ }).click();
      if (name === 'bom') {
        await page.getByLabel('粘贴物料编码与数量').fill('物料编码\t数量\nP-100002\t2\nP-100010\t3\nNO-SUCH\t1');
        await page.locator('button', { hasText: /^计\s*价$/ }).click();
        await page.waitForSelector('[data-testid="bom-summary"]');
      }
      await page.waitForLoadState('networkidle');
      const [scroll, client] = await pageWidth(page);
      expect(scroll, `${name}: no sideways page scroll`).to.be.at.most(client);
      expect(await brokenLabels(page), `${name}: labels whole`).to.deep.equal([]);
      expect(await overflowingDescriptions(page), `${name}: descriptions within their box`).to.deep.equal([]);
      expect(await axeViolations(page), `${name}: axe at 390 px`).to.deep.equal([]);
      console.log(`      screenshot: ${await screenshot(page, `phone-fit-${name}-390`)}`);
      await page.setViewportSize({ width: 1400, height: 900 });
      console.log(`      screenshot: ${await screenshot(page, `phone-fit-${name}-1400`)}`);
    }
  });
});
