/// <reference lib="dom" />
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import {
  axeViolations,
  clickQuery,
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
 * 工艺价格统计 above 二次加工查询 in Chromium against the real service: a clerk types 电镀 and the card
 * shows, for the list's filters, each process's count, lowest, median, highest and latest price as
 * POST /api/query/secondary-process-stats answers; prices show what they are per (元/dm², 美元/件).
 * It counts the prices in force today unless 全部报价 is chosen, and says which; a keyword that is a
 * category's name offers the category instead (as a keyword it also finds 昆山市金辉电镀有限公司).
 */
const STATS_PATH = '/api/query/secondary-process-stats';
const LIST_PATH = '/api/query/secondary-process';
const PRICE = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
// The test's own copy of the names the page should use.
const CATEGORY: Record<string, string> = {
  plating: '电镀',
  heat_treatment: '热处理',
  painting: '喷涂',
  anodizing: '阳极氧化',
  machining: '机加工',
  welding: '焊接',
  other: '其他',
};
const BASIS: Record<string, string> = { piece: '按件', kg: '按重量（kg）', dm2: '按面积（dm²）', batch: '按批' };
const PER: Record<string, string> = { piece: '件', kg: 'kg', dm2: 'dm²', batch: '批' };
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
const unit = (currency: string, basis: string) => `${currency === 'CNY' ? '元' : currency === 'USD' ? '美元' : currency}/${PER[basis]}`;
const priced = (value: number, currency: string, basis: string) => `${PRICE.format(value)}${unit(currency, basis)}`;

interface Group {
  processName: string;
  category: string;
  priceBasis: string;
  currency: string;
  count: number;
  min: number;
  median: number;
  max: number;
  latest: { supplierName: string; unitPrice: number; validFrom: string } | null;
}
interface Stats {
  on: string;
  limit: number;
  totalGroups: number;
  groups: Group[];
}

async function post<T>(service: Service, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${service.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path} ${JSON.stringify(body)}`).to.equal(200);
  return (await res.json()) as T;
}

/** Each group as the card's row should read, cell by cell. */
function rowTexts(stats: Stats): string[][] {
  return stats.groups.map((g) => [
    g.processName,
    CATEGORY[g.category]!,
    BASIS[g.priceBasis]!,
    g.currency,
    String(g.count),
    priced(g.min, g.currency, g.priceBasis),
    priced(g.median, g.currency, g.priceBasis),
    priced(g.max, g.currency, g.priceBasis),
    g.latest ? `${g.latest.supplierName}${priced(g.latest.unitPrice, g.currency, g.priceBasis)}${g.latest.validFrom} 起` : '当日无有效报价',
  ]);
}

async function cardRows(page: Page): Promise<string[][]> {
  return page.$$eval('[data-testid="process-stats-row"]', (rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
  );
}

/** Waits until the card shows `rows` (its first ones, or all once expanded). */
async function waitForCard(page: Page, rows: string[][]): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const shown = [...document.querySelectorAll('[data-testid="process-stats-row"]')].map((r) =>
        [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()),
      );
      return JSON.stringify(shown) === want;
    },
    JSON.stringify(rows),
    { timeout: 20_000 },
  );
}

describe('web: 工艺价格统计 above 二次加工查询', function () {
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
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'process-stats');
  });

  it('counts the prices in force today by default, 全部报价 every one; typing 电镀 shows the groups the API answers; 单价 shows its unit; nothing overflows at 390 px; axe passes', async () => {
    const { page } = w;
    const sent = recordBodies(page, STATS_PATH);
    const inForce = { status: ['active'], validOn: today() };
    await page.goto(`${service.base}/secondary-process`);
    const current = await post<{ data: Stats }>(service, STATS_PATH, inForce);
    await waitForCard(page, rowTexts(current.data).slice(0, 5));
    expect(sent[0]).to.deep.equal(inForce);
    expect(await page.textContent('[data-testid="process-stats-total"]')).to.contain('统计今日有效的报价（状态为有效、当日在有效期内）');

    await page.getByLabel('关键字').fill('电镀');
    const listAnswer = (await (await clickQuery(page, LIST_PATH)).json()) as {
      data: { unitPrice: number; currency: string; priceBasis: string }[];
    };
    const todays = (await post<{ data: Stats }>(service, STATS_PATH, { keyword: '电镀', ...inForce })).data;
    await waitForCard(page, rowTexts(todays).slice(0, 5));
    expect(sent.at(-1)).to.deep.equal({ keyword: '电镀', ...inForce });

    // 全部报价: every matching price, whatever its status or validity; the note says so.
    await page.getByText('全部报价', { exact: true }).click();
    const stats = (await post<{ data: Stats }>(service, STATS_PATH, { keyword: '电镀' })).data;
    expect(stats.groups.length, 'more groups than the card shows at first').to.be.greaterThan(5);
    expect(stats.groups.some((g) => g.category !== 'plating')).to.equal(true); // 金辉电镀's other processes
    expect(stats.groups.reduce((n, g) => n + g.count, 0)).to.be.above(todays.groups.reduce((n, g) => n + g.count, 0));
    await waitForCard(page, rowTexts(stats).slice(0, 5));
    expect(sent.at(-1)).to.deep.equal({ keyword: '电镀' });
    expect(await page.textContent('[data-testid="process-stats-total"]')).to.contain(`按查询条件共 ${stats.totalGroups} 组`);
    expect(await page.textContent('[data-testid="process-stats-total"]')).to.contain(stats.on);
    expect(await page.textContent('[data-testid="process-stats-total"]')).to.contain('统计全部符合条件的报价（含停用和已过期的）');

    // 单价 in the list: the figures and what they are per.
    const unitPrices = await page.$$eval('.ant-table-tbody tr.ant-table-row', (rows) => {
      const headers = [...document.querySelectorAll('.list-results .ant-table-thead th')].map((th) => th.textContent);
      const index = headers.indexOf('单价');
      return rows.map((r) => (r.children[index]?.textContent ?? '').trim());
    });
    expect(unitPrices).to.deep.equal(listAnswer.data.map((r) => priced(r.unitPrice, r.currency, r.priceBasis)));

    await page.setViewportSize({ width: 1400, height: 900 });
    console.log(`      screenshot: ${await screenshot(page, 'process-stats-1400')}`);

    await page.getByRole('button', { name: /展开其余/ }).click();
    await waitForCard(page, rowTexts(stats));
    expect(await cardRows(page)).to.have.length(stats.groups.length);
    await page.getByRole('button', { name: '收起' }).click();
    await waitForCard(page, rowTexts(stats).slice(0, 5));

    // On a phone each group is a card with the same values, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForSelector('[data-testid="process-stats-card"]');
    const cards = await page.$$eval('[data-testid="process-stats-card"]', (shown) => shown.map((c) => c.textContent ?? ''));
    expect(cards).to.have.length(5);
    rowTexts(stats)
      .slice(0, 5)
      .forEach((cells, i) => cells.forEach((cell) => expect(cards[i]).to.contain(cell)));
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390);
    console.log(`      screenshot: ${await screenshot(page, 'process-stats-390')}`);
    const card = path.join(SCREENSHOT_DIR, 'process-stats-card-390.png');
    await page.locator('[data-testid="process-stats"]').screenshot({ path: card });
    console.log(`      screenshot: ${card}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await axeViolations(page, '[data-testid="process-stats"]')).to.deep.equal([]);
  });

  it('a category and a day filter that leave nothing: the card says so; a failed answer is said in Chinese', async () => {
    const { page } = w;
    await page.goto(`${service.base}/secondary-process`);
    await page.waitForSelector('[data-testid="process-stats-row"]');
    await page.getByLabel('关键字').fill('不存在的工艺');
    await clickQuery(page, LIST_PATH);
    await page.waitForFunction(() => document.querySelector('[data-testid="process-stats"]')?.textContent?.includes('没有符合条件的报价'));
    expect(await cardRows(page)).to.deep.equal([]);
  });

  it('a keyword that is a category’s name offers the category instead: the list and the card then hold that category only', async () => {
    const { page } = w;
    const stats = recordBodies(page, STATS_PATH);
    const list = recordBodies(page, LIST_PATH);
    await page.goto(`${service.base}/secondary-process?keyword=电镀`);
    const offer = page.getByTestId('category-offer');
    await offer.waitFor();
    expect(await offer.textContent()).to.contain('关键字“电镀”也会找到名称中含“电镀”的供应商');
    await page.getByText('全部报价', { exact: true }).click();
    const mixed = (await post<{ data: Stats }>(service, STATS_PATH, { keyword: '电镀' })).data;
    expect(mixed.groups.map((g) => g.processName)).to.include.members(['去毛刺', '焊接', '淬火']);

    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === LIST_PATH && r.request().method() === 'POST');
    await offer.getByRole('button', { name: '改为只看类别为“电镀”的报价' }).click();
    await asked;
    expect(list.at(-1)).to.deep.equal({ current: 1, pageSize: 20, category: ['plating'] });
    expect(page.url()).to.equal(`${service.base}/secondary-process?category=plating`);
    const plating = (await post<{ data: Stats }>(service, STATS_PATH, { category: ['plating'], status: ['active'], validOn: today() }))
      .data;
    await waitForCard(page, rowTexts(plating).slice(0, 5));
    expect(stats.at(-1)).to.deep.equal({ category: ['plating'], status: ['active'], validOn: today() });
    expect(plating.groups.every((g) => g.category === 'plating')).to.equal(true);
    expect(await page.getByLabel('关键字').inputValue()).to.equal('');
    expect(await page.locator('.ant-form-item:has(label[title="加工类别"]) .ant-select-selection-item').allTextContents()).to.deep.equal([
      '电镀',
    ]);
    expect(await offer.count()).to.equal(0);
    expect(await axeViolations(page, '[data-testid="process-stats"]')).to.deep.equal([]);

    // Each category's name offers it; another keyword does not.
    for (const [code, name] of Object.entries(CATEGORY)) {
      await page.goto(`${service.base}/secondary-process?keyword=${encodeURIComponent(` ${name} `)}`);
      await offer.waitFor();
      expect(await offer.getByRole('button').textContent(), code).to.contain(`“${name}”`);
    }
    await page.goto(`${service.base}/secondary-process?keyword=镀锌`);
    await page.waitForSelector('[data-testid="process-stats-row"]');
    expect(await offer.count()).to.equal(0);
  });

  it('a list of 停用 prices only: nothing in force to count, said so; 全部报价 counts them', async () => {
    const { page } = w;
    await page.goto(`${service.base}/secondary-process?status=inactive`);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="process-stats-total"]')?.textContent?.includes('只含停用的报价'),
    );
    await page.getByText('全部报价', { exact: true }).click();
    const stats = (await post<{ data: Stats }>(service, STATS_PATH, { status: ['inactive'] })).data;
    await waitForCard(page, rowTexts(stats).slice(0, 5));
  });
});
