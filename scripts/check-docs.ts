/**
 * Opt-in check (`npm run check:docs`) that /api/docs really renders in a browser: starts the app
 * on a free port, opens the page in Debian's headless Chromium under a strict
 * `script-src 'self'` policy, waits for Swagger UI's operation list, saves a screenshot and exits
 * non-zero if the list did not render, the page hit a script error or a CSP violation, or "Try it
 * out" on POST /api/query/pricing (its pre-filled example body, on the demo data) found no rows.
 * Needs `apt-get install -y chromium` (/usr/bin/chromium); playwright's own browsers are not used.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { createLogger } from '../src/logger.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT = path.join(os.tmpdir(), 'api-docs.png');
const EXPECTED_PATHS = ['/api/query/pricing', '/api/query/secondary-process', '/api/query/pricing-details', '/api/openapi.json'];
// What another engineer's helmet set-up may relax on /api/docs is not tested here: the page must
// work under the strictest script policy, so this check imposes it itself.
const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'";

async function main(): Promise<number> {
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`check-docs: ${CHROMIUM} not found; install it with: apt-get install -y chromium`);
    return 2;
  }
  const dbFile = path.join(os.tmpdir(), `check-docs-${process.pid}.sqlite3`);
  const config = loadConfig({
    ...process.env,
    DB_CLIENT: 'better-sqlite3',
    DB_FILENAME: dbFile,
    DB_MIGRATE: 'false',
    LOG_LEVEL: 'warn',
    API_TOKENS: '',
    RATE_LIMIT_PER_MINUTE: '0',
  });
  const db = createDb(config.db);
  // Seeded, so that "Try it out" with the document's example body has rows to find.
  await db.migrate.latest();
  await db.seed.run();
  const app = createApp({ config, db, logger: createLogger(config.logLevel) });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const problems: string[] = [];
  try {
    const page = await browser.newPage();
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });
    page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
    await page.route(`${base}/api/docs`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_CSP } });
    });
    await page.goto(`${base}/api/docs`, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    const paths = await page.$$eval('.opblock-summary-path', (els) => els.map((e) => e.getAttribute('data-path') ?? e.textContent ?? ''));
    const title = await page.textContent('.info .title');
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    console.log(`check-docs: ${paths.length} operations rendered; title: ${title?.trim()}; screenshot: ${SCREENSHOT}`);
    for (const p of EXPECTED_PATHS) if (!paths.some((x) => x.replace(/\u200b/g, '') === p)) problems.push(`operation ${p} not rendered`);
    problems.push(...(await tryItOut(page, 'post', '/api/query/pricing')));
  } catch (err) {
    problems.push(`did not render: ${(err as Error).message}`);
  } finally {
    await browser.close();
    server.close();
    await db.destroy();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
  }
  for (const p of problems) console.error(`check-docs: ${p}`);
  return problems.length === 0 ? 0 : 1;
}

/**
 * Opens one operation, presses "Try it out" and "Execute" with the body Swagger UI pre-fills (the
 * document's example) and checks that the answer shown is a 200 with rows.
 */
async function tryItOut(page: Page, method: string, route: string): Promise<string[]> {
  const block = page.locator(`.opblock-${method}`).filter({ has: page.locator(`[data-path="${route}"]`) });
  await block.locator('.opblock-summary').first().click();
  await block.locator('button.try-out__btn').click();
  await block.locator('button.execute').click();
  const body = block.locator('.live-responses-table tbody .response-col_description pre').first();
  await body.waitFor({ timeout: 30_000 });
  const status = (await block.locator('.live-responses-table tbody .response-col_status').first().textContent())?.trim();
  const text = (await body.textContent()) ?? '';
  let rows: number;
  try {
    rows = (JSON.parse(text) as { data?: unknown[] }).data?.length ?? 0;
  } catch {
    return [`try it out ${route}: the answer is not JSON: ${text.slice(0, 200)}`];
  }
  console.log(`check-docs: try it out ${method.toUpperCase()} ${route}: ${status}, ${rows} rows`);
  return status === '200' && rows > 0 ? [] : [`try it out ${route}: status ${status}, ${rows} rows`];
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('check-docs:', err);
    process.exit(1);
  },
);
