/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { API_AUDIENCE, ROLES, TestOpenIdProvider } from '../support/oidc-provider.js';
import {
  axeViolations,
  closePage,
  freePort,
  launchBrowser,
  openPage,
  recordBodies,
  screenshot,
  type Service,
  startService,
  TIME_ZONE,
  type WatchedPage,
} from './browser.js';

/**
 * 工作台's 我的, signed in through a real OpenID Provider as a clerk whose name is a 核价员 of the demo
 * data (张伟, src/db/demo-data.ts): the switch sends `mine: true`, the pricing items count that
 * clerk's pricings only (as 核价查询 with 核价员 张伟 counts them), their links carry the name, and
 * the choice is kept.
 */
const CLIENT_ID = 'pricing-page';
const CLERK = '张伟';
const PRICING_ITEMS = ['pending', 'pendingRising', 'expiring', 'recent'] as const;

interface Item {
  filters: Record<string, unknown>;
  count: number;
}

describe('web: 工作台 我的 (a signed-in clerk’s own pricings)', function () {
  this.timeout(120_000);
  let op: TestOpenIdProvider;
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  let machineToken: string;

  /** `path` as the API answers `body` (a machine client with both roles). */
  async function api<T>(path: string, body: object): Promise<T> {
    const res = await fetch(`${service.base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${machineToken}` },
      body: JSON.stringify(body),
    });
    expect(res.status, `${path} ${JSON.stringify(body)}`).to.equal(200);
    return (await res.json()) as T;
  }

  async function logIn(page: Page, user: string): Promise<void> {
    await page.waitForURL((url) => url.origin === op.issuer);
    await page.locator('input[name="login"]').fill(user);
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();
  }

  before(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    op = await TestOpenIdProvider.start({
      clients: [{ clientId: 'checker', roles: [...ROLES] }],
      spa: { clientId: CLIENT_ID, redirectUris: [`${base}/signin-callback`, `${base}/signin-silent`] },
      userName: (user) => (user === 'zhangwei' ? CLERK : user),
    });
    service = await startService(
      {
        APP_TIMEZONE: TIME_ZONE,
        AUTH_ISSUER: op.issuer,
        AUTH_AUDIENCE: API_AUDIENCE,
        AUTH_CLIENT_ID: CLIENT_ID,
        AUTH_SCOPES: 'openid profile',
      },
      undefined,
      port,
    );
    machineToken = await op.clientToken('checker');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    await op?.close();
  });
  beforeEach(async () => {
    w = await openPage(browser, { origin: service.base });
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'home-mine');
  });

  it('我的 narrows the pricing items to the clerk’s own, as 核价查询 with 核价员 counts them, and their links carry the name', async () => {
    const { page } = w;
    const asked = recordBodies(page, '/api/query/workbench');
    await page.goto(`${service.base}/`);
    await logIn(page, 'zhangwei');
    await page.waitForURL(`${service.base}/`);
    const mine = page.getByRole('switch', { name: `我的（核价员 ${CLERK}）` });
    await mine.waitFor();
    expect(await mine.getAttribute('aria-checked')).to.equal('false');
    await page.getByTestId('home-pending').waitFor();

    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/query/workbench');
    await mine.click();
    const data = ((await (await answered).json()) as { data: Record<string, Item> & { mine: string } }).data;
    expect(asked.at(-1)).to.deep.equal({ mine: true });
    expect(data.mine).to.equal(CLERK);
    await page.getByTestId('home-mine-note').waitFor();
    expect(await page.getByTestId('home-mine-note').textContent()).to.contain(CLERK);

    for (const key of PRICING_ITEMS) {
      const item = data[key]!;
      expect(item.filters, key).to.deep.include({ pricedBy: CLERK });
      // The oracle: 核价查询 itself, asked with the item's own filters and the clerk's name.
      const everyone = await api<{ data: Record<string, Item> }>('/api/query/workbench', {});
      const { pricedBy: _name, ...own } = item.filters;
      expect(own, key).to.deep.equal(everyone.data[key]!.filters);
      const list = await api<{ total: number }>('/api/query/pricing', { ...own, pricedBy: CLERK });
      expect(item.count, key).to.equal(list.total);
      await page.waitForFunction(([k, n]) => document.querySelector(`[data-testid="home-${k}"]`)?.textContent?.includes(`${n}条`), [
        key,
        item.count,
      ] as const);
    }
    // 张伟 has fewer pending pricings than everyone together.
    const all = await api<{ data: Record<string, Item> }>('/api/query/workbench', {});
    expect(data.pending!.count).to.be.above(0).and.below(all.data.pending!.count);

    for (const width of [1400, 390]) {
      await page.setViewportSize({ width, height: 900 });
      console.log(`      screenshot: ${await screenshot(page, `home-mine-${width}`)}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);
      expect(await axeViolations(page), `axe at ${width} px`).to.deep.equal([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // The item's link: the clerk's pending pricings, oldest first.
    const bodies = recordBodies(page, '/api/query/pricing');
    await page.getByTestId('home-pending').click();
    await page.waitForSelector('.ant-pagination-total-text');
    expect(bodies.at(-1)).to.deep.include({ status: ['pending'], pricedBy: CLERK, sort: { pricedAt: 'ascend' } });
    expect(await page.textContent('.ant-pagination-total-text')).to.contain(String(data.pending!.count));
    expect(await page.locator('.list-search').getByLabel('核价员').inputValue()).to.equal(CLERK);

    // Back on 工作台, and after a reload: 我的 is still on.
    await page.goBack();
    await mine.waitFor();
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
    await page.reload();
    await mine.waitFor();
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
    await page.getByTestId('home-mine-note').waitFor();
    expect(asked.at(-1)).to.deep.equal({ mine: true });
  });
});
