/**
 * What the pricing workbench's first page costs (npm run bench:web): starts the real service
 * on the demo seed, opens /pricing in Debian's headless Chromium and prints
 * - the bytes the first page loads (HTML, scripts, styles, icons; the API's JSON apart), raw,
 *   gzip (level 9, what web/dist/assets/*.gz holds) and as sent (brotli when accepted);
 * - the time from navigation start to the first table row on screen (on `--path /`, 工作台's first
 *   figure), cold cache and warm (median, min and max of --runs, default 5), measured in the page by
 *   a MutationObserver; with `--busy N`, while N other processes keep the CPUs busy.
 * Needs web/dist (npm run web:build) and /usr/bin/chromium (scripts/ensure-chromium.sh).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { launchBrowser, startService } from '../test/web/browser.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    path: { type: 'string', default: '/pricing' },
    busy: { type: 'string', default: '0' },
  },
});
const runs = Number(values.runs);
const busy = Number(values.busy);
// 工作台 has no table: its first figure is the first item's card.
const FIRST_ROW = values.path === '/' ? '[data-testid^="home-"]' : '.ant-table-tbody tr.ant-table-row';

/** In the page before any of its scripts: when does the first row appear? */
function watchFirstRow(selector: string): void {
  const w = window as unknown as { __firstRowAt?: number };
  new MutationObserver((_, observer) => {
    if (document.querySelector(selector)) {
      w.__firstRowAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

function stats(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(0)} ms (min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}, n=${ms.length})`;
}

const service = await startService();
const browser = await launchBrowser();
const spinners: ChildProcess[] = [];
try {
  // Bytes of the first page, cold.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const loaded: { url: string; sent: number }[] = [];
  page.on('requestfinished', async (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) return;
    const sizes = await req.sizes();
    loaded.push({ url: url.pathname, sent: sizes.responseBodySize });
  });
  await page.goto(`${service.base}${values.path}`);
  await page.waitForSelector(FIRST_ROW);
  await page.waitForLoadState('networkidle');
  await context.close();

  let raw = 0;
  let gzip = 0;
  let sent = 0;
  const lines: string[] = [];
  for (const { url, sent: bytes } of loaded) {
    const file = path.join(DIST, url === '/' || !path.extname(url) ? 'index.html' : url);
    const body = fs.readFileSync(file);
    const gz = fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : zlib.gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += gz;
    sent += bytes;
    lines.push(
      `  ${url.padEnd(48)} raw ${(body.length / 1024).toFixed(1).padStart(7)} KB  gzip ${(gz / 1024).toFixed(1).padStart(6)} KB  sent ${(bytes / 1024).toFixed(1).padStart(6)} KB`,
    );
  }
  console.log(`first page ${values.path}: ${loaded.length} files`);
  for (const line of lines) console.log(line);
  console.log(
    `  total: raw ${(raw / 1024).toFixed(0)} KB, gzip ${(gzip / 1024).toFixed(0)} KB, sent (brotli) ${(sent / 1024).toFixed(0)} KB`,
  );

  // Time to first rows, beside other work when asked: a busy machine is the clerk's usual one.
  for (let i = 0; i < busy; i++) spinners.push(spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }));
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await ctx.addInitScript(watchFirstRow, FIRST_ROW);
    const p = await ctx.newPage();
    for (const into of [cold, warm]) {
      await p.goto(`${service.base}${values.path}`);
      await p.waitForFunction(() => (window as unknown as { __firstRowAt?: number }).__firstRowAt !== undefined);
      into.push(await p.evaluate(() => (window as unknown as { __firstRowAt: number }).__firstRowAt));
    }
    await ctx.close();
  }
  const beside = busy > 0 ? ` beside ${busy} busy process${busy > 1 ? 'es' : ''}` : '';
  console.log(`time to first rows${beside}, cold cache: ${stats(cold)}`);
  console.log(`time to first rows${beside}, warm cache: ${stats(warm)}`);
} finally {
  for (const spinner of spinners) spinner.kill();
  await browser.close();
  await service.stop();
}
