/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { API_AUDIENCE, ROLES, TestOpenIdProvider } from '../support/oidc-provider.js';
import {
  axeViolations,
  clickQuery,
  closePage,
  freePort,
  launchBrowser,
  openPage,
  screenshot,
  type Service,
  startService,
  waitForRows,
  type WatchedPage,
} from './browser.js';

/**
 * The page signs in through a real OpenID Provider (panva's oidc-provider, in this process) with
 * the authorization-code flow and PKCE, as it would through Entra ID, ADFS or Keycloak: the
 * provider's dev login form, back at /signin-callback, the person's name, their roles deciding
 * the export buttons, renewal when the access token is refused, and sign-out.
 */
const CLIENT_ID = 'pricing-page';
const PEOPLE: Record<string, { name: string; roles: string[] }> = {
  reader: { name: '张三', roles: ['pricing.read'] },
  exporter: { name: '李四', roles: [...ROLES] },
};

interface ListBody {
  data: { pricingNo: string }[];
  total: number;
}

async function rowsOf(page: Page): Promise<string[]> {
  return page.$$eval('.ant-table-tbody tr.ant-table-row', (rows) =>
    rows.map((r) => r.querySelector('td:not(.ant-table-selection-column)')?.textContent?.trim() ?? ''),
  );
}

describe('web: company sign-in (OpenID Connect, code flow with PKCE) in Chromium', function () {
  this.timeout(120_000);
  let op: TestOpenIdProvider;
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  let machineToken: string;

  /** The list as the API answers it for `body` (a machine client with both roles). */
  async function api(body: object): Promise<ListBody> {
    const res = await fetch(`${service.base}/api/query/pricing`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${machineToken}` },
      body: JSON.stringify(body),
    });
    expect(res.status).to.equal(200);
    return (await res.json()) as ListBody;
  }

  /** On the provider's dev login form: any user name and password are an account. */
  async function logIn(page: Page, user: string): Promise<void> {
    await page.waitForURL((url) => url.origin === op.issuer);
    await page.locator('input[name="login"]').fill(user);
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();
  }

  /** The page's stored sign-in (oidc-client-ts's user in sessionStorage), changed by `edit`. */
  async function editStoredUser(page: Page, edit: 'break-access-token' | 'drop-refresh-token' | 'break-both'): Promise<void> {
    await page.evaluate(
      ({ key, edit }) => {
        const user = JSON.parse(sessionStorage.getItem(key)!) as { access_token: string; refresh_token?: string };
        user.access_token = 'not.a.token';
        if (edit === 'drop-refresh-token') delete user.refresh_token;
        if (edit === 'break-both') user.refresh_token = 'not-a-refresh-token';
        sessionStorage.setItem(key, JSON.stringify(user));
      },
      { key: `oidc.user:${op.issuer}:${CLIENT_ID}`, edit },
    );
  }

  before(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    op = await TestOpenIdProvider.start({
      clients: [{ clientId: 'checker', roles: [...ROLES] }],
      spa: {
        clientId: CLIENT_ID,
        redirectUris: [`${base}/signin-callback`, `${base}/signin-silent`],
        postLogoutRedirectUris: [`${base}/signed-out`],
      },
      userRoles: (user) => PEOPLE[user]?.roles ?? [],
      userName: (user) => PEOPLE[user]?.name ?? user,
    });
    service = await startService(
      {
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
    return closePage(w, this.currentTest, 'sign-in');
  });

  it('the page settings name the provider, and its policy lets the page reach it', async () => {
    const res = await fetch(`${service.base}/api/auth/config`);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).to.deep.include({ success: true, enabled: true, issuer: op.issuer, clientId: CLIENT_ID });
    const page = await fetch(`${service.base}/pricing`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).to.contain(`connect-src 'self' ${op.issuer}`).and.contain(`frame-src 'self' ${op.issuer}`);
    expect(csp).to.match(/script-src 'self'(;|$)/);
    expect(csp).to.contain("frame-ancestors 'none'");
    // Only the silent-renewal callback may be framed, and only by the page itself.
    const silent = await fetch(`${service.base}/signin-silent`);
    expect(silent.headers.get('content-security-policy')).to.contain("frame-ancestors 'self'");
  });

  it('a reader signs in at the provider, comes back to the list with their name shown, and cannot export', async () => {
    const { page } = w;
    const authHeaders: (string | undefined)[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/query/pricing') authHeaders.push(req.headers().authorization);
    });
    await page.goto(`${service.base}/pricing`);
    await logIn(page, 'reader');
    // Back where they started, with the callback's code and state gone from the address bar.
    await page.waitForURL(`${service.base}/pricing`);
    await waitForRows(
      page,
      (await api({})).data.map((r) => r.pricingNo),
    );
    expect(await page.getByTestId('user-name').textContent()).to.equal('张三');
    expect(authHeaders).to.have.length.greaterThan(0);
    expect(authHeaders.every((h) => /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(h ?? ''))).to.equal(true);

    // The reader's roles lack pricing.export: the buttons are there but disabled.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="export-buttons"] button[disabled]').length === 2);
    // And the service agrees: the same token is refused for an export with 403 FORBIDDEN.
    const token = authHeaders[0]!;
    const refused = await fetch(`${service.base}/api/query/pricing`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/csv', Authorization: token },
      body: '{}',
    });
    expect(refused.status).to.equal(403);
    expect(((await refused.json()) as { code: string }).code).to.equal('FORBIDDEN');
    console.log(`      screenshot: ${await screenshot(page, 'signed-in-reader')}`);

    // The header's name and 退出登录 are readable (contrast) and named for a screen reader.
    expect(await axeViolations(page, '.ant-layout-header')).to.deep.equal([]);
  });

  it('a person without pricing.read is told plainly that the role is missing', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing`);
    await logIn(page, 'visitor');
    await page.waitForURL(`${service.base}/pricing`);
    const notice = page.locator('.ant-message-error');
    await notice.waitFor();
    expect(await notice.textContent()).to.equal('查询失败：无权访问：需要 pricing.read 角色。如需开通，请联系系统管理员');
    expect(await page.getByTestId('user-name').textContent()).to.equal('visitor');
    expect(await rowsOf(page)).to.deep.equal([]);
    // Chromium logs the refused request itself; that 403 is the case under test.
    w.problems.splice(0, w.problems.length, ...w.problems.filter((p) => !/status of 403/.test(p)));
  });

  it('a person with both roles can export; a refused token is renewed silently, else a new sign-in keeps the place', async () => {
    const { page } = w;
    await page.goto(`${service.base}/secondary-process`);
    await logIn(page, 'exporter');
    await page.waitForURL(`${service.base}/secondary-process`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    expect(await page.getByTestId('user-name').textContent()).to.equal('李四');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="export-buttons"] button:not([disabled])').length === 2);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 CSV' }).click();
    expect((await download).suggestedFilename()).to.match(/^二次加工查询-\d{8}-\d{6}\.csv$/);

    // To 核价查询, with a keyword.
    await page.getByRole('link', { name: '核价查询' }).click();
    // Its own rows, not those of the list it leaves (shown until the new page's chunk has loaded).
    await waitForRows(
      page,
      (await api({})).data.map((r) => r.pricingNo),
    );
    const filtered = (await api({ keyword: '支架' })).data.map((r) => r.pricingNo);
    await page.getByLabel('关键字').fill('支架');
    await clickQuery(page, '/api/query/pricing');
    await waitForRows(page, filtered);
    // The list's filters are in the address: a sign-in that keeps the address keeps them.
    const listUrl = `${service.base}/pricing?keyword=${encodeURIComponent('支架')}`;
    expect(page.url()).to.equal(listUrl);

    // What the page asks the provider for: refresh-token grants and silent (prompt=none) sign-ins.
    const toProvider: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin !== op.issuer) return;
      if (url.pathname === '/token' && /grant_type=refresh_token/.test(req.postData() ?? '')) toProvider.push('refresh');
      if (url.pathname === '/auth') toProvider.push(url.searchParams.get('prompt') === 'none' ? 'silent' : 'sign-in');
    });

    // The access token is refused (as an expired one is): the refresh token gets a new one, the
    // request is sent again, and nothing else happens.
    await editStoredUser(page, 'break-access-token');
    const reload = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/query/pricing' && r.status() === 200);
    await clickQuery(page, '/api/query/pricing');
    await reload;
    await waitForRows(page, filtered);
    expect(page.url()).to.equal(listUrl);
    expect(toProvider).to.deep.equal(['refresh']);

    // Without a refresh token: prompt=none in a hidden iframe, on the provider's session.
    await editStoredUser(page, 'drop-refresh-token');
    const again = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/query/pricing' && r.status() === 200);
    await clickQuery(page, '/api/query/pricing');
    await again;
    await waitForRows(page, filtered);
    expect(page.url()).to.equal(listUrl);
    expect(toProvider).to.deep.equal(['refresh', 'silent']);

    // The provider's session is over too: a new sign-in, then the same list with the same keyword.
    await w.context.clearCookies();
    await editStoredUser(page, 'break-both');
    await clickQuery(page, '/api/query/pricing');
    await logIn(page, 'exporter');
    await page.waitForURL(listUrl);
    const restored = await page.waitForRequest((r) => new URL(r.url()).pathname === '/api/query/pricing');
    expect(JSON.parse(restored.postData() ?? '{}')).to.deep.include({ keyword: '支架' });
    await waitForRows(page, filtered);
    expect(await page.getByLabel('关键字').inputValue()).to.equal('支架');
    expect(toProvider).to.deep.equal(['refresh', 'silent', 'refresh', 'sign-in']);
    console.log(`      screenshot: ${await screenshot(page, 'signed-in-exporter')}`);
  });

  it('signs out at the provider and says so; signing in again asks for the login', async () => {
    const { page } = w;
    await page.goto(`${service.base}/overview`);
    await logIn(page, 'reader');
    await page.waitForURL(`${service.base}/overview`);
    await page.getByRole('button', { name: '退出登录' }).click();
    // oidc-provider asks to confirm (Entra ID and Keycloak may not), then returns to the page.
    await page.waitForURL((url) => url.origin === op.issuer);
    await page.locator('button[name="logout"]').click();
    await page.waitForURL(`${service.base}/signed-out`);
    await page.getByText('已退出登录').waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('oidc.user:')))).to.deep.equal([]);
    await screenshot(page, 'signed-out');
    await page.getByRole('button', { name: '重新登录' }).click();
    await logIn(page, 'reader');
    await page.waitForURL(`${service.base}/pricing`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    expect(await rowsOf(page)).to.have.length.greaterThan(0);
  });
});
