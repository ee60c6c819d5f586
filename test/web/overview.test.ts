import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { waitFor } from '../support/wait.js';
import { closePage, launchBrowser, openPage, screenshot, type Service, startService, type WatchedPage } from './browser.js';

/**
 * 数据概况 on a database that answers but was never migrated: /api/test-db keeps its contract
 * (数据库连接失败), and the page asks readiness why, so the clerk reads that the connection works,
 * the schema is missing, what an administrator runs, and whom to ask.
 */
describe('web: 数据概况 says why the database check fails, and whom to ask', function () {
  this.timeout(120_000);
  const dbFile = path.join(os.tmpdir(), `pricing-web-unmigrated-${process.pid}.sqlite3`);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;

  before(async () => {
    fs.rmSync(dbFile, { force: true });
    fs.writeFileSync(dbFile, ''); // an empty SQLite file: it opens, and holds no table
    service = await startService({ DB_MIGRATE: 'false' }, dbFile);
    browser = await launchBrowser();
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
    // Chromium logs every answer >= 400 as a console error: here readiness' 503 and the table
    // statistics, which cannot be read without the schema, are the point of the test.
    return closePage(w, this.currentTest, 'overview', /status of (500|503)/);
  });

  it('says 已连接，但数据库结构未迁移, what to run and whom to ask; after the migration the check passes', async () => {
    const testDb = (await (await fetch(`${service.base}/api/test-db`)).json()) as unknown;
    expect(testDb).to.deep.equal({ success: false, message: '数据库连接失败' });
    const ready = await fetch(`${service.base}/api/health/ready`);
    expect(ready.status).to.equal(503);

    const { page } = w;
    await page.goto(`${service.base}/overview`);
    await page.waitForSelector('[data-testid="db-check"]');
    expect(await page.textContent('[data-testid="db-check"]')).to.equal('已连接，但数据库结构未迁移');
    const advice = (await page.textContent('[data-testid="db-advice"]')) ?? '';
    expect(advice).to.contain('系统管理员').and.contain('npm run db:migrate').and.contain('DB_MIGRATE=true');
    expect(advice).to.contain('数据库结构未迁移到最新版本'); // the service's own reason, for the administrator
    expect(await page.textContent('body')).not.to.contain('数据库连接失败');
    console.log(`      screenshot: ${await screenshot(page, 'overview-unmigrated')}`);

    // What the page tells the administrator to run makes the check pass.
    await promisify(execFile)('npm', ['run', 'db:migrate'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DB_CLIENT: 'better-sqlite3', DB_FILENAME: dbFile },
    });
    // Readiness reuses a check for up to a second: until its next check sees the schema.
    await waitFor(
      async () => {
        const res = await fetch(`${service.base}/api/health/ready`);
        await res.arrayBuffer();
        return res.status === 200;
      },
      { intervalMs: 100, what: 'readiness to pass after the migration' },
    );
    await page.getByRole('button', { name: /重新检测/ }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="db-check"]')?.textContent === '数据库连接正常');
    expect(await page.locator('[data-testid="db-advice"]').count()).to.equal(0);
  });

  it("reads any other reason from readiness's message: a missing database, an unavailable one, one it does not know", async () => {
    const { page } = w;
    await page.route('**/api/test-db', (route) => route.fulfill({ json: { success: false, message: '数据库连接失败' } }));
    for (const [reason, badge, advice] of [
      ['服务未就绪：配置的数据库不存在', '数据库连接失败：配置的数据库不存在', 'DATABASE_URL'],
      ['服务未就绪：数据库不可用（login-failed）', '数据库连接失败', '账号和密码'],
      ['服务未就绪：一个页面还不认识的原因', '数据库连接失败', '系统管理员'],
    ] as const) {
      await page.route('**/api/health/ready', (route) =>
        route.fulfill({ status: 503, json: { success: false, code: 'NOT_READY', message: reason } }),
      );
      await page.goto(`${service.base}/overview`);
      await page.waitForSelector('[data-testid="db-check"]');
      expect(await page.textContent('[data-testid="db-check"]'), reason).to.equal(badge);
      const text = (await page.textContent('[data-testid="db-advice"]')) ?? '';
      expect(text, reason).to.contain('系统管理员').and.contain(advice).and.contain(reason.replace('服务未就绪：', ''));
      await page.unroute('**/api/health/ready');
    }
  });
});
