/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import {
  axeViolations,
  closePage,
  launchBrowser,
  openPage,
  screenshot,
  startService,
  TIME_ZONE,
  type Service,
  type WatchedPage,
} from './browser.js';

/**
 * 计价采用 in Chromium against the real service: the pricing list with 有效日 marks, per part, the
 * row the priced BOM's default rule takes that day, exactly the ids the service names
 * (latestInForceIds), and the BOM priced that day takes those very pricings.
 */
const DAY = '2026-11-20';
const PARTS = ['P-100213', 'P-100217', 'P-100281', 'P-100001'];

async function post<T>(service: Service, apiPath: string, body: unknown): Promise<T> {
  const res = await fetch(`${service.base}${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).to.equal(200);
  return (await res.json()) as T;
}

describe('核价查询: 计价采用 with 有效日', function () {
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
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'used-by-bom');
  });

  for (const width of [1400, 390]) {
    it(`at ${width} px: the marked rows are the service's latestInForceIds, one per part, and the BOM takes them`, async () => {
      const { page } = w;
      await page.setViewportSize({ width, height: 900 });
      const list = await post<{ data: { id: number; pricingNo: string }[]; latestInForceIds: number[] }>(service, '/api/query/pricing', {
        partNos: PARTS,
        inForceOn: DAY,
        pageSize: 20,
      });
      expect(list.latestInForceIds.length).to.be.at.least(3);
      expect(list.data.length).to.be.above(list.latestInForceIds.length);
      const bom = await post<{ data: { lines: { pricing: { id: number } | null }[] } }>(service, '/api/query/bom-price', {
        lines: PARTS.map((partNo) => ({ partNo, quantity: 1 })),
        on: DAY,
      });
      const bomIds = bom.data.lines.flatMap((l) => (l.pricing ? [l.pricing.id] : [])).sort((a, b) => a - b);
      expect(list.latestInForceIds).to.deep.equal(bomIds);

      await page.goto(`${service.base}/pricing?partNos=${PARTS.join(',')}&inForceOn=${DAY}`);
      const rows = width === 1400 ? '.ant-table-tbody tr.ant-table-row' : '.list-card';
      await page.locator(rows).first().waitFor();
      await page.locator('.used-by-bom').first().waitFor();
      const marked = await page
        .locator(`${rows}:has(.used-by-bom)`)
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-row-key'))));
      const want = list.data.filter((r) => list.latestInForceIds.includes(r.id)).map((r) => r.id);
      expect(marked.sort((a, b) => a - b)).to.deep.equal(want.sort((a, b) => a - b));
      expect(await page.locator('.used-by-bom').first().textContent()).to.equal('计价采用');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
      expect(await axeViolations(page)).to.deep.equal([]);
      await screenshot(page, `used-by-bom-${width}`);

      // Without 有效日, nothing is marked.
      await page.goto(`${service.base}/pricing?partNos=${PARTS.join(',')}`);
      await page.locator(rows).first().waitFor();
      expect(await page.locator('.used-by-bom').count()).to.equal(0);
    });
  }
});
