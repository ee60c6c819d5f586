import os from 'node:os';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, startService, type Service } from './browser.js';

/**
 * The API docs page as a colleague opens it from another PC: over plain HTTP, at the machine's
 * own address (not localhost, where browsers never upgrade requests to https). A policy with
 * `upgrade-insecure-requests` made the browser ask for swagger-ui's CSS and JS over https there,
 * and the page stayed blank.
 */
function nonLoopbackAddress(): string | undefined {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

describe('web: /api/docs over plain HTTP from another address', function () {
  let service: Service;
  let browser: Browser;
  const address = nonLoopbackAddress();

  before(async function () {
    if (!address) return this.skip(); // a machine with loopback only has no "other PC" view
    service = await startService({ HOST: '0.0.0.0' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('renders swagger-ui with every operation, with no request upgraded or failed', async () => {
    const port = new URL(service.base).port;
    const url = `http://${address}:${port}/api/docs`;
    const { page, context, problems } = await openPage(browser);
    try {
      const res = await page.goto(url);
      expect(res?.status()).to.equal(200);
      expect(res?.headers()['content-security-policy']).to.not.include('upgrade-insecure-requests');
      await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: 20_000 });
      const paths = await page.locator('.swagger-ui .opblock-summary-path').allTextContents();
      expect(paths.join(' ')).to.include('/api/query/pricing');
      // Chromium's notes that it ignores COOP and origin-keying on a plain-HTTP origin are no fault.
      const faults = problems.filter((p) => !/Cross-Origin-Opener-Policy header has been ignored|origin-keyed agent cluster/.test(p));
      expect(faults, faults.join('\n')).to.deep.equal([]);
    } catch (err) {
      console.error(`screenshot: ${await screenshot(page, 'docs-plain-http')}`);
      throw err;
    } finally {
      await context.close();
    }
  });
});
