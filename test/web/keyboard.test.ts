/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page, Request } from 'playwright-core';
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
 * The page at the keyboard, in Chromium against the real service: 跳到结果 is the first Tab stop
 * and brings the rows within a few Tabs; Enter in any field of a search form runs the query with
 * what the field holds; every dialog takes the focus into its first field and gives it back to
 * what opened it; the review page reaches each of its sections from the top, 费用明细 first.
 */
const FIRST_ROW_LINK = '.ant-table-tbody tr.ant-table-row a';

interface Row {
  id: number;
  pricingNo: string;
  partNo: string;
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

/** Presses Tab until the focus is on what `selector` names first; the number of presses. */
async function tabsTo(page: Page, selector: string, max = 120): Promise<number> {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement !== null && document.activeElement === document.querySelector(s), selector))
      return n;
  }
  throw new Error(`${max} Tabs did not reach ${selector}`);
}

/** What has the focus, as a line a person would recognise. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return 'body';
    const label =
      a.getAttribute('aria-label') ?? (a.id ? document.querySelector(`label[for="${a.id}"]`)?.textContent : null) ?? a.textContent ?? '';
    return `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''} ${label.trim().slice(0, 30)}`;
  });
}

describe('web: at the keyboard', function () {
  this.timeout(180_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  let rows: Row[];

  before(async () => {
    service = await startService({ APP_TIMEZONE: TIME_ZONE });
    browser = await launchBrowser();
    const res = await fetch(`${service.base}/api/query/pricing`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ partNo: 'P-100002' }),
    });
    rows = ((await res.json()) as { data: Row[] }).data;
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    w = await openPage(browser);
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'keyboard');
  });

  it('核价查询: 跳到结果 is the first Tab stop, and from it the first row is a few Tabs away', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector(FIRST_ROW_LINK);
    const without = await tabsTo(page, FIRST_ROW_LINK);

    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector(FIRST_ROW_LINK);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到结果' });
    expect(await skip.evaluate((a) => a === document.activeElement)).to.equal(true);
    // In sight once it has the focus.
    const box = (await skip.boundingBox())!;
    expect(box.y).to.be.at.least(0);
    console.log(`      screenshot: ${await screenshot(page, 'keyboard-skip-link')}`);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('list-results');
    expect(page.url()).to.equal(`${service.base}/pricing`);
    const after = await tabsTo(page, FIRST_ROW_LINK);
    console.log(`      Tabs to the first row's link: ${without} without 跳到结果, 1 + Enter + ${after} with it`);
    expect(after).to.be.at.most(10);
    expect(1 + after).to.be.below(without / 2);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/pricing/\\d+`));
  });

  it('every other page: the first Tab stop skips to its content', async () => {
    const { page } = w;
    for (const [path, name, target] of [
      ['/', '跳到正文', 'main'],
      ['/bom', '跳到正文', 'main'],
      ['/secondary-process', '跳到结果', 'list-results'],
      ['/exchange-rates', '跳到结果', 'list-results'],
      [`/pricing/${rows[0]!.id}`, '跳到正文', 'main'],
    ] as const) {
      await page.goto(`${service.base}${path}`);
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('Tab');
      expect(await focused(page), path).to.equal(`a ${name}`);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id), path).to.equal(target);
    }
  });

  it("each page's tab title names it, after a move within the page too", async () => {
    const { page } = w;
    const titled = async (expected: string) => {
      await page.waitForFunction((t) => document.title === t, expected, { timeout: 10_000 }).catch(() => undefined);
      return page.title();
    };
    await page.goto(`${service.base}/`);
    await page.waitForSelector('h1');
    expect(await page.title()).to.match(/^工作台（\d{4}-\d{2}-\d{2}） - 核价工作台$/);
    // Through the menu, as a clerk moves: no load of the document in between.
    for (const [menu, title] of [
      ['核价查询', '核价查询 - 核价工作台'],
      ['二次加工查询', '二次加工查询 - 核价工作台'],
      ['批量核价', '批量核价 - 核价工作台'],
      ['汇率', '今日汇率 - 核价工作台'],
    ] as const) {
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: menu, exact: true }).click();
      expect(await titled(title), menu).to.equal(title);
    }
    await page.goto(`${service.base}/pricing/${rows[0]!.id}`);
    const detail = `核价明细 ${rows[0]!.pricingNo} - 核价工作台`;
    expect(await titled(detail)).to.equal(detail);
  });

  /** The body of the list request `press` causes (Enter in a field), once answered. */
  async function sentBy(page: Page, apiPath: string, press: () => Promise<void>): Promise<Record<string, unknown>> {
    const sent: Request[] = [];
    const watch = (req: Request) => new URL(req.url()).pathname === apiPath && req.method() === 'POST' && sent.push(req);
    page.on('request', watch);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === apiPath && r.request().method() === 'POST');
    await press();
    await answered;
    await page.waitForLoadState('networkidle');
    page.off('request', watch);
    expect(sent.length, 'one request').to.equal(1);
    return JSON.parse(sent[0]!.postData() ?? '{}') as Record<string, unknown>;
  }

  it('Enter in every kind of field runs the query with what it holds; in an open list it chooses', async () => {
    const { page } = w;
    const open = async (path: string) => {
      await page.goto(`${service.base}${path}`);
      await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
      await page.waitForLoadState('networkidle');
    };
    const form = page.locator('.list-search');
    const P = '/api/query/pricing';

    await open('/pricing');
    await form.getByLabel('关键字').fill('支架');
    expect(await sentBy(page, P, () => form.getByLabel('关键字').press('Enter'))).to.deep.include({ keyword: '支架' });

    await open('/pricing');
    await page.getByLabel('较上次涨幅下限').fill('10');
    expect(await sentBy(page, P, () => page.getByLabel('较上次涨幅下限').press('Enter'))).to.deep.include({ minChangeRate: 0.1 });

    await open('/pricing');
    const prices = form.locator('.ant-form-item:has(label[title="未税单价范围"]) input');
    await prices.nth(0).fill('1');
    await prices.nth(1).fill('50');
    expect(await sentBy(page, P, () => prices.nth(1).press('Enter'))).to.deep.include({ minPrice: 1, maxPrice: 50 });

    await open('/pricing');
    await page.getByLabel('批量物料编码').fill('P-100002 P-100010');
    expect(await sentBy(page, P, () => page.getByLabel('批量物料编码').press('Enter'))).to.deep.include({
      partNos: ['P-100002', 'P-100010'],
    });

    // A choice list: typing opens it, Enter chooses, Escape closes it; Enter then runs the query.
    await open('/pricing');
    const status = page.locator('#status');
    await status.focus();
    await page.keyboard.type('待审核');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await status.getAttribute('aria-expanded')).to.equal('false');
    expect(await sentBy(page, P, () => status.press('Enter'))).to.deep.include({ status: ['pending'] });
    expect(await status.getAttribute('aria-expanded')).to.equal('false');

    // A switch: Space switches it, Enter runs the query and leaves it as it is.
    await open('/pricing');
    const inForce = page.getByRole('switch', { name: '仅当前有效' });
    await inForce.focus();
    await page.keyboard.press('Space');
    expect(await inForce.getAttribute('aria-checked')).to.equal('true');
    expect(await sentBy(page, P, () => inForce.press('Enter'))).to.deep.include({ inForceOn: today() });
    expect(await inForce.getAttribute('aria-checked')).to.equal('true');

    // A range of days typed: Enter in the second day takes both and runs the query.
    await open('/pricing');
    const days = form.locator('.ant-form-item:has(label[title="核价日期"]) input');
    await days.nth(0).click();
    await days.nth(0).fill('2026-01-01');
    await days.nth(0).press('Tab');
    await days.nth(1).fill('2026-10-31');
    expect(await sentBy(page, P, () => days.nth(1).press('Enter'))).to.deep.include({ pricedFrom: '2026-01-01', pricedTo: '2026-10-31' });

    // 二次加工查询: one day, and its 类别 list.
    const S = '/api/query/secondary-process';
    await open('/secondary-process');
    const validOn = form.locator('#validOn');
    await validOn.click();
    await validOn.fill('2026-06-01');
    expect(await sentBy(page, S, () => validOn.press('Enter'))).to.deep.include({ validOn: '2026-06-01' });
    await open('/secondary-process');
    const category = page.locator('#category');
    await category.focus();
    await page.keyboard.type('电镀');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await sentBy(page, S, () => category.press('Enter'))).to.deep.include({ category: ['plating'] });

    // 汇率: its 币种 list.
    await open('/exchange-rates');
    const currency = page.locator('.list-search #currency');
    await currency.focus();
    await page.keyboard.type('USD');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await sentBy(page, '/api/query/exchange-rates', () => currency.press('Enter'))).to.deep.include({ currency: ['USD'] });
  });

  it('every dialog takes the focus into its first field and gives it back to what opened it', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing?partNo=P-100002`);
    await page.waitForSelector(FIRST_ROW_LINK);
    await page.waitForLoadState('networkidle');

    // 另存为视图: the name field, then back to the button (Escape), and again, saved with Enter.
    const saveAs = page.getByRole('button', { name: '另存为视图' });
    await saveAs.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'name');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('另存为视图'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'name');
    await page.keyboard.type('P-100002');
    await page.keyboard.press('Enter');
    const views = page.getByTestId('list-views');
    await views.getByRole('button', { name: 'P-100002', exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('另存为视图'));

    // Deleting it asks first, with 取消 in focus; 删除 takes it away and the keyboard stays in the views.
    const remove = views.getByRole('button', { name: '删除视图 P-100002' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /取\s*消/.test(document.activeElement?.textContent ?? ''));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '删除视图 P-100002');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /取\s*消/.test(document.activeElement?.textContent ?? ''));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await views.getByRole('button', { name: 'P-100002', exact: true }).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('另存为视图'));

    // 列设置: its first column's box, Escape back.
    const settings = page.getByRole('button', { name: '列设置' });
    await settings.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.column-settings li') !== null);
    expect(await focused(page)).to.match(/^input/);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '列设置');

    // 行高: the menu, a choice with the arrows and Enter, back to the button.
    const density = page.getByRole('button', { name: '行高' });
    await density.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.ant-dropdown-menu') !== null);
    // The menu moves the focus a frame after the key: each step is awaited.
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent === '中等');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent === '紧凑');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '行高');
    await page.locator('.ant-dropdown').waitFor({ state: 'hidden' });
    expect(await page.locator('.list-table .ant-table-small').count()).to.equal(1);

    // 对比供应商: two rows ticked with Space, the drawer takes the focus, Escape gives it back.
    const boxes = page.locator('.ant-table-tbody tr.ant-table-row .ant-checkbox-input');
    await boxes.nth(0).focus();
    await page.keyboard.press('Space');
    await boxes.nth(1).focus();
    await page.keyboard.press('Space');
    const compare = page.getByRole('button', { name: /对比供应商/ });
    await compare.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.ant-drawer') !== null);
    await page.getByTestId('review-suppliers').or(page.locator('.ant-drawer-body table')).first().waitFor();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => /对比供应商/.test(document.activeElement?.textContent ?? ''));
    // 已保存视图's toast has gone by then (it sits outside the page's landmarks).
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    expect(await axeViolations(page)).to.deep.equal([]);

    // A phone's 菜单: the menu, Escape back.
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: /菜\s*单/ });
    await menu.waitFor();
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.ant-dropdown-menu') !== null);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => /菜\s*单/.test(document.activeElement?.textContent ?? ''));
    // And a page chosen with the arrows and Enter opens.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.ant-dropdown-menu') !== null);
    // The menu moves the focus a frame after the key: each step is awaited.
    for (let i = 0; i < 5 && !(await focused(page)).endsWith('汇率'); i++) {
      const was = await focused(page);
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction((w) => {
        const a = document.activeElement;
        return `${a?.tagName.toLowerCase()} ${a?.textContent?.trim()}` !== w;
      }, was);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(`${service.base}/exchange-rates`);
  });

  it('the token dialog takes the focus into its field', async () => {
    const guarded = await startService({ APP_TIMEZONE: TIME_ZONE, API_TOKENS: 'keyboard-test-token-0123456789' });
    try {
      const { page } = w;
      // The 401 that opens the dialog is the case under test.
      page.on('console', () => w.problems.splice(0, w.problems.length, ...w.problems.filter((p) => !/status of 401/.test(p))));
      await page.goto(`${guarded.base}/pricing`);
      await page.getByRole('dialog').waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'token');
      await page.keyboard.type('keyboard-test-token-0123456789');
      await page.keyboard.press('Enter');
      await page.waitForSelector(FIRST_ROW_LINK);
    } finally {
      await guarded.stop();
    }
  });

  it('核价明细: each section from the links at the top, 费用明细 right after the header', async () => {
    const { page } = w;
    const pricing = rows[0]!;
    await page.goto(`${service.base}/pricing/${pricing.id}`);
    await page.waitForSelector('[data-testid="cost-lines"] tr.ant-table-row');
    await page.waitForLoadState('networkidle');

    // The cards in the page's order: 费用明细 follows the header.
    const order = await page.$$eval('.review-page > .ant-card[id]', (cards) => cards.map((c) => c.id));
    expect(order).to.deep.equal([
      'review-summary',
      'review-lines',
      'review-compare',
      'review-history',
      'review-suppliers',
      'review-process',
    ]);

    const tabs = await tabsTo(page, '[data-testid="review-nav"] a[href="#review-lines"]');
    console.log(`      Tabs to 费用明细 from the top: ${tabs}`);
    expect(tabs).to.be.at.most(12);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('review-lines');
    // In view below the nav, and the next Tab is inside it.
    const top = await page.evaluate(() => document.getElementById('review-lines')!.getBoundingClientRect().top);
    expect(top).to.be.within(0, 80);
    console.log(`      screenshot: ${await screenshot(page, 'keyboard-review-lines')}`);
    expect(page.url()).to.equal(`${service.base}/pricing/${pricing.id}`);

    for (const [id, name] of [
      ['review-compare', '报价对比'],
      ['review-history', '历史价格'],
      ['review-suppliers', '供应商对比'],
      ['review-process', '二次加工参考价'],
      ['review-summary', '摘要'],
    ] as const) {
      await page.getByTestId('review-nav').getByRole('link', { name, exact: true }).focus();
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id), name).to.equal(id);
      const at = await page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id);
      // At the top below the nav, unless the page ends first.
      const end = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
      if (!end) expect(at, name).to.be.within(0, 80);
    }
    expect(await axeViolations(page)).to.deep.equal([]);
  });
});
