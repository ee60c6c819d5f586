import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type Page, type Request, type Response } from 'playwright-core';
import { waitFor } from '../support/wait.js';

/**
 * The browser tests' world: the real service (src/server.ts in a child process, as `npm start`
 * runs it) on a free port with its own SQLite file, which it migrates and seeds itself, and
 * Debian's Chromium driven by playwright-core (Playwright's browser downloads are unreachable).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(os.tmpdir(), 'pricing-web-screenshots');

export interface Service {
  base: string;
  dbFile: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `port`: when something must know the service's address before it starts (a provider's redirect URIs). */
export async function startService(env: NodeJS.ProcessEnv = {}, dbFile?: string, port?: number): Promise<Service> {
  port ??= await freePort();
  const file = dbFile ?? path.join(os.tmpdir(), `pricing-web-test-${process.pid}-${port}.sqlite3`);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DB_CLIENT: 'better-sqlite3',
      DB_FILENAME: file,
      DB_SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      API_TOKENS: '',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
      try {
        return (await fetch(`${base}/api/info`)).ok;
      } catch {
        return false; // not listening yet
      }
    },
    { timeoutMs: 60_000, intervalMs: 200, what: 'the service to answer GET /api/info' },
  );
  return {
    base,
    dbFile: file,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!dbFile) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: run scripts/ensure-chromium.sh (apt-get install chromium)`);
  // launch() gives Chromium a fresh, temporary profile of its own (it refuses --user-data-dir).
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Console errors, page errors (CSP refusals are console errors) and failed requests of one page. */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

/** A list request of the page: a POST to `/api/query/…` that is not an export (those ask for CSV or xlsx). */
function isListRequest(req: Request, pathName?: string): boolean {
  const { pathname } = new URL(req.url());
  return (
    req.method() === 'POST' &&
    (pathName === undefined ? pathname.startsWith('/api/query/') : pathname === pathName) &&
    !/csv|sheet/.test(req.headers().accept ?? '')
  );
}

/** The list requests each page opened by openPage has sent and not yet seen finish. */
const listRequestsOut = new WeakMap<Page, Set<Request>>();

/**
 * `origin`: watch only what the page at this origin logs and loads; another site the browser
 * passes through (a sign-in provider's own pages) is not the page under test.
 */
export async function openPage(browser: Browser, { origin }: { origin?: string } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true, locale: 'zh-CN' });
  const page = await context.newPage();
  const out = new Set<Request>();
  listRequestsOut.set(page, out);
  page.on('request', (req) => isListRequest(req) && out.add(req));
  page.on('requestfinished', (req) => out.delete(req));
  page.on('requestfailed', (req) => out.delete(req));
  const problems: string[] = [];
  const ours = (url: string) => origin === undefined || url.startsWith(`${origin}/`);
  page.on('console', (msg) => {
    if (!ours(msg.location().url)) return;
    if (msg.type() === 'error' || msg.type() === 'warning') {
      const text = msg.text();
      // A 401 that the page answers with its token prompt is expected; Chromium logs every failed fetch.
      if (/status of 401/.test(text)) return;
      problems.push(`console ${msg.type()}: ${text}`);
    }
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    if (!ours(req.frame().url())) return;
    // A download that Playwright takes over shows as aborted; everything else is a real failure.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
  return { page, context, problems };
}

/**
 * After each test of a page: a screenshot when it failed (`failed-<suite>-<test>`), the page's
 * context closed, and no console error, page error or failed request but those `expected` matches.
 */
export async function closePage(w: WatchedPage, test: Mocha.Test | undefined, suite: string, expected?: RegExp): Promise<void> {
  if (test?.state === 'failed') {
    const name = test.title.replace(/[^\w\u4e00-\u9fff]+/g, '-').slice(0, 60);
    await screenshot(w.page, `failed-${suite}-${name}`).catch(() => undefined);
  }
  await w.context.close();
  const unexpected = expected ? w.problems.filter((p) => !expected.test(p)) : w.problems;
  expect(unexpected, 'console errors, page errors or failed requests').to.deep.equal([]);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Clicks the search form's 查询 once the table is idle, and returns the answer to the list request
 * that click sent. While the table loads, 查询 is a loading button and antd ignores a click on it,
 * so a click made as the first rows appear could be lost. Idle: no loading button in the search
 * form, no spinner over the table, no list request out. Fields are filled without Enter (which
 * submits the form itself); a date field's typed value is committed by Tab.
 */
export async function clickQuery(page: Page, apiPath: string): Promise<Response> {
  const out = listRequestsOut.get(page);
  if (!out) throw new Error('clickQuery needs a page opened by openPage (it watches the list requests)');
  for (;;) {
    await page.waitForFunction(() => !document.querySelector('.list-search .ant-btn-loading, .list-results .ant-spin-spinning'));
    if (out.size === 0) break;
    // A request the spinner no longer shows (one ProTable superseded): wait for it, then look again.
    await Promise.all([...out].map((req) => req.response().then((res) => res?.finished())));
  }
  const answer = page.waitForResponse((res) => isListRequest(res.request(), apiPath));
  // By its text, not its accessible name: antd's loading icon now and then stays in the button
  // after loading ends (its leave animation never finishes), so the name stays "loading 查 询".
  await page.locator('.list-search button', { hasText: /^查\s*询$/ }).click();
  return answer;
}

/**
 * Clicks the option titled `title` in the open antd dropdown once it has finished opening: while
 * its motion runs the popup takes no pointer events, so a click then can fall through and be lost.
 */
export async function chooseOption(page: Page, title: string): Promise<void> {
  await page.waitForFunction(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown')].filter((d) => !d.classList.contains('ant-select-dropdown-hidden'));
    return open.length > 0 && open.every((d) => !/-(appear|enter)\b/.test(d.className) && getComputedStyle(d).pointerEvents !== 'none');
  });
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`).click();
}

/** Shows or hides a list's column in its 列设置 (opened if it is not), which stays open. */
export async function toggleColumn(page: Page, title: string): Promise<void> {
  const settings = page.locator('.column-settings');
  if (!(await settings.isVisible())) await page.getByRole('button', { name: '列设置' }).click();
  // Until its opening motion ends the popover may still be placed anew, and a click then lands
  // beside the box. The page moves the focus into it once it has opened: wait for that.
  await page.waitForFunction(() => {
    const popover = document.querySelector('.column-settings')?.closest('.ant-popover');
    return (
      !!popover &&
      !/-(appear|enter)\b/.test(popover.className) &&
      popover.getAnimations({ subtree: true }).every((a) => a.playState !== 'running') &&
      popover.contains(document.activeElement)
    );
  });
  const box = settings.getByRole('checkbox', { name: title, exact: true });
  // setChecked clicks and then checks that the box did change.
  await box.setChecked(!(await box.isChecked()));
}

/**
 * axe-core's violations of impact moderate, serious or critical on the page (or within `selector`),
 * one line each. Minor ones (best practices such as empty table header cells) are left out.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // The colours axe reads are the ones on screen: let hover and click transitions finish first, or
  // a button caught half-way through its animation is measured in a shade it never rests in.
  // Endless ones (spinners) are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // evaluate() runs through the DevTools protocol, which the page's CSP does not govern; the
  // page itself still runs under the service's policy.
  await page.evaluate(axe.source);
  const result = await page.evaluate(
    (selector) => (window as unknown as { axe: typeof axe }).axe.run(selector ?? document, { resultTypes: ['violations'] }),
    within,
  );
  return result.violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** POST bodies the page sent to `path`, in order. */
export function recordBodies(page: Page, pathName: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === pathName && !/csv|sheet/.test(req.headers().accept ?? '')) {
      bodies.push(JSON.parse(req.postData() ?? '{}') as Record<string, unknown>);
    }
  });
  return bodies;
}

/** Waits until the table's rows show exactly `expected` in their first column, in order. */
export async function waitForRows(page: Page, expected: string[]): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const rows = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map(
        // The first cell of the row's own (a list whose rows can be ticked has a checkbox cell first);
        // its link where it has one (核价单号 may carry a 计价采用 tag beside it).
        (r) => {
          const cell = r.querySelector('td:not(.ant-table-selection-column)');
          return (cell?.querySelector('a') ?? cell)?.textContent?.trim() ?? '';
        },
      );
      return rows.length === want.length && rows.every((v, i) => v === want[i]);
    },
    expected,
    { timeout: 20_000 },
  );
}

/** The time zone the pages are served in (APP_TIMEZONE), and where the tests read wall times. */
export const TIME_ZONE = 'Asia/Shanghai';

/** An instant as the page shows it: `YYYY-MM-DD HH:mm:ss` in `timeZone`. */
export function wallTime(iso: string, timeZone = TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
