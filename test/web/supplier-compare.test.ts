/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { PRICING_STATUS_LABELS } from '../../src/domain.js';
import { PRICING_ROW_LABELS } from '../../src/resources/pricing.js';
import {
  axeViolations,
  closePage,
  launchBrowser,
  openPage,
  SCREENSHOT_DIR,
  type Service,
  startService,
  TIME_ZONE,
  type WatchedPage,
} from './browser.js';

/**
 * The review screen's 供应商对比 card in Chromium on the demo data: its columns, rows and lowest
 * marks are what POST /api/query/supplier-compare answers for the pricing's part, the lowest said
 * in words and not by colour alone, each column linking to its pricing, many suppliers scrolling
 * sideways inside the card on a phone.
 */
const PRICE = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const RATE = new Intl.NumberFormat('zh-CN', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
/** An exchange rate as the page shows it: the digits it has, up to 8 decimals. */
const FX = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 8 });
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const STATUS: Record<string, string> = PRICING_STATUS_LABELS;
const LABELS: Record<string, string> = PRICING_ROW_LABELS;

interface Column {
  id: number;
  pricingNo: string;
  supplierCode: string;
  supplierName: string;
  status: string;
  currency: string;
  pricedAt: string;
  latest: boolean;
  latestApproved: boolean;
}
interface Row {
  field: string;
  kind: 'money' | 'rate';
  values: (number | null)[];
  lowestPricingIds: number[];
}
interface Converted {
  currency: string;
  day: string;
  rates: { pricingId: number; currency: string; rate: number | null; rateDate: string | null }[];
  missingRates: string[];
  rows: Omit<Row, 'kind'>[];
}
interface Comparison {
  partNo: string;
  columns: Column[];
  rows: Row[];
  converted: Converted | null;
}

async function post<T>(service: Service, apiPath: string, body: unknown): Promise<T> {
  const res = await fetch(`${service.base}${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${apiPath} ${JSON.stringify(body)}`).to.equal(200);
  return (await res.json()) as T;
}

/** A value as the card shows it: money with 4 decimals, a rate with its arrow and sign; `-` where none. */
function shown(row: Row, v: number | null): string {
  if (v === null) return '-';
  if (row.kind === 'money') return PRICE.format(v);
  return `${v > 0 ? '▲' : v < 0 ? '▼' : ''}${RATE.format(v)}`;
}

async function cardScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.locator('#review-suppliers').screenshot({ path: file });
  return file;
}

describe('web: 供应商对比 on the review screen in Chromium', function () {
  this.timeout(180_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  /** A demo part with several suppliers, two columns or more in each of two currencies, and a supplier whose latest pricing is not its latest approved one. */
  let chosen: Comparison;
  /** A pricing of that part that is no column: an older one of its supplier. */
  let older: number;

  before(async () => {
    service = await startService({ APP_TIMEZONE: TIME_ZONE });
    browser = await launchBrowser();
    const rows: { id: number; partNo: string }[] = [];
    for (let current = 1; current <= 6; current++) {
      rows.push(
        ...(await post<{ data: { id: number; partNo: string }[] }>(service, '/api/query/pricing', { pageSize: 200, current })).data,
      );
    }
    for (const partNo of [...new Set(rows.map((r) => r.partNo))].sort()) {
      const d = (await post<{ data: Comparison }>(service, '/api/query/supplier-compare', { partNo })).data;
      const shownIds = new Set(d.columns.map((c) => c.id));
      const hidden = rows.find((r) => r.partNo === partNo && !shownIds.has(r.id));
      if (
        d.columns.length >= 5 &&
        ['CNY', 'USD'].every((currency) => d.columns.filter((c) => c.currency === currency).length >= 2) &&
        d.columns.some((c) => !c.latest && c.latestApproved) &&
        hidden
      ) {
        chosen = d;
        older = hidden.id;
        break;
      }
    }
    expect(chosen, 'a demo part with five columns, two in each currency, and an older pricing').to.not.equal(undefined);
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    w = await openPage(browser);
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'suppliers');
  });

  async function openCard(page: Page, pricingId: number): Promise<void> {
    await page.goto(`${service.base}/pricing/${pricingId}`);
    await page.locator('[data-testid="supplier-compare"] .ant-table-tbody tr.ant-table-row').first().waitFor();
  }

  it('every column and row is what the API answers; the lowest marked in words, bold and green; links to each pricing; axe passes', async () => {
    const { page } = w;
    await page.setViewportSize({ width: 1400, height: 900 });
    const current = chosen.columns[0]!;
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/query/supplier-compare'),
      openCard(page, current.id),
    ]);
    expect(JSON.parse(request.postData() ?? '{}')).to.deep.equal({ partNo: chosen.partNo });
    expect(await page.$$eval('.ant-card-head-title h2', (hs) => hs.map((h) => h.textContent))).to.include('供应商对比');

    // The headers: supplier, number (a link to the pricing), status, currency, day, and the marks.
    const heads = await page.$$eval('[data-testid="supplier-compare"] thead th[data-pricing-id]', (ths) =>
      ths.map((th) => ({
        id: Number(th.getAttribute('data-pricing-id')),
        text: th.textContent ?? '',
        href: th.querySelector('a')?.getAttribute('href') ?? null,
      })),
    );
    expect(heads.map((h) => h.id)).to.deep.equal(chosen.columns.map((c) => c.id));
    chosen.columns.forEach((c, i) => {
      const marks = [c.id === current.id && '本条', c.latest && '最新', c.latestApproved && '最新批准'].filter(Boolean).join('');
      expect(heads[i]!.text, c.pricingNo).to.equal(
        `${c.supplierName}${c.pricingNo}${STATUS[c.status]} · ${c.currency} · ${DAY.format(new Date(c.pricedAt))}${marks}`,
      );
      expect(heads[i]!.href).to.equal(`/pricing/${c.id}`);
    });
    expect(await page.textContent('[data-testid="supplier-compare-summary"]')).to.contain('只在同一币种之间比较');

    // The rows: the field's name, then each column's value, 最低 before the lowest.
    const cells = await page.$$eval('[data-testid="supplier-compare"] .ant-table-tbody tr.ant-table-row', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => [td.textContent?.trim() ?? '', td.getAttribute('data-lowest')])),
    );
    expect(cells).to.deep.equal(
      chosen.rows.map((r) => [
        [LABELS[r.field], null],
        ...chosen.columns.map((c, i) => {
          const lowest = r.lowestPricingIds.includes(c.id);
          return [`${lowest ? '最低' : ''}${shown(r, r.values[i]!)}`, String(lowest)];
        }),
      ]),
    );
    // Somewhere a lowest in each currency: the rows do mark both.
    const marked = new Set(chosen.rows.flatMap((r) => r.lowestPricingIds).map((id) => chosen.columns.find((c) => c.id === id)!.currency));
    expect(marked.size).to.equal(2);

    // A lowest money value: bold, the darker green, at least 4.5:1 on its cell, and its tag says 最低.
    const lowestStyles = await page.$$eval('[data-testid="supplier-compare"] td[data-lowest="true"]', (tds) =>
      tds.map((td) => {
        const value = td.querySelector('.ant-tag + span') ?? td;
        const s = getComputedStyle(value);
        return { tag: td.querySelector('.ant-tag')?.textContent, weight: Number(s.fontWeight), color: s.color };
      }),
    );
    expect(lowestStyles.length).to.be.greaterThan(0);
    for (const s of lowestStyles) {
      expect(s.tag).to.equal('最低');
      expect(s.weight).to.be.at.least(600);
    }
    expect(lowestStyles.map((s) => s.color)).to.include('rgb(35, 120, 4)');
    expect(await axeViolations(page, '#review-suppliers')).to.deep.equal([]);
    console.log(`      screenshot: ${await cardScreenshot(page, 'supplier-compare-1400')}`);

    // A column's number opens that pricing's review.
    const other = chosen.columns[1]!;
    await page
      .locator('#review-suppliers thead')
      .getByRole('link', { name: `核价 ${other.pricingNo}` })
      .click();
    await page.waitForURL(new RegExp(`/pricing/${other.id}$`));
    // The same columns, 本条 now on that pricing's.
    await page.locator(`#review-suppliers thead th[data-pricing-id="${other.id}"] .ant-tag`, { hasText: '本条' }).waitFor();
    expect(await page.locator('#review-suppliers thead .ant-tag', { hasText: '本条' }).count()).to.equal(1);
  });

  it("折算人民币: the API's converted rows and lowest marks across all columns, each other currency's rate and date in its head, its own value beside; axe passes", async () => {
    const { page } = w;
    await page.setViewportSize({ width: 1400, height: 900 });
    // The page asks without `on`: today's rates, as this does.
    const { converted: x } = (await post<{ data: Comparison }>(service, '/api/query/supplier-compare', { partNo: chosen.partNo })).data;
    expect(x, 'the columns are in two currencies').to.not.equal(null);
    await openCard(page, chosen.columns[0]!.id);
    // By default each pricing's own money; nothing converted is shown until asked for.
    expect(await page.locator('[data-testid="supplier-compare-converted"]').count()).to.equal(0);
    await page.locator('#review-suppliers label.ant-radio-button-wrapper', { hasText: '折算人民币' }).click();
    await page.locator('[data-testid="supplier-compare-converted"] .ant-table-tbody tr.ant-table-row').first().waitFor();

    // What the figures are, above them: 折算, the day, each other currency's rate and its date.
    const foreign = [...new Map(x!.rates.filter((r) => r.currency !== x!.currency).map((r) => [r.currency, r])).values()];
    expect(foreign.length).to.be.greaterThan(0);
    const note = (await page.textContent('[data-testid="supplier-compare-converted-note"]')) ?? '';
    expect(note).to.match(new RegExp(`^折算人民币（${x!.currency}），按 ${x!.day} 汇率：`));
    for (const r of foreign) expect(note).to.contain(`1 ${r.currency} = ${FX.format(r.rate!)} ${x!.currency}（${r.rateDate} 起）`);
    expect(await page.$$eval('[data-testid="supplier-compare-converted"] thead th', (ths) => ths[0]?.textContent)).to.equal(
      `项目（折算 ${x!.currency}）`,
    );

    // Each column's head: the rate and its date for another currency, none for CNY.
    const heads = await page.$$eval('[data-testid="supplier-compare-converted"] thead th[data-pricing-id]', (ths) =>
      ths.map((th) => th.querySelector('[data-testid="column-rate"]')?.textContent ?? null),
    );
    expect(heads).to.deep.equal(
      x!.rates.map((r) =>
        r.currency === x!.currency ? null : `1 ${r.currency} = ${FX.format(r.rate!)} ${x!.currency}（${r.rateDate} 起）`,
      ),
    );

    // The rows: the API's converted values, its lowest marked (across currencies), and each other currency's own value under it.
    const cells = await page.$$eval('[data-testid="supplier-compare-converted"] .ant-table-tbody tr.ant-table-row', (trs) =>
      trs.map((tr) => [
        tr.querySelector('td')?.textContent ?? '',
        ...[...tr.querySelectorAll('td[data-pricing-id]')].map((td) => [
          td.querySelector('.ant-tag')?.textContent ?? '',
          td.querySelector('[data-value]')?.textContent ?? '',
          td.getAttribute('data-lowest'),
          td.querySelector('[data-original]')?.textContent ?? null,
        ]),
      ]),
    );
    expect(cells).to.deep.equal(
      x!.rows.map((r) => {
        const original = chosen.rows.find((o) => o.field === r.field)!;
        return [
          LABELS[r.field],
          ...chosen.columns.map((c, i) => {
            const lowest = r.lowestPricingIds.includes(c.id);
            return [
              lowest ? '最低' : '',
              r.values[i] === null ? '-' : PRICE.format(r.values[i]!),
              String(lowest),
              c.currency === x!.currency ? null : `原币 ${PRICE.format(original.values[i]!)} ${c.currency}`,
            ];
          }),
        ];
      }),
    );
    // The converted lowest is somewhere not in CNY: that is what the view is for.
    expect(x!.rows.flatMap((r) => r.lowestPricingIds).some((id) => chosen.columns.find((c) => c.id === id)!.currency !== 'CNY')).to.equal(
      true,
    );
    expect(await axeViolations(page, '#review-suppliers')).to.deep.equal([]);
    console.log(`      screenshot: ${await cardScreenshot(page, 'supplier-compare-converted-1400')}`);

    // 原币 brings back each pricing's own money.
    await page.locator('#review-suppliers label.ant-radio-button-wrapper', { hasText: '原币' }).click();
    await page.locator('[data-testid="supplier-compare"]').waitFor();
    expect(await page.locator('[data-testid="supplier-compare-converted-note"]').count()).to.equal(0);
  });

  it('an older pricing of its supplier: not a column, and the card says so', async () => {
    const { page } = w;
    await openCard(page, older);
    expect(await page.textContent('#review-suppliers .ant-alert')).to.contain('未列入对比');
    expect(await page.$$eval('#review-suppliers thead .ant-tag', (ts) => ts.map((t) => t.textContent))).to.not.include('本条');
  });

  it('on a phone (390 px) the card fits the screen and its columns scroll sideways, the row names staying in view', async () => {
    const { page } = w;
    await page.setViewportSize({ width: 390, height: 844 });
    await openCard(page, chosen.columns[0]!.id);
    const box = (await page.locator('#review-suppliers').boundingBox())!;
    expect(box.x).to.be.at.least(0);
    expect(box.x + box.width).to.be.at.most(390);
    const scroller = page.locator('#review-suppliers .ant-table-content');
    const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scrollWidth).to.be.greaterThan(clientWidth);
    console.log(`      screenshot: ${await cardScreenshot(page, 'supplier-compare-390')}`);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const firstCell = page.locator('#review-suppliers .ant-table-tbody tr.ant-table-row td').first();
    const cellBox = (await firstCell.boundingBox())!;
    expect(cellBox.x).to.be.at.least(box.x);
    expect(await firstCell.textContent()).to.equal(LABELS.materialCost);
    expect(await page.locator('#review-suppliers .ant-table-tbody tr.ant-table-row td').last().isVisible()).to.equal(true);
    console.log(`      screenshot: ${await cardScreenshot(page, 'supplier-compare-390-scrolled')}`);

    // 折算人民币 on a phone: the switch, the note and the card still fit; the page does not scroll sideways.
    await page.locator('#review-suppliers label.ant-radio-button-wrapper', { hasText: '折算人民币' }).click();
    await page.locator('[data-testid="supplier-compare-converted"]').waitFor();
    const converted = (await page.locator('#review-suppliers').boundingBox())!;
    expect(converted.x + converted.width).to.be.at.most(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    expect(await axeViolations(page, '#review-suppliers')).to.deep.equal([]);
    console.log(`      screenshot: ${await cardScreenshot(page, 'supplier-compare-converted-390')}`);
  });
});
