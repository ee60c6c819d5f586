/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, startService, wallTime, type Service } from './browser.js';

/** The real build served under another APP_TIMEZONE: the page shows times in the zone the filters and exports use. */
describe('web: APP_TIMEZONE reaches the built page', function () {
  this.timeout(120_000);
  const ZONE = 'Europe/Berlin';
  let service: Service;
  let browser: Browser;

  before(async () => {
    service = await startService({ APP_TIMEZONE: ZONE });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });

  it(`the page's time-zone tag is ${ZONE}, and the list shows 核价时间 as wall time there`, async () => {
    const html = await (await fetch(`${service.base}/pricing`)).text();
    expect(html).to.match(/<meta name="app-time-zone" content="Europe\/Berlin"\s*\/?>/);
    expect(html).not.to.contain('Asia/Shanghai');

    const w = await openPage(browser);
    try {
      await w.page.goto(`${service.base}/pricing`);
      await w.page.waitForSelector('.ant-table-tbody tr.ant-table-row');
      const zone = await w.page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="app-time-zone"]')?.content);
      expect(zone).to.equal(ZONE);
      const res = await fetch(`${service.base}/api/query/pricing`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      const first = ((await res.json()) as { data: { pricedAt: string }[] }).data[0]!;
      const rowText = await w.page.textContent('.ant-table-tbody tr.ant-table-row');
      expect(rowText).to.contain(wallTime(first.pricedAt, ZONE));
      expect(w.problems).to.deep.equal([]);
    } finally {
      await w.context.close();
    }
  });
});
