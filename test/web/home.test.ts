import { expect } from 'chai';
import type { Browser, Request } from 'playwright-core';
import {
  axeViolations,
  closePage,
  launchBrowser,
  openPage,
  recordBodies,
  screenshot,
  type Service,
  startService,
  type WatchedPage,
} from './browser.js';

/**
 * 工作台 at / on the demo data: each item shows the count POST /api/query/workbench answers, and its
 * link opens the list whose request carries that item's filters and whose total is that count.
 */
interface Item {
  list: 'pricing' | 'secondaryProcess';
  filters: Record<string, unknown>;
  count: number;
}
interface Workbench {
  on: string;
  monthlyChange: { month: string }[];
  [item: string]: unknown;
}

const ITEMS = ['pending', 'pendingRising', 'expiring', 'staleProcesses', 'recent'] as const;
const LIST_PATH = { pricing: '/api/query/pricing', secondaryProcess: '/api/query/secondary-process' } as const;

describe('web: 工作台', function () {
  this.timeout(120_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  let data: Workbench;

  before(async () => {
    service = await startService();
    browser = await launchBrowser();
    const res = await fetch(`${service.base}/api/query/workbench`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    data = ((await res.json()) as { data: Workbench }).data;
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    w = await openPage(browser);
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'home');
  });

  it('is the first page: every item shows the count the API answers, and the chart its 12 months', async () => {
    // Asked once: by the entry script while the page's code loads, whose answer the page takes.
    const asked: Request[] = [];
    const count = (req: Request) => new URL(req.url()).pathname === '/api/query/workbench' && asked.push(req);
    w.page.on('request', count);
    await w.page.goto(`${service.base}/`);
    for (const key of ITEMS) {
      const card = w.page.getByTestId(`home-${key}`);
      await card.waitFor();
      expect(await card.textContent(), key).to.contain(`${(data[key] as Item).count}条`);
    }
    await w.page.waitForLoadState('networkidle');
    w.page.off('request', count);
    expect(asked.map((req) => req.postData())).to.deep.equal(['{}']);
    expect(await w.page.textContent('h1')).to.contain(data.on);
    const chart = await w.page.getByRole('img').first().getAttribute('aria-label');
    for (const m of data.monthlyChange) expect(chart).to.contain(m.month);
    for (const width of [1400, 390]) {
      await w.page.setViewportSize({ width, height: 900 });
      console.log(`      screenshot: ${await screenshot(w.page, `home-${width}`)}`);
      expect(await axeViolations(w.page), `axe at ${width} px`).to.deep.equal([]);
    }
  });

  for (const key of ITEMS) {
    it(`${key}: the link opens the list with its filters, and the list's total is the count`, async () => {
      const item = data[key] as Item;
      const bodies = recordBodies(w.page, LIST_PATH[item.list]);
      await w.page.goto(`${service.base}/`);
      await Promise.all([
        w.page.waitForResponse((r) => new URL(r.url()).pathname === LIST_PATH[item.list] && r.request().method() === 'POST'),
        w.page.getByTestId(`home-${key}`).click(),
      ]);
      await w.page.waitForSelector('.ant-pagination-total-text, [data-testid="list-empty"]');
      expect(bodies.length, 'the list asked').to.be.above(0);
      expect(bodies.at(-1), 'the request carries the filters of the item').to.deep.include(item.filters);
      if (item.count > 0) expect(await w.page.textContent('.ant-pagination-total-text')).to.contain(String(item.count));
    });
  }
});
