/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import Database from 'better-sqlite3';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { closePage, launchBrowser, openPage, screenshot, type Service, startService, type WatchedPage } from './browser.js';

/**
 * Money lines up on the page: every money value of the lists, of 核价明细 and of the chart's
 * tooltips shows four decimals with zh-CN thousands separators, right-aligned, so that the decimal
 * points of a column sit one under the other. Which fields have which decimals: docs/frontend.md.
 */
const PRICE = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const FOUR_DECIMALS = /^-?\d{1,3}(,\d{3})*\.\d{4}$/;

interface Row {
  id: number;
  [field: string]: unknown;
}

async function firstPage(service: Service, apiPath: string): Promise<Row[]> {
  const res = await fetch(`${service.base}${apiPath}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  expect(res.status).to.equal(200);
  return ((await res.json()) as { data: Row[] }).data;
}

interface MoneyColumn {
  headerAlign: string;
  cells: { text: string; align: string; figures: string; right: number }[];
}

/**
 * The cells of the column titled `title` in the page's table (or the one within `within`, where the
 * page has several), with where their text ends.
 */
async function column(page: Page, title: string, within = 'body'): Promise<MoneyColumn> {
  return page.evaluate(
    ([title, within]) => {
      const table = document.querySelector(within)!;
      const headers = [...table.querySelectorAll('.ant-table-thead th')];
      const index = headers.findIndex((th) => th.textContent === title);
      if (index < 0) throw new Error(`no column ${title}`);
      const cells = [...table.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => {
        const td = tr.children[index] as HTMLElement;
        // A unit price with its unit (元/件): the figures are what lines up.
        const figures = td.querySelector('[data-money]') ?? td;
        const range = document.createRange();
        range.selectNodeContents(figures);
        const style = getComputedStyle(td);
        return {
          text: figures.textContent ?? '',
          align: style.textAlign,
          figures: style.fontVariantNumeric,
          right: range.getBoundingClientRect().right,
        };
      });
      return { headerAlign: getComputedStyle(headers[index]!).textAlign, cells };
    },
    [title, within] as const,
  );
}

function expectLinedUp(col: MoneyColumn, values: unknown[], title: string): void {
  expect(
    col.cells.map((c) => c.text),
    title,
  ).to.deep.equal(values.map((v) => PRICE.format(v as number)));
  for (const cell of col.cells) {
    expect(cell.text, title).to.match(FOUR_DECIMALS);
    expect([cell.align, cell.figures], `${title} ${cell.text}`).to.deep.equal(['right', 'tabular-nums']);
  }
  expect(col.headerAlign, title).to.equal('right');
  // Same decimals, equal-width figures, right-aligned: every value ends at the same x.
  const ends = col.cells.map((c) => c.right);
  expect(Math.max(...ends) - Math.min(...ends), `${title}: right edges ${ends.join(' ')}`).to.be.lessThan(0.5);
}

describe('web: money lines up (four decimals, separators, right-aligned)', function () {
  this.timeout(120_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  let pricing: Row;

  before(async () => {
    service = await startService();
    browser = await launchBrowser();
    // The demo's prices stay under 1,000: lift one pricing, one of its lines and one process price
    // above it to see the separators. Line and header move together, so the lines still add up.
    pricing = (await firstPage(service, '/api/query/pricing'))[0]!;
    const processId = (await firstPage(service, '/api/query/secondary-process'))[0]!.id;
    const db = new Database(service.dbFile);
    try {
      db.prepare(
        'update pricing set unit_price = unit_price + 12000, unit_price_with_tax = unit_price_with_tax + 13560, material_cost = material_cost + 12000 where id = ?',
      ).run(pricing.id);
      db.prepare(
        `update pricing_details set amount = amount + 12000, unit_price = unit_price + 1000
         where pricing_id = ? and line_no = (select min(line_no) from pricing_details where pricing_id = ? and cost_type = 'material')`,
      ).run(pricing.id, pricing.id);
      db.prepare('update secondary_processes set unit_price = unit_price + 1000 where id = ?').run(processId);
    } finally {
      db.close();
    }
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    w = await openPage(browser);
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'money');
  });

  it('核价查询: every money column, the six costs included, shows the API value with four decimals, lined up', async () => {
    const { page } = w;
    // The six costs and 含税单价 are hidden by default; a person switches them on in the column settings, kept here.
    const costs = ['materialCost', 'processCost', 'secondaryProcessCost', 'otherCost', 'managementFee', 'profit', 'unitPriceWithTax'];
    await page.addInitScript((keys) => {
      localStorage.setItem('pricing-list-columns', JSON.stringify(Object.fromEntries(keys.map((k) => [k, { show: true }]))));
    }, costs);
    const rows = await firstPage(service, '/api/query/pricing');
    await page.goto(`${service.base}/pricing`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    const titles: [string, string][] = [
      ['材料费', 'materialCost'],
      ['加工费', 'processCost'],
      ['二次加工费', 'secondaryProcessCost'],
      ['其他费用', 'otherCost'],
      ['管理费', 'managementFee'],
      ['利润', 'profit'],
      ['未税单价', 'unitPrice'],
      ['含税单价', 'unitPriceWithTax'],
    ];
    for (const [title, field] of titles) {
      expectLinedUp(
        await column(page, title),
        rows.map((r) => r[field]),
        title,
      );
    }
    const unitPrices = (await column(page, '未税单价')).cells.map((c) => c.text);
    expect(
      unitPrices.some((t) => /^\d{1,3},\d{3}\.\d{4}$/.test(t)),
      `a separator in ${unitPrices.join(' ')}`,
    ).to.equal(true);
    console.log(`      screenshot: ${await screenshot(page, 'money-pricing-list')}`);
  });

  it('二次加工查询: 单价 with four decimals and separators, lined up', async () => {
    const { page } = w;
    const rows = await firstPage(service, '/api/query/secondary-process');
    await page.goto(`${service.base}/secondary-process`);
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    const prices = await column(page, '单价');
    expectLinedUp(
      prices,
      rows.map((r) => r.unitPrice),
      '单价',
    );
    expect(prices.cells.some((c) => c.text.includes(','))).to.equal(true);
  });

  it('核价明细: the header, the cost lines, the banner and the chart tooltip show the same four decimals', async () => {
    const { page } = w;
    const res = await fetch(`${service.base}/api/query/pricing-details`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pricingId: pricing.id }),
    });
    const { data } = (await res.json()) as {
      data: { pricing: Row; details: Row[]; summary: { detailTotal: number; unitPrice: number; consistent: boolean } };
    };
    expect(data.summary.consistent).to.equal(true);
    await page.goto(`${service.base}/pricing/${pricing.id}`);
    await page.waitForSelector('[data-testid="cost-chart"] .recharts-bar-rectangle');

    // Header: the content cell beside each label.
    const header = await page.$$eval('.ant-descriptions-item-label', (labels) =>
      labels
        .filter((l) => l.textContent === '未税单价' || l.textContent === '含税单价')
        .map((l) => {
          const content = l.nextElementSibling as HTMLElement;
          return [l.textContent, content.textContent, getComputedStyle(content).textAlign];
        }),
    );
    expect(header).to.deep.equal([
      ['未税单价', PRICE.format(data.pricing.unitPrice as number), 'right'],
      ['含税单价', PRICE.format(data.pricing.unitPriceWithTax as number), 'right'],
    ]);
    expect(header[0]![1]).to.match(/^\d{1,3},\d{3}\.\d{4}$/);

    // Cost lines: 单价 and 金额 (a line's share of the unit price: four decimals too). The review
    // cards above have tables with such columns too: these are the lines' own.
    const COST_LINES = '[data-testid="cost-lines"]';
    expectLinedUp(
      await column(page, '单价', COST_LINES),
      data.details.map((d) => d.unitPrice),
      '单价',
    );
    expectLinedUp(
      await column(page, '金额', COST_LINES),
      data.details.map((d) => d.amount),
      '金额',
    );

    expect(await page.textContent('.ant-alert-success')).to.contain(
      `明细合计 ${PRICE.format(data.summary.detailTotal)} 与未税单价 ${PRICE.format(data.summary.unitPrice)} 一致`,
    );

    // The tooltip of the stacked bar (明细合计): each cost type's sum, four decimals.
    await page.locator('[data-testid="cost-chart"] .recharts-bar-rectangle').first().hover();
    const tooltip = page.locator('[data-testid="cost-chart"] .recharts-default-tooltip');
    await tooltip.waitFor();
    const values = await tooltip.locator('.recharts-tooltip-item-value').allTextContents();
    expect(values.length).to.be.greaterThan(0);
    for (const v of values) expect(v).to.match(FOUR_DECIMALS);
    expect(values.some((v) => v.includes(','))).to.equal(true);
    console.log(`      screenshot: ${await screenshot(page, 'money-pricing-detail')}`);
  });
});
