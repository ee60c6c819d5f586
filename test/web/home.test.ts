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
  TIME_ZONE,
  waitForRows,
  wallTime,
  type WatchedPage,
} from './browser.js';
import { PRICING_SORT_FIELDS } from '../../src/resources/pricing.js';
import { SECONDARY_PROCESS_SORT_FIELDS } from '../../src/resources/secondary-process.js';

/**
 * 工作台 at / on the demo data: each item shows the count POST /api/query/workbench answers and how
 * long its oldest row has waited (checked against the lists' own rows), and its link opens the list
 * whose request carries that item's filters and sort, whose total is that count, with the list's view
 * of those rows pressed.
 */
interface Item {
  list: 'pricing' | 'secondaryProcess';
  filters: Record<string, unknown>;
  sort: Record<string, 'ascend' | 'descend'>;
  count: number;
  oldest: { clock: 'pricedAt' | 'validTo'; at: string; days: number } | null;
}
interface Workbench {
  on: string;
  monthlyChange: { month: string }[];
  [item: string]: unknown;
}

const ITEMS = ['pending', 'pendingRising', 'expiring', 'staleProcesses', 'recent'] as const;
const LIST_PATH = { pricing: '/api/query/pricing', secondaryProcess: '/api/query/secondary-process' } as const;
const SORTABLE: Record<Item['list'], readonly string[]> = { pricing: PRICING_SORT_FIELDS, secondaryProcess: SECONDARY_PROCESS_SORT_FIELDS };
/** Each item's name on 工作台, and of the list's view of the same rows. */
const TITLES: Record<(typeof ITEMS)[number], string> = {
  pending: '待审核',
  pendingRising: '待审核 · 涨幅≥10%',
  expiring: '30 天内到期',
  staleProcesses: '二次加工报价已过期',
  recent: '近 7 天新增',
};

describe('web: 工作台', function () {
  this.timeout(120_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  let data: Workbench;

  before(async () => {
    service = await startService({ APP_TIMEZONE: TIME_ZONE });
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

  /**
   * How long each item's oldest row has waited, worked out from the lists themselves (the seed's
   * rows): the earliest 核价时间's day in APP_TIMEZONE, or the earliest 失效日期, against the day.
   */
  async function oracleOldest(key: (typeof ITEMS)[number], item: Item): Promise<string | undefined> {
    if (item.count === 0) return undefined;
    const rows: Record<string, unknown>[] = [];
    for (let current = 1; rows.length < item.count; current++) {
      const res = await fetch(`${service.base}${LIST_PATH[item.list]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...item.filters, current, pageSize: 200 }),
      });
      rows.push(...((await res.json()) as { data: Record<string, unknown>[] }).data);
    }
    const days = (from: string) => Math.round((Date.parse(`${data.on}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
    if (key === 'expiring' || key === 'staleProcesses') {
      const earliest = rows.map((r) => String(r.validTo)).sort()[0]!;
      const n = days(earliest);
      if (key === 'expiring') return n < 0 ? `最早一条 ${-n} 天后到期` : '最早一条今天到期';
      return `最早一条已过期 ${n} 天`;
    }
    const earliest = rows.map((r) => wallTime(String(r.pricedAt), TIME_ZONE).slice(0, 10)).sort()[0]!;
    const n = days(earliest);
    return n > 0 ? `最早一条已等待 ${n} 天` : '最早一条为今天的核价';
  }

  it('each item says how long its oldest row has waited, as the lists’ own rows say; no 我的 without a sign-in', async () => {
    await w.page.goto(`${service.base}/`);
    await w.page.getByTestId('home-pending').waitFor();
    for (const key of ITEMS) {
      const item = data[key] as Item;
      const expected = await oracleOldest(key, item);
      const shown = w.page.getByTestId(`home-${key}`).getByTestId('home-oldest');
      if (expected === undefined) {
        expect(await shown.count(), key).to.equal(0);
        expect(item.oldest, key).to.equal(null);
      } else {
        expect(await shown.textContent(), key).to.equal(` ${expected}`);
      }
    }
    // The demo's items have waited: at least one of each kind is said.
    const said = await w.page.getByTestId('home-oldest').allTextContents();
    expect(said.some((t) => /已等待 \d+ 天/.test(t))).to.equal(true);
    expect(said.some((t) => /\d+ 天后到期/.test(t))).to.equal(true);
    expect(said.some((t) => /已过期 \d+ 天/.test(t))).to.equal(true);
    expect(await w.page.getByRole('switch').count(), '我的 needs a sign-in with a 核价员 name').to.equal(0);
  });

  for (const key of ITEMS) {
    it(`${key}: the link opens the list with its filters in the order that matters, its view pressed, and the list's total is the count`, async () => {
      const item = data[key] as Item;
      const bodies = recordBodies(w.page, LIST_PATH[item.list]);
      await w.page.goto(`${service.base}/`);
      await Promise.all([
        w.page.waitForResponse((r) => new URL(r.url()).pathname === LIST_PATH[item.list] && r.request().method() === 'POST'),
        w.page.getByTestId(`home-${key}`).click(),
      ]);
      await w.page.waitForSelector('.ant-pagination-total-text, [data-testid="list-empty"]');
      expect(bodies.length, 'the list asked').to.be.above(0);
      const body = bodies.at(-1)!;
      expect(body, 'the request carries the filters of the item').to.deep.include(item.filters);
      // The item's order, as far as the list can sort (a field it cannot sort by is left out: it would refuse it).
      const sortable = SORTABLE[item.list];
      const sort = Object.fromEntries(Object.entries(item.sort).filter(([f]) => sortable.includes(f)));
      expect(body.sort ?? {}, 'the item’s sort').to.deep.equal(sort);
      if (item.count > 0) expect(await w.page.textContent('.ant-pagination-total-text')).to.contain(String(item.count));
      // The list's view of the same rows, named as the item, is the one pressed.
      const pressed = w.page.getByTestId('list-views').locator('button[aria-pressed="true"]');
      expect(await pressed.allTextContents()).to.deep.equal([TITLES[key]]);
      expect(await w.page.getByTestId(`home-${key}`).count()).to.equal(0);
    });
  }

  it('涨幅超10%: the list opens by the rise, the greatest first', async () => {
    const item = data.pendingRising as Item;
    await w.page.goto(`${service.base}/`);
    await w.page.getByTestId('home-pendingRising').click();
    await w.page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    const res = await fetch(`${service.base}/api/query/pricing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...item.filters, sort: { changeRate: 'descend' } }),
    });
    const rows = ((await res.json()) as { data: { pricingNo: string; changeRate: number }[] }).data;
    const rates = rows.map((r) => r.changeRate);
    expect(rates).to.deep.equal([...rates].sort((a, b) => b - a));
    await waitForRows(
      w.page,
      rows.map((r) => r.pricingNo),
    );
  });

  it('figures are written one way, 10% with no space, on every page', async () => {
    const { page } = w;
    const list = await fetch(`${service.base}/api/query/pricing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).then((r) => r.json() as Promise<{ data: { id: number }[] }>);
    for (const path of ['/', '/pricing', '/secondary-process', `/pricing/${list.data[0]!.id}`, '/bom', '/exchange-rates']) {
      await page.goto(`${service.base}${path}`);
      await page.waitForLoadState('networkidle');
      // The text a clerk reads, tooltips and placeholders included.
      const text = await page.evaluate(() =>
        [
          document.body.innerText,
          ...[...document.querySelectorAll('[title], [placeholder], [aria-label]')].map((e) =>
            ['title', 'placeholder', 'aria-label'].map((a) => e.getAttribute(a) ?? '').join(' '),
          ),
        ].join('\n'),
      );
      expect(text.match(/\d[ \u00a0\u3000]+%/g), path).to.equal(null);
    }
    await page.goto(`${service.base}/`);
    expect(await page.getByTestId('home-pendingRising').textContent()).to.contain('待审核 · 涨幅≥10%');
    await page.goto(`${service.base}/pricing`);
    expect(await page.getByTestId('list-views').textContent()).to.contain('待审核 · 涨幅≥10%');
  });
});
