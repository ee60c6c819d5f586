import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { createLogger } from '../../src/logger.js';
import { PROJECT_ROOT } from '../../src/project-root.js';
import { sharedTestDb, testConfig, type TestApp } from './context.js';

/**
 * A built web page for the tests (what `npm run web:build` writes to web/dist), so that routing and
 * token tests also run where the page answers every GET outside /api, as it does in production.
 * npm test needs neither Vite nor a browser for it; test/web/ drives the real build in Chromium.
 */
export const PAGE_INDEX = `<!doctype html><html lang="zh-CN"><head>${timeZoneMetaOfThePage()}<script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`;
/** The time-zone tag exactly as web/index.html writes it (and Vite keeps it), so the replacement is tried on the real form. */
function timeZoneMetaOfThePage(): string {
  const html = fs.readFileSync(path.join(PROJECT_ROOT, 'web/index.html'), 'utf8');
  const tag = /<meta name="app-time-zone"[^>]*>/.exec(html)?.[0];
  if (!tag) throw new Error('web/index.html has no app-time-zone meta tag');
  return tag;
}

export const PAGE_SCRIPT = 'console.log("workbench");'.repeat(50);

let root: string | undefined;

/** The fixture's folder, written once per run and removed when the process exits. */
export function webPageRoot(): string {
  if (root) return root;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), PAGE_INDEX);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'assets/index-AbC123.js'), PAGE_SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets/index-AbC123.js.gz'), zlib.gzipSync(PAGE_SCRIPT));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return (root = dir);
}

/** Like createTestApp (shared database), with the fixture page served at /. */
export function createTestAppWithPage(env: NodeJS.ProcessEnv = {}): TestApp {
  const config = testConfig(env);
  const db = sharedTestDb();
  const app = createApp({ config, db, logger: createLogger(config.logLevel), webRoot: webPageRoot() });
  return { app, config, db, request: supertest(app.callback()) };
}

/** Whether an answer is the web page (index.html), not an API answer. */
export function isWebPage(res: { headers: Record<string, string>; text?: string }): boolean {
  return /^text\/html/.test(res.headers['content-type'] ?? '') && (res.text ?? '').includes('<div id="root">');
}
