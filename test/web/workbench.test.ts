/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Browser, Page, Response } from 'playwright-core';
import {
  chooseOption,
  axeViolations,
  clickQuery,
  closePage,
  launchBrowser,
  openPage,
  recordBodies,
  screenshot,
  type Service,
  startService,
  toggleColumn,
  TIME_ZONE,
  waitForRows,
  wallTime,
  type WatchedPage,
} from './browser.js';
import { pricingQuerySchema, secondaryProcessQuerySchema } from '../../src/schemas/requests.js';

/**
 * The pricing workbench (web/) in a real browser against the real service: what the page shows
 * is what the API answers for the body the page sent, and that body is the contract's.
 */
const TOKEN = 'web-test-token-0123456789abcdef';

/** Every filter of a list body: the schema's fields but paging and sort. */
// `columns` names an export's columns: the list's JSON request has no use for it.
const filterNames = (shape: object) => Object.keys(shape).filter((k) => !['current', 'pageSize', 'sort', 'columns'].includes(k));

/** The pricing list's columns shown at first, in their order on the page, and their headers in a file. */
const SHOWN_COLUMNS = [
  'pricingNo',
  'supplierName',
  'partNo',
  'partName',
  'unitPrice',
  'changeRate',
  'currency',
  'status',
  'pricedAt',
  'validTo',
];
const SHOWN_HEADERS = [
  '核价单号',
  '供应商名称',
  '物料编码',
  '物料名称',
  '未税单价',
  '较上次批准变动率',
  '币种',
  '状态',
  '核价时间',
  '失效日期',
];

interface ListBody {
  data: Record<string, unknown>[];
  total: number;
}

async function api(service: Service, apiPath: string, body: unknown, headers: Record<string, string> = {}): Promise<ListBody> {
  const res = await fetch(`${service.base}${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  expect(res.status, `${apiPath} ${JSON.stringify(body)}`).to.equal(200);
  return (await res.json()) as ListBody;
}

function bodyOf(response: Response): Record<string, unknown> {
  return JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>;
}

/** Runs `action` and returns the body of the list request it caused, once its answer arrived. */
async function listRequestOf(page: Page, apiPath: string, action: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === apiPath && r.request().method() === 'POST' && !/csv|sheet/.test(r.request().headers().accept ?? ''),
    ),
    action(),
  ]);
  return bodyOf(response);
}

/** Clicks 查询 once the table is idle and returns the body of the list request the click sent. */
async function queryBody(page: Page, apiPath: string): Promise<Record<string, unknown>> {
  return bodyOf(await clickQuery(page, apiPath));
}

describe('web: the pricing workbench in Chromium', function () {
  this.timeout(120_000);
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
    return closePage(w, this.currentTest, 'workbench');
  });

  it('serves the page under a strict script policy, and the first rows of 核价查询 are those of POST /api/query/pricing {}', async () => {
    const bodies = recordBodies(w.page, '/api/query/pricing');
    const response = await w.page.goto(`${service.base}/pricing`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).to.match(/script-src 'self'(;|$)/);
    expect(csp).not.to.match(/script-src[^;]*unsafe/);

    const expected = await api(service, '/api/query/pricing', {});
    await waitForRows(
      w.page,
      expected.data.map((r) => String(r.pricingNo)),
    );
    // The first request is the contract's defaults: page 1 of 20, no sort (the service's default).
    expect(bodies[0]).to.deep.equal({ current: 1, pageSize: 20 });
    expect(await w.page.textContent('.ant-pagination-total-text')).to.contain(String(expected.total));

    // Money with four decimals (test/web/money.test.ts checks every column), date-times as wall time in APP_TIMEZONE.
    const first = expected.data[0]!;
    const rowText = await w.page.textContent('.ant-table-tbody tr.ant-table-row');
    expect(rowText).to.contain(wallTime(String(first.pricedAt)));
    const price = first.unitPrice as number;
    expect(rowText).to.contain(price.toLocaleString('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 }));

    console.log(`      screenshot: ${await screenshot(w.page, 'pricing-list')}`);
    expect(await axeViolations(w.page)).to.deep.equal([]);
  });

  it('sends every filter, the multi-column sort and the page as the contract names them, and shows what the API answers', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');

    await page.getByLabel('关键字').fill('  支架 ');
    await page.locator('.list-search').getByLabel('核价单号').fill('HJ2026');
    await page.locator('.list-search').getByLabel('物料编码', { exact: true }).fill('P-100');
    await page.locator('.list-search').getByLabel('物料名称').fill('支架');
    await page.locator('.list-search').getByLabel('供应商').fill('S00');
    await page.getByLabel('较上次涨幅下限').fill('-50');
    // A rise of at most 5 %: the demo's prices move a few per cent, and every filter here must leave a row.
    await page.getByLabel('较上次涨幅上限').fill('5');
    await page.locator('#status').click();
    await chooseOption(page, '已批准');
    await chooseOption(page, '已失效');
    await page.keyboard.press('Escape');
    const priceInputs = page.locator('.ant-form-item:has(label[title="未税单价范围"]) input.ant-input-number-input');
    await priceInputs.nth(0).fill('1');
    await priceInputs.nth(1).fill('500');
    // Tab commits a typed date and moves on; Enter would also submit the form.
    const dateInputs = page.locator('.ant-form-item:has(label[title="核价日期"]) input');
    await dateInputs.nth(0).click();
    await dateInputs.nth(0).fill('2026-01-01');
    await dateInputs.nth(0).press('Tab');
    await dateInputs.nth(1).fill('2026-10-31');
    await dateInputs.nth(1).press('Tab');
    const validToInputs = page.locator('.ant-form-item:has(label[title="失效日期"]) input');
    await validToInputs.nth(0).click();
    await validToInputs.nth(0).fill('2027-01-01');
    await validToInputs.nth(0).press('Tab');
    await validToInputs.nth(1).fill('2027-12-31');
    await validToInputs.nth(1).press('Tab');
    await page.getByLabel('仅当前有效').click();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
    const others = {
      keyword: '支架',
      pricingNo: 'HJ2026',
      partNo: 'P-100',
      partName: '支架',
      supplier: 'S00',
      status: ['approved', 'expired'],
      pricedFrom: '2026-01-01',
      pricedTo: '2026-10-31',
      minPrice: 1,
      maxPrice: 500,
      minChangeRate: -0.5,
      maxChangeRate: 0.05,
      inForceOn: today,
      validToFrom: '2027-01-01',
      validToTo: '2027-12-31',
    };
    // 核价员 is exact: the name of a clerk whose rows these filters find.
    const clerk = String((await api(service, '/api/query/pricing', others)).data[0]?.pricedBy);
    await page.locator('.list-search').getByLabel('核价员').fill(clerk);
    Object.assign(others, { pricedBy: clerk });
    // A column pasted from Excel: the codes of the rows these filters find, a repeat and an unknown code.
    const codes = [...new Set((await api(service, '/api/query/pricing', others)).data.map((r) => String(r.partNo)))];
    await page.getByLabel('批量物料编码').fill([...codes, codes[0], 'NO-SUCH-PART'].join('\n'));

    const filtered = await queryBody(page, '/api/query/pricing');
    const filters = { ...others, partNos: [...codes, 'NO-SUCH-PART'] };
    // A filter the contract gains must be added to the page and here.
    expect(Object.keys(filters)).to.have.members(filterNames(pricingQuerySchema.shape));
    expect(filtered).to.deep.equal({ current: 1, pageSize: 20, ...filters });
    const answer = await api(service, '/api/query/pricing', filtered);
    expect(answer.total).to.be.greaterThan(0);
    await waitForRows(
      page,
      answer.data.map((r) => String(r.pricingNo)),
    );

    // Sorting by 未税单价, then adding 核价时间: the keys go in the columns' priority order
    // (pricedAt before unitPrice), whichever was clicked first.
    const header = (title: string) => page.locator('.ant-table-thead th', { hasText: new RegExp(`^${title}$`) });
    const byPrice = await listRequestOf(page, '/api/query/pricing', () => header('未税单价').click());
    expect(byPrice).to.deep.equal({ current: 1, pageSize: 20, sort: { unitPrice: 'ascend' }, ...filters });
    const twoKeys = await listRequestOf(page, '/api/query/pricing', () => header('核价时间').click());
    expect(twoKeys).to.deep.equal({ current: 1, pageSize: 20, sort: { pricedAt: 'ascend', unitPrice: 'ascend' }, ...filters });
    expect(Object.keys(twoKeys.sort as object)).to.deep.equal(['pricedAt', 'unitPrice']);
    await waitForRows(
      page,
      (await api(service, '/api/query/pricing', twoKeys)).data.map((r) => String(r.pricingNo)),
    );
    const descending = await listRequestOf(page, '/api/query/pricing', () => header('未税单价').click());
    expect(descending.sort).to.deep.equal({ pricedAt: 'ascend', unitPrice: 'descend' });
    await waitForRows(
      page,
      (await api(service, '/api/query/pricing', descending)).data.map((r) => String(r.pricingNo)),
    );

    // Reset the filters, then page 2 and 50 rows a page.
    await listRequestOf(page, '/api/query/pricing', () =>
      page
        .locator('.list-search button:not([type="submit"])')
        .filter({ hasText: /重\s*置/ })
        .click(),
    );
    const page2 = await listRequestOf(page, '/api/query/pricing', () => page.locator('.ant-pagination-item-2').click());
    expect(page2).to.deep.include({ current: 2, pageSize: 20 });
    expect(page2).to.deep.equal({ current: 2, pageSize: 20, sort: { pricedAt: 'ascend', unitPrice: 'descend' } });
    await waitForRows(
      page,
      (await api(service, '/api/query/pricing', page2)).data.map((r) => String(r.pricingNo)),
    );
    await page.locator('.ant-pagination-options .ant-select').click();
    const size50 = await listRequestOf(page, '/api/query/pricing', () => chooseOption(page, '50 条/页'));
    expect(size50).to.deep.include({ pageSize: 50 });
    await waitForRows(
      page,
      (await api(service, '/api/query/pricing', size50)).data.map((r) => String(r.pricingNo)),
    );
  });

  it('column settings hide and show a column', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    const shown = () => page.$$eval('.ant-table-thead th', (ths) => ths.some((th) => th.textContent === '物料名称'));
    expect(await shown()).to.equal(true);
    await toggleColumn(page, '物料名称');
    await page.waitForFunction(() => ![...document.querySelectorAll('.ant-table-thead th')].some((th) => th.textContent === '物料名称'));
    await toggleColumn(page, '物料名称');
    await page.waitForFunction(() => [...document.querySelectorAll('.ant-table-thead th')].some((th) => th.textContent === '物料名称'));
    expect(await shown()).to.equal(true);
  });

  it('at 1400 px both lists show every column they start with, 失效日期 included, without scrolling sideways', async () => {
    const { page } = w;
    await page.setViewportSize({ width: 1400, height: 900 });
    for (const [path, last] of [
      ['/pricing', '操作'],
      ['/secondary-process', '失效日期'],
    ] as const) {
      await page.goto(`${service.base}${path}`);
      await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
      const fit = await page.evaluate(() => {
        const scroller = document.querySelector('.list-results .ant-table-content, .list-results .ant-table-body')!;
        const heads = [...document.querySelectorAll('.list-results .ant-table-thead th')];
        return {
          over: scroller.scrollWidth - scroller.clientWidth,
          last: heads.at(-1)?.textContent,
          page: document.documentElement.scrollWidth,
        };
      });
      expect(fit, path).to.deep.equal({ over: 0, last, page: 1400 });
    }
  });

  it('exports the current filter and sort as CSV and as xlsx with the file name the service sends, busy while downloading', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    await page.getByLabel('关键字').fill('支架');
    const query = await queryBody(page, '/api/query/pricing');
    const { current: _c, pageSize: _p, ...exportBody } = query;
    const expected = await api(service, '/api/query/pricing', { ...exportBody, current: 1, pageSize: 200 });
    expect(expected.total).to.be.within(1, 200);

    // Hold each export's answer until its busy state has been seen (a hold of its own: the second
    // export, let through at once, could end before its busy state is looked at).
    let release!: () => void;
    let held = Promise.resolve();
    await page.route('**/api/query/pricing', async (route) => {
      if (/csv|sheet/.test(route.request().headers().accept ?? '')) await held;
      await route.continue();
    });

    for (const format of ['csv', 'xlsx'] as const) {
      held = new Promise<void>((resolve) => (release = resolve));
      const button = page.getByRole('button', { name: format === 'csv' ? '导出 CSV' : '导出 Excel' });
      const exportResponse = page.waitForResponse((r) => /csv|sheet/.test(r.request().headers().accept ?? ''));
      const download = page.waitForEvent('download');
      await button.click();
      // This button's busy state (查询 has one too, while the table loads).
      await page.locator('.ant-btn-loading', { hasText: format === 'csv' ? '导出 CSV' : '导出 Excel' }).waitFor();
      expect(await page.getByRole('button', { name: format === 'csv' ? '导出 Excel' : '导出 CSV' }).isDisabled()).to.equal(true);
      release();
      const res = await exportResponse;
      // The visible columns in the order shown: the pinned 核价单号 and 供应商名称 first.
      expect(JSON.parse(res.request().postData() ?? '{}')).to.deep.equal({ ...exportBody, columns: SHOWN_COLUMNS });
      const disposition = res.headers()['content-disposition'] ?? '';
      const serviceName = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');
      const file = await download;
      expect(file.suggestedFilename())
        .to.equal(serviceName)
        .and.match(new RegExp(`^核价查询-\\d{8}-\\d{6}\\.${format}$`));
      const saved = path.join(os.tmpdir(), `web-test-${process.pid}-${file.suggestedFilename()}`);
      await file.saveAs(saved);
      try {
        if (format === 'csv') {
          const rows = parse(fs.readFileSync(saved), { bom: true });
          expect(rows[0]).to.deep.equal(SHOWN_HEADERS);
          const col = rows[0]!.indexOf('核价单号');
          expect(rows.slice(1).map((r) => r[col])).to.deep.equal(expected.data.map((r) => r.pricingNo));
        } else {
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.readFile(saved);
          const sheet = workbook.worksheets[0]!;
          const header = (sheet.getRow(1).values as unknown[]).slice(1);
          const col = header.indexOf('核价单号') + 1;
          const numbers: unknown[] = [];
          sheet.eachRow((row, n) => n > 1 && numbers.push(row.getCell(col).value));
          expect(numbers).to.deep.equal(expected.data.map((r) => r.pricingNo));
        }
      } finally {
        fs.rmSync(saved, { force: true });
      }
      await page.waitForSelector('.ant-btn-loading', { state: 'detached' });
    }
    await screenshot(page, 'pricing-export');
  });

  it('opens 核价明细 from a pricing number: header, cost lines and the chart by cost type against the unit price', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing`);
    const first = (await api(service, '/api/query/pricing', {})).data[0]!;
    await page.getByRole('link', { name: String(first.pricingNo), exact: true }).click();
    // The review page carries the list's query (here none): it walks the list and goes back to it.
    await page.waitForURL(new RegExp(`/pricing/${String(first.id)}\\?list=$`));
    const res = await fetch(`${service.base}/api/query/pricing-details`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pricingId: first.id }),
    });
    const { data } = (await res.json()) as {
      data: { details: { itemName: string }[]; summary: { byCostType: Record<string, number>; consistent: boolean } };
    };

    await page.waitForSelector('[data-testid="cost-chart"] .recharts-bar-rectangle');
    expect(await page.textContent('h1')).to.contain(String(first.pricingNo));
    expect(await page.textContent('.ant-descriptions')).to.contain(String(first.partName));
    // The cost lines' own table: the review cards above it have tables of their own.
    const lines = await page.$$eval('[data-testid="cost-lines"] .ant-table-tbody tr.ant-table-row', (rows) =>
      rows.map((r) => r.querySelectorAll('td')[2]?.textContent),
    );
    expect(lines).to.deep.equal(data.details.map((d) => d.itemName));
    // One stacked segment per cost type with an amount, plus the unit-price bar.
    const nonZero = Object.values(data.summary.byCostType).filter((v) => v > 0).length;
    expect(await page.locator('[data-testid="cost-chart"] .recharts-bar-rectangle').count()).to.equal(nonZero + 1);
    expect(data.summary.consistent).to.equal(true);
    expect(await page.textContent('.ant-alert-success')).to.contain('一致');
    console.log(`      screenshot: ${await screenshot(page, 'pricing-detail')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('shows plainly when the cost lines do not add up to the unit price', async () => {
    const db = new Database(service.dbFile);
    try {
      db.prepare('update pricing_details set amount = amount + 1.25 where pricing_id = 3 and line_no = 1').run();
    } finally {
      db.close();
    }
    await w.page.goto(`${service.base}/pricing/3`);
    const alert = w.page.locator('.ant-alert-error');
    await alert.waitFor();
    expect(await alert.textContent())
      .to.contain('明细合计与未税单价不一致')
      .and.contain('-1.25');
    await screenshot(w.page, 'pricing-detail-inconsistent');
  });

  it('二次加工查询 shows the rows of POST /api/query/secondary-process and sends every filter as the contract names them', async () => {
    const { page } = w;
    await page.goto(`${service.base}/secondary-process`);
    const expected = await api(service, '/api/query/secondary-process', {});
    await waitForRows(
      page,
      expected.data.map((r) => String(r.processNo)),
    );
    await page.getByLabel('关键字').fill('镀');
    await page.locator('.list-search').getByLabel('物料编码', { exact: true }).fill('P-1');
    await page.locator('.list-search').getByLabel('加工名称').fill('镀');
    await page.locator('.list-search').getByLabel('供应商').fill('有限公司');
    await page.locator('#category').click();
    await chooseOption(page, '电镀');
    await page.keyboard.press('Escape');
    await page.locator('#status').click();
    await chooseOption(page, '有效');
    await page.keyboard.press('Escape');
    const priceInputs = page.locator('.ant-form-item:has(label[title="单价范围"]) input.ant-input-number-input');
    await priceInputs.nth(0).fill('1');
    await priceInputs.nth(1).fill('100');
    await page.getByLabel('有效日').click();
    await page.getByLabel('有效日').fill('2026-06-18');
    await page.getByLabel('有效日').press('Tab'); // commits the typed date; Enter would also submit the form
    const validTo = page.locator('.ant-form-item:has(label[title="失效日期"]) input');
    await validTo.nth(0).click();
    await validTo.nth(0).fill('2026-06-18');
    await validTo.nth(0).press('Tab');
    await validTo.nth(1).fill('2030-12-31');
    await validTo.nth(1).press('Tab');
    const others = {
      keyword: '镀',
      partNo: 'P-1',
      processName: '镀',
      category: ['plating'],
      supplier: '有限公司',
      status: ['active'],
      minPrice: 1,
      maxPrice: 100,
      validOn: '2026-06-18',
      validToFrom: '2026-06-18',
      validToTo: '2030-12-31',
    };
    const codes = [...new Set((await api(service, '/api/query/secondary-process', others)).data.map((r) => String(r.partNo)))];
    await page.getByLabel('批量物料编码').fill(`${codes.join('，')} NO-SUCH-PART`);
    const body = await queryBody(page, '/api/query/secondary-process');
    const filters = { ...others, partNos: [...codes, 'NO-SUCH-PART'] };
    expect(Object.keys(filters)).to.have.members(filterNames(secondaryProcessQuerySchema.shape));
    expect(body).to.deep.equal({ current: 1, pageSize: 20, ...filters });
    expect((await api(service, '/api/query/secondary-process', body)).total).to.be.greaterThan(0);
    await waitForRows(
      page,
      (await api(service, '/api/query/secondary-process', body)).data.map((r) => String(r.processNo)),
    );
    console.log(`      screenshot: ${await screenshot(page, 'secondary-process')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('数据概况 shows the table statistics and the database check', async () => {
    const { page } = w;
    await page.goto(`${service.base}/overview`);
    await page.waitForSelector('[data-testid="db-check"]');
    expect(await page.textContent('[data-testid="db-check"]')).to.contain('数据库连接正常');
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    const text = await page.textContent('.ant-table-tbody');
    for (const label of ['物料', '核价记录', '核价明细', '二次加工报价']) expect(text).to.contain(label);
    expect(text).to.contain('1,200');
    console.log(`      screenshot: ${await screenshot(page, 'overview')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  describe('with API_TOKENS set', () => {
    let guarded: Service;
    before(async () => {
      guarded = await startService({ API_TOKENS: TOKEN });
    });
    after(async () => {
      await guarded?.stop();
    });

    it('asks for a token on 401, asks again when it is refused, then sends it as Bearer for the session', async () => {
      const { page } = w;
      const authHeaders: (string | undefined)[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/query/pricing') authHeaders.push(req.headers().authorization);
      });
      await page.goto(`${guarded.base}/pricing`);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).to.contain('请输入访问令牌');
      await screenshot(page, 'token-prompt');
      // The dialog is what the person can use now (the page behind waits, its buttons loading).
      expect(await axeViolations(page, '.ant-modal')).to.deep.equal([]);

      await page.locator('#token').fill('not-the-token');
      await dialog.locator('.ant-btn-primary').click();
      await page.waitForFunction(() => document.querySelector('.ant-modal')?.textContent?.includes('令牌无效'));
      await page.locator('#token').fill(TOKEN);
      await dialog.locator('.ant-btn-primary').click();

      const expected = await api(guarded, '/api/query/pricing', {}, { Authorization: `Bearer ${TOKEN}` });
      await waitForRows(
        page,
        expected.data.map((r) => String(r.pricingNo)),
      );
      expect(authHeaders).to.deep.equal([undefined, 'Bearer not-the-token', `Bearer ${TOKEN}`]);
      expect(await page.evaluate(() => sessionStorage.getItem('pricing-api-token'))).to.equal(TOKEN);

      // Kept for the session: a reload asks nothing.
      await page.reload();
      await waitForRows(
        page,
        expected.data.map((r) => String(r.pricingNo)),
      );
      expect(await page.getByRole('dialog').count()).to.equal(0);
      expect(authHeaders.slice(3)).to.deep.equal([`Bearer ${TOKEN}`]);
    });
  });
});
