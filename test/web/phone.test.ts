/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { PRICING_STATUS_LABELS, PROCESS_STATUS_LABELS } from '../../src/domain.js';
import {
  axeViolations,
  closePage,
  launchBrowser,
  openPage,
  screenshot,
  type Service,
  startService,
  TIME_ZONE,
  type WatchedPage,
} from './browser.js';

/**
 * The workbench on a phone (390 px: the lists as cards, the search form folded to the keyword and
 * 筛选, no page wider than the screen) and on a 1280 px laptop (核价查询's default columns without
 * sideways scrolling), in Chromium against the real service.
 */
interface Row {
  id: number;
  [field: string]: unknown;
}

async function firstPage(service: Service, apiPath: string, body: object = {}): Promise<{ data: Row[]; total: number }> {
  const res = await fetch(`${service.base}${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).to.equal(200);
  return (await res.json()) as { data: Row[]; total: number };
}

const PRICE = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const RATE = new Intl.NumberFormat('zh-CN', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const MONEY: Record<string, string> = { CNY: '元', USD: '美元' };
const PER: Record<string, string> = { piece: '件', kg: 'kg', dm2: 'dm²', batch: '批' };

/** Each card's title and its fields' text, by the row field each shows. */
function cardsOf(page: Page): Promise<{ id: string; title: string; fields: Record<string, string> }[]> {
  return page.$$eval('.list-card', (cards) =>
    cards.map((card) => ({
      id: card.getAttribute('data-row-key') ?? '',
      title: card.querySelector('.list-card-title')?.textContent?.trim() ?? '',
      fields: Object.fromEntries(
        [...card.querySelectorAll('dd[data-field]')].map((dd) => [dd.getAttribute('data-field'), dd.textContent?.trim() ?? '']),
      ),
    })),
  );
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('web: on a phone (390 px) and at 1280 px', function () {
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
    await w.page.setViewportSize({ width: 390, height: 844 });
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'phone');
  });

  it('核价查询: a card a row with the API’s fields, 筛选 opens the filters, paging, a tap opens the review; no sideways scroll, axe clean', async () => {
    const { page } = w;
    const api = await firstPage(service, '/api/query/pricing');
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector('.list-card');
    expect(await page.locator('.ant-table-tbody').count(), 'no table on a phone').to.equal(0);
    const cards = await cardsOf(page);
    expect(cards.map((c) => c.id)).to.deep.equal(api.data.map((r) => String(r.id)));
    cards.forEach((card, i) => {
      const row = api.data[i]!;
      const status = PRICING_STATUS_LABELS[row.status as keyof typeof PRICING_STATUS_LABELS];
      expect(card.title).to.equal(row.pricingNo);
      expect(card.fields.part).to.equal(`${row.partNo as string} ${row.partName as string}`);
      expect(card.fields.supplierName).to.equal(row.supplierName);
      expect(card.fields.unitPrice).to.equal(
        `${PRICE.format(row.unitPrice as number)} ${MONEY[row.currency as string] ?? (row.currency as string)}`,
      );
      const rate = row.changeRate as number | null;
      const arrow = rate === null || rate === 0 ? '' : rate > 0 ? '▲' : '▼';
      expect(card.fields.changeRate).to.equal(rate === null ? '-' : `${arrow}${RATE.format(rate)}`);
      expect(card.fields.status!.startsWith(status), card.fields.status).to.equal(true);
    });
    // 较上次 in the rise and fall colours.
    const colours = await page.$$eval('.list-card dd[data-field="changeRate"] [data-change]', (els) =>
      els.map((e) => [e.getAttribute('data-change'), getComputedStyle(e).color]),
    );
    expect(colours.length).to.be.greaterThan(0);
    for (const [direction, colour] of colours) {
      expect(colour).to.equal({ rise: 'rgb(207, 19, 34)', fall: 'rgb(35, 120, 4)', flat: 'rgb(89, 89, 89)' }[direction!]);
    }
    expect(await pageWidth(page)).to.be.at.most(390);

    // Folded: the keyword only, and 筛选; it opens the other filters, and folds them again.
    const status = page.locator('.list-search .ant-form-item:has(label[title="状态"])');
    expect(await page.locator('.list-search input#keyword').isVisible()).to.equal(true);
    expect(await status.isVisible()).to.equal(false);
    const filters = page.getByRole('button', { name: /筛选/ });
    expect(await filters.getAttribute('aria-expanded')).to.equal('false');
    console.log(`      screenshot: ${await screenshot(page, 'phone-pricing-390')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
    await filters.click();
    await status.waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: /收起筛选/ }).getAttribute('aria-expanded')).to.equal('true');
    expect(await pageWidth(page)).to.be.at.most(390);
    console.log(`      screenshot: ${await screenshot(page, 'phone-pricing-filters-390')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
    await page.getByRole('button', { name: /收起筛选/ }).click();
    await status.waitFor({ state: 'hidden' });

    // A folded field that 查询 refuses (1,001 codes pasted, then the filters folded) unfolds with its message; nothing is sent.
    const partNos = page.locator('.list-search .ant-form-item:has(label[title="批量物料编码"])');
    await filters.click();
    await page.getByLabel('批量物料编码').fill(Array.from({ length: 1001 }, (_, i) => `P-${i}`).join('\n'));
    await page.getByRole('button', { name: /收起筛选/ }).click();
    await partNos.waitFor({ state: 'hidden' });
    let sent = 0;
    const count = (req: { url: () => string }) => new URL(req.url()).pathname === '/api/query/pricing' && sent++;
    page.on('request', count);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await partNos.getByText('一次最多查询 1,000 个编码').waitFor();
    expect(await partNos.isVisible()).to.equal(true);
    page.off('request', count);
    expect(sent).to.equal(0);
    await page.locator('.list-search input#partNos').fill('');
    await page.getByRole('button', { name: /收起筛选/ }).click();
    await status.waitFor({ state: 'hidden' });

    // Paging: page 2 asks for it and shows its rows as cards.
    const second = await firstPage(service, '/api/query/pricing', { current: 2 });
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/query/pricing');
    await page.locator('.list-cards-pagination .ant-pagination-next button, .list-cards-pagination .ant-pagination-next').first().click();
    expect(JSON.parse((await answer).request().postData() ?? '{}')).to.include({ current: 2 });
    await page.waitForFunction(
      (id) => document.querySelector('.list-card')?.getAttribute('data-row-key') === id,
      String(second.data[0]!.id),
    );
    expect(new URL(page.url()).searchParams.get('page')).to.equal('2');

    // A tap on the card (not on its number) opens the review page, as the row's link does.
    const card = page.locator('.list-card').nth(1);
    // The number's link covers the card: a tap on its 供应商 lands on that link.
    await card.scrollIntoViewIfNeeded();
    const box = (await card.locator('dd[data-field="supplierName"]').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(new RegExp(`/pricing/${second.data[1]!.id}\\?list=`));
    await page.waitForSelector('h1');
  });

  it('二次加工查询: a card a row with 加工单号, 加工名称, 物料, 供应商, 单价 with its unit, 状态; no sideways scroll, axe clean', async () => {
    const { page } = w;
    const api = await firstPage(service, '/api/query/secondary-process');
    await page.goto(`${service.base}/secondary-process`);
    await page.waitForSelector('.list-card');
    const cards = await cardsOf(page);
    expect(cards.map((c) => c.id)).to.deep.equal(api.data.map((r) => String(r.id)));
    cards.forEach((card, i) => {
      const row = api.data[i]!;
      expect(card.title).to.equal(row.processNo);
      expect(card.fields.processName).to.equal(row.processName);
      expect(card.fields.part).to.equal(`${row.partNo as string} ${row.partName as string}`);
      expect(card.fields.supplierName).to.equal(row.supplierName);
      const unit = `${MONEY[row.currency as string] ?? (row.currency as string)}/${PER[row.priceBasis as string]}`;
      expect(card.fields.unitPrice).to.equal(`${PRICE.format(row.unitPrice as number)}${unit}`);
      expect(card.fields.status).to.equal(PROCESS_STATUS_LABELS[row.status as keyof typeof PROCESS_STATUS_LABELS]);
    });
    expect(await pageWidth(page)).to.be.at.most(390);
    await page.getByRole('button', { name: /筛选/ }).click();
    await page.locator('.list-search .ant-form-item:has(label[title="加工类别"])').waitFor({ state: 'visible' });
    expect(await pageWidth(page)).to.be.at.most(390);
    console.log(`      screenshot: ${await screenshot(page, 'phone-secondary-process-390')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('工作台, a review page, 批量核价 and 汇率: no sideways page scroll at 390 px, axe clean at 390 and 1400 px', async () => {
    const { page } = w;
    const api = await firstPage(service, '/api/query/pricing', { status: ['approved'] });
    const pages: [string, string, string][] = [
      ['home', '/', '[data-testid^="home-"]'],
      ['review', `/pricing/${api.data[0]!.id}`, 'h2'],
      ['bom', '/bom', 'textarea'],
      ['pricing', '/pricing', '.ant-table-row, .list-card'],
      ['secondary-process', '/secondary-process', '.ant-table-row, .list-card'],
      ['exchange-rates', '/exchange-rates', '.ant-table-row, .list-card'],
    ];
    for (const width of [390, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, address, ready] of pages) {
        await page.goto(`${service.base}${address}`);
        await page.waitForSelector(ready);
        // The review page's cards load on their own: wait until no skeleton is left.
        await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
        if (width === 390) {
          expect(await pageWidth(page), `${name} at 390 px`).to.be.at.most(390);
          console.log(`      screenshot: ${await screenshot(page, `phone-${name}-390`)}`);
        }
        expect(await axeViolations(page), `${name} at ${width} px`).to.deep.equal([]);
      }
    }
  });

  it('1280 px: 核价查询’s default columns fit without sideways scrolling; 核价时间 and 操作 are whole', async () => {
    const { page } = w;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    const overflow = await page.$eval('.ant-table-content', (el) => el.scrollWidth - el.clientWidth);
    expect(overflow, 'the table scrolls sideways').to.be.at.most(0);
    expect(await pageWidth(page)).to.be.at.most(1280);
    // Every header whole (no ellipsis), and each 核价时间 and 操作 cell within its cell.
    // (No named functions inside: tsx would wrap them in a helper the page does not have.)
    const cut = await page.evaluate(() => {
      const heads = [...document.querySelectorAll<HTMLElement>('.ant-table-thead th')].map((th) => th.textContent ?? '');
      const out: string[] = [];
      for (const t of ['核价时间', '操作']) {
        const i = heads.findIndex((h) => h.includes(t));
        if (i < 0) out.push(`${t}: no column`);
        for (const tr of document.querySelectorAll('.ant-table-tbody tr.ant-table-row')) {
          const td = tr.children[i] as HTMLElement;
          if (td.scrollWidth > td.clientWidth) out.push(`${t}: ${td.textContent}`);
        }
      }
      return out;
    });
    expect(cut).to.deep.equal([]);
    console.log(`      screenshot: ${await screenshot(page, 'pricing-1280')}`);
  });
});
