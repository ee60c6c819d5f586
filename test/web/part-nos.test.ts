/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import {
  axeViolations,
  clickQuery,
  closePage,
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
 * 批量物料编码 on both lists in Chromium against the real service: a clerk pastes a column of codes
 * from Excel (a repeat and an unknown code among them); the page says how many codes it read, sends
 * each once, and lists as 未找到 exactly the codes for which the API has no row under the filters.
 */
const PRICING_PATH = '/api/query/pricing';
const PROCESS_PATH = '/api/query/secondary-process';

interface ListBody {
  data: Record<string, unknown>[];
  total: number;
}

async function api(service: Service, apiPath: string, body: unknown): Promise<ListBody> {
  const res = await fetch(`${service.base}${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${apiPath} ${JSON.stringify(body).slice(0, 200)}`).to.equal(200);
  return (await res.json()) as ListBody;
}

/** The codes the API has no row for under `filters`, asked one code at a time (not as the page asks). */
async function codesWithoutRows(service: Service, apiPath: string, filters: object, codes: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const code of codes) {
    if ((await api(service, apiPath, { ...filters, partNos: [code], pageSize: 1 })).total === 0) missing.push(code);
  }
  return missing;
}

/** Waits until the 未找到 list shows exactly `codes`, in the order pasted. */
async function waitForMissing(page: Page, codes: string[]): Promise<void> {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="part-nos-missing-codes"]')?.textContent === want,
    codes.join('、'),
    { timeout: 20_000 },
  );
}

describe('web: 批量物料编码 (pasted part numbers) in Chromium', function () {
  // Each test waits on the real service and Chromium; on a busy CI machine that has taken over 60 s.
  this.timeout(180_000);
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
    return closePage(w, this.currentTest, 'part-nos');
  });

  // Twelve parts that have pricings (more rows than a page of 20, so the page must ask which codes
  // matched), a code that names no part among them, and the paste with one code repeated.
  const unknown = 'NO-SUCH-PART-1';
  let known: string[];
  let codes: string[];
  let pasted: string;
  before(async () => {
    known = [...new Set((await api(service, PRICING_PATH, { pageSize: 200 })).data.map((r) => String(r.partNo)))].slice(0, 12);
    expect(known).to.have.length(12);
    codes = [...known.slice(0, 6), unknown, ...known.slice(6)];
    pasted = [...codes.slice(0, 3), known[0], ...codes.slice(3)].join('\r\n');
  });

  async function openPricing(page: Page): Promise<void> {
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
  }

  it('核价查询: counts the codes read, sends each once and lists as 未找到 the codes without a row', async () => {
    const { page } = w;
    await openPricing(page);
    const bodies = recordBodies(page, PRICING_PATH);
    await page.getByLabel('批量物料编码').fill(pasted);
    expect(await page.textContent('[data-testid="part-nos-count"]')).to.equal('已识别 13 个编码（重复 1 个已合并）');

    const answer = (await (await clickQuery(page, PRICING_PATH)).json()) as ListBody;
    expect(bodies[0]).to.deep.equal({ current: 1, pageSize: 20, partNos: codes });
    expect(answer.total).to.be.greaterThan(20);
    const expected = await codesWithoutRows(service, PRICING_PATH, {}, codes);
    expect(expected).to.deep.equal([unknown]);
    await waitForMissing(page, expected);
    expect(await page.textContent('[data-testid="part-nos-missing"] .ant-alert-message')).to.equal(
      '未找到 1 个编码（共 13 个）：当前查询条件下没有以下编码的记录',
    );
    // Not every row was on the page: the page asked the same filters for the codes, 200 rows a time.
    expect(bodies.slice(1)).to.have.length.greaterThan(0);
    for (const body of bodies.slice(1)) {
      expect(body).to.include({ current: 1, pageSize: 200 });
      expect(body.partNos).to.be.an('array').that.is.not.empty;
    }

    // Paging asks nothing more about the codes: they have the same rows.
    const asked = bodies.length;
    const paged = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === PRICING_PATH),
      page.locator('.ant-pagination-item-2').click(),
    ]);
    expect(JSON.parse(paged[0].request().postData() ?? '{}')).to.include({ current: 2, pageSize: 20 });
    await page.waitForFunction(() => !document.querySelector('.list-results .ant-spin-spinning'));
    expect(bodies).to.have.length(asked + 1);

    await page.setViewportSize({ width: 1400, height: 900 });
    console.log(`      screenshot: ${await screenshot(page, 'part-nos-pricing-1400')}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390);
    console.log(`      screenshot: ${await screenshot(page, 'part-nos-pricing-390')}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('核价查询 under 仅当前有效: a part without a price in force is 未找到 too; all found is said so', async () => {
    const { page } = w;
    await openPricing(page);
    await page.getByLabel('批量物料编码').fill(pasted);
    await page.getByLabel('仅当前有效').click();
    const inForce = await clickQuery(page, PRICING_PATH);
    const inForceOn = (JSON.parse(inForce.request().postData() ?? '{}') as { inForceOn: string }).inForceOn;
    const expected = await codesWithoutRows(service, PRICING_PATH, { inForceOn }, codes);
    expect(expected).to.include(unknown);
    expect(expected.length, 'some of the parts have no pricing in force today').to.be.greaterThan(1);
    await waitForMissing(page, expected);
    console.log(`      screenshot: ${await screenshot(page, 'part-nos-pricing-in-force')}`);

    await page.getByLabel('仅当前有效').click();
    await page.getByLabel('批量物料编码').fill(known.join('\n'));
    expect(await page.textContent('[data-testid="part-nos-count"]')).to.equal('已识别 12 个编码');
    await clickQuery(page, PRICING_PATH);
    await page.getByText('12 个编码在当前查询条件下都有记录').waitFor();
  });

  it('over 1,000 codes: a message and no request; 1,000 are sent', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    const bodies = recordBodies(page, PRICING_PATH);
    const codes = Array.from({ length: 1001 }, (_, i) => `X-${String(i + 1).padStart(4, '0')}`);

    await page.getByLabel('批量物料编码').fill(codes.join('\n'));
    expect(await page.textContent('[data-testid="part-nos-count"]')).to.equal('已识别 1,001 个编码');
    const error = page.locator('.ant-form-item-explain-error', { hasText: '一次最多查询 1,000 个编码，请删减或分批查询' });
    await error.waitFor();
    await page.locator('.list-search button', { hasText: /^查\s*询$/ }).click();

    // One code fewer: the message goes, and the one request sent is this one.
    await page.getByLabel('批量物料编码').fill(codes.slice(0, 1000).join('\n'));
    await error.waitFor({ state: 'detached' });
    const sent = await clickQuery(page, PRICING_PATH);
    expect((JSON.parse(sent.request().postData() ?? '{}') as { partNos: string[] }).partNos).to.deep.equal(codes.slice(0, 1000));
    await waitForMissing(page, codes.slice(0, 1000));
    expect(bodies.filter((b) => b.pageSize === 20)).to.have.length(1);
  });

  it('二次加工查询: the same field, count and 未找到 list', async () => {
    const { page } = w;
    const known = [...new Set((await api(service, PROCESS_PATH, { pageSize: 200 })).data.map((r) => String(r.partNo)))].slice(0, 5);
    // A part that has pricings but perhaps no process price, and a code that names no part.
    const pricedParts = (await api(service, PRICING_PATH, { pageSize: 200 })).data.map((r) => String(r.partNo));
    const other = pricedParts.find((p) => !known.includes(p))!;
    const codes = [...known, other, 'NO-SUCH-PART-2'];

    await page.goto(`${service.base}/secondary-process`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    // Typed on one line, as codes are separated in a chat message.
    await page.getByLabel('批量物料编码').fill(`${codes.join('，')} ${known[1]}`);
    expect(await page.textContent('[data-testid="part-nos-count"]')).to.equal('已识别 7 个编码（重复 1 个已合并）');
    const sent = await clickQuery(page, PROCESS_PATH);
    expect(JSON.parse(sent.request().postData() ?? '{}')).to.deep.equal({ current: 1, pageSize: 20, partNos: codes });
    const expected = await codesWithoutRows(service, PROCESS_PATH, {}, codes);
    expect(expected).to.include('NO-SUCH-PART-2');
    await waitForMissing(page, expected);
    console.log(`      screenshot: ${await screenshot(page, 'part-nos-secondary-process')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
  });
});
