/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { PRICING_STATUS_LABELS } from '../../src/domain.js';
import { PRICING_ROW_LABELS } from '../../src/resources/pricing.js';
import {
  axeViolations,
  clickQuery,
  closePage,
  launchBrowser,
  openPage,
  screenshot,
  type Service,
  startService,
  TIME_ZONE,
  wallTime,
  type WatchedPage,
} from './browser.js';

/**
 * The review screen (核价明细 with 历史价格, 报价对比, 二次加工参考价) and the list's 较上次 column in
 * Chromium on the demo data: what the page shows is what POST /api/query/pricing-review,
 * /api/query/pricing-compare and /api/query/pricing answer, in the page's money and rate formats.
 */
const PRICE = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const SIGNED_PRICE = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4, signDisplay: 'exceptZero' });
const RATE = new Intl.NumberFormat('zh-CN', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
/** An exchange rate as the page shows it: the digits it has, up to 8 decimals. */
const FX = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 8 });
const STATUS: Record<string, string> = PRICING_STATUS_LABELS;
/** The cost types as 核价明细 names them: each as the pricing's column of that cost. */
const COST_TYPE: Record<string, string> = {
  material: PRICING_ROW_LABELS.materialCost,
  process: PRICING_ROW_LABELS.processCost,
  secondary_process: PRICING_ROW_LABELS.secondaryProcessCost,
  other: PRICING_ROW_LABELS.otherCost,
  management_fee: PRICING_ROW_LABELS.managementFee,
  profit: PRICING_ROW_LABELS.profit,
};

interface HistoryRow {
  id: number;
  pricingNo: string;
  supplierName: string;
  status: string;
  currency: string;
  unitPrice: number;
  pricedAt: string;
  current: boolean;
}
interface Difference {
  amount: number | null;
  baseAmount: number | null;
  difference: number | null;
  differenceRate: number | null;
}
interface Review {
  pricing: {
    id: number;
    pricingNo: string;
    currency: string;
    unitPrice: number;
    previousApprovedPricingNo: string | null;
    previousApprovedPrice: number | null;
    changeRate: number | null;
  };
  history: { total: number; rows: HistoryRow[] };
  approvedSummary: {
    latest: { pricingNo: string; unitPrice: number } | null;
    count: number;
    min: number | null;
    median: number | null;
    max: number | null;
  };
  crossCurrencyPrevious: {
    pricing: { id: number; pricingNo: string; supplierName: string; currency: string; unitPrice: number; pricedAt: string };
    day: string;
    rate: number | null;
    rateDate: string | null;
    convertedUnitPrice: number | null;
    changeRate: number | null;
    missingRates: string[];
  } | null;
  processReferences: {
    total: number;
    rows: { processNo: string; processName: string; unitPrice: number }[];
    lines: {
      lineNo: number;
      itemName: string;
      references: { processNo: string; comparable: boolean; difference: number | null; differenceRate: number | null }[];
    }[];
  };
}
interface Comparison {
  pricing: { pricingNo: string };
  base: { id: number; pricingNo: string } | null;
  unitPrice: Difference;
  lineTotal: Difference;
  byCostType: (Difference & { costType: string })[];
  lines: (Difference & { costType: string; itemName: string; side: 'both' | 'pricing' | 'base' })[];
}
interface PricingRow {
  id: number;
  pricingNo: string;
  changeRate: number | null;
  previousApprovedPricingNo: string | null;
  previousApprovedPrice: number | null;
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

const review = async (service: Service, pricingId: number) =>
  (await post<{ data: Review }>(service, '/api/query/pricing-review', { pricingId })).data;
const compare = async (service: Service, body: { pricingId: number; basePricingId?: number }) =>
  (await post<{ data: Comparison }>(service, '/api/query/pricing-compare', body)).data;

const money = (v: number | null) => (v === null ? '-' : PRICE.format(v));
/** A change as the page shows it: its arrow, then the signed value; `-` where there is none. */
function change(v: number | null, format: Intl.NumberFormat): string {
  if (v === null) return '-';
  return `${v > 0 ? '▲' : v < 0 ? '▼' : ''}${format.format(v)}`;
}

/** Each body row of the table marked `data-testid=testId`, as its cells' texts. */
function tableCells(page: Page, testId: string): Promise<string[][]> {
  return page.$$eval(`[data-testid="${testId}"] .ant-table-tbody tr.ant-table-row`, (rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
  );
}

/**
 * Every rise or fall shown (`[data-change]`) with its colour and the colour it sits on: the first
 * ancestor with a background that is not transparent.
 */
function changeColours(page: Page): Promise<{ direction: string; text: string; color: string; background: string }[]> {
  return page.$$eval('[data-change="rise"], [data-change="fall"]', (els) =>
    els.map((el) => {
      let bg = 'rgba(0, 0, 0, 0)';
      for (let n: Element | null = el; n && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); n = n.parentElement) {
        bg = getComputedStyle(n).backgroundColor;
      }
      return {
        direction: el.getAttribute('data-change') ?? '',
        text: el.textContent ?? '',
        color: getComputedStyle(el).color,
        background: bg,
      };
    }),
  );
}

function contrast(foreground: string, background: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [a, b] = [luminance(foreground), luminance(background)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

function expectReadableChanges(shown: Awaited<ReturnType<typeof changeColours>>, where: string): void {
  expect(shown.length, `${where}: rises or falls shown`).to.be.greaterThan(0);
  for (const s of shown) {
    expect(contrast(s.color, s.background), `${where}: ${s.text} ${s.color} on ${s.background}`).to.be.at.least(4.5);
    // Never colour alone: a rise has ▲ and +, a fall ▼ and -.
    expect(s.text, where).to.match(s.direction === 'rise' ? /^▲\+/ : /^▼-/);
  }
}

describe('web: the review screen and the 较上次 column in Chromium', function () {
  this.timeout(180_000);
  let service: Service;
  let browser: Browser;
  let w: WatchedPage;
  /** A demo pricing whose part has several pricings, a previous approved one, and process prices beside its lines. */
  let chosen: Review;

  before(async () => {
    service = await startService({ APP_TIMEZONE: TIME_ZONE });
    browser = await launchBrowser();
    const { data } = await post<{ data: PricingRow[] }>(service, '/api/query/pricing', { pageSize: 200, status: ['approved', 'pending'] });
    for (const row of data.filter((r) => r.previousApprovedPricingNo !== null && r.changeRate !== null)) {
      const r = await review(service, row.id);
      const matched = r.processReferences.lines.some((l) => l.references.some((ref) => ref.comparable));
      if (r.history.total >= 4 && r.processReferences.rows.length >= 2 && matched) {
        chosen = r;
        break;
      }
    }
    expect(chosen, 'a demo pricing with history, a previous approved pricing and matching process prices').to.not.equal(undefined);
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    w = await openPage(browser);
  });
  afterEach(function () {
    return closePage(w, this.currentTest, 'review');
  });

  /** Opens the review screen and waits until each of its four cards shows its answer. */
  async function openReview(page: Page, pricingId: number, search = ''): Promise<void> {
    await page.goto(`${service.base}/pricing/${pricingId}${search}`);
    await page.locator('[data-testid="history-table"]').waitFor();
    await page.locator('[data-testid="compare-sides"], #review-compare .ant-alert').first().waitFor();
    await page.locator('#review-process h3').first().waitFor();
    await page.locator('[data-testid="supplier-compare"]').waitFor();
  }

  it('历史价格, 报价对比 and 二次加工参考价 show what the API answers; no page or console error; axe passes', async () => {
    const { page } = w;
    const id = chosen.pricing.id;
    const c = await compare(service, { pricingId: id });
    await openReview(page, id);
    // The cost lines (and their breakdown) right after the header, then the comparisons.
    const cardTitles = await page.$$eval('.ant-card-head-title h2', (hs) => hs.map((h) => h.textContent?.replace(/（.*）$/, '')));
    expect(cardTitles).to.deep.equal(['费用明细', '报价对比', '历史价格', '供应商对比', '二次加工参考价']);
    expect(await page.locator('#review-lines h3').textContent()).to.equal('费用构成');

    // The header names the previous approved pricing, with the rate beside it.
    expect(await page.textContent('[data-testid="header-change"]')).to.equal(
      `${change(chosen.pricing.changeRate, RATE)} 较上次批准 ${chosen.pricing.previousApprovedPricingNo}（未税单价 ${money(chosen.pricing.previousApprovedPrice)}）`,
    );

    // 历史价格: every pricing of the part, this one marked, each with its number, supplier, status, price, currency and time.
    expect(chosen.history.rows.length).to.equal(chosen.history.total);
    const history = await tableCells(page, 'history-table');
    expect(history.map((r) => r.slice(0, 6))).to.deep.equal(
      chosen.history.rows.map((r) => [
        r.current ? `${r.pricingNo} 本条` : r.pricingNo,
        r.supplierName,
        STATUS[r.status],
        PRICE.format(r.unitPrice),
        r.currency,
        wallTime(r.pricedAt),
      ]),
    );
    const marked = await page.$$eval('[data-testid="history-table"] tr[aria-current="true"]', (rows) =>
      rows.map((r) => r.querySelector('td')?.textContent),
    );
    expect(marked).to.deep.equal([`${chosen.pricing.pricingNo} 本条`]);
    // The chart: one point per pricing in this one's currency, approved ones filled, this one ringed.
    const points = await page.$$eval('[data-testid="history-chart"] [data-pricing-no]', (gs) =>
      gs.map((g) => [g.getAttribute('data-pricing-no'), g.getAttribute('data-approved'), g.querySelector('[data-current]') !== null]),
    );
    const charted = chosen.history.rows.filter((r) => r.currency === chosen.pricing.currency);
    expect(points.map((p) => p[0])).to.have.members(charted.map((r) => r.pricingNo));
    for (const [no, approved, current] of points) {
      const row = chosen.history.rows.find((r) => r.pricingNo === no)!;
      expect([approved, current], String(no)).to.deep.equal([String(row.status === 'approved'), row.current]);
    }
    const summary = (await page.textContent('[data-testid="approved-summary"]')) ?? '';
    const s = chosen.approvedSummary;
    expect(summary)
      .to.contain(money(s.latest?.unitPrice ?? null))
      .and.contain(String(s.latest?.pricingNo));
    expect(summary)
      .to.contain(`批准价最低${money(s.min)}`)
      .and.contain(`批准价中位数${money(s.median)}`)
      .and.contain(`批准价最高${money(s.max)}`)
      .and.contain(`已批准 ${s.count} 条`);

    // 报价对比: by default against the previous approved pricing, the list's previousApprovedPricingNo.
    expect(c.base?.pricingNo).to.equal(chosen.pricing.previousApprovedPricingNo);
    const sides = (await page.textContent('[data-testid="compare-sides"]')) ?? '';
    expect(sides).to.contain(chosen.pricing.pricingNo).and.contain(`基准（上次批准） ${c.base!.pricingNo}`);
    await expectComparison(page, c);

    // 二次加工参考价: every process price valid on the day, and each line's matching prices with the difference.
    const refs = await tableCells(page, 'process-references');
    expect(refs.map((r) => r[0])).to.deep.equal(chosen.processReferences.rows.map((r) => r.processNo));
    expect(refs.map((r) => r[5])).to.deep.equal(chosen.processReferences.rows.map((r) => PRICE.format(r.unitPrice)));
    const pairs = await tableCells(page, 'process-lines');
    const expected: string[][] = chosen.processReferences.lines.flatMap((l) =>
      l.references.length === 0
        ? [[l.itemName, '无同名的当日有效报价']]
        : l.references.map((ref) => [
            l.itemName,
            ref.processNo,
            ref.comparable ? change(ref.difference, SIGNED_PRICE) : '计价单位不同，不比较',
            ...(ref.comparable ? [change(ref.differenceRate, RATE)] : []),
          ]),
    );
    const shown = pairs.map((cells) => {
      const text = cells.join('|');
      return expected.find((e) => e.every((part) => text.includes(part)));
    });
    expect(shown, pairs.map((p) => p.join('|')).join('\n')).to.deep.equal(expected);

    console.log(`      screenshot: ${await screenshot(page, 'pricing-review')}`);
    expect(await axeViolations(page)).to.deep.equal([]);
    expectReadableChanges(await changeColours(page), 'the review screen');
  });

  it('报价对比 against a pricing chosen in 历史价格, kept in the address, and back to the previous approved one', async () => {
    const { page } = w;
    const id = chosen.pricing.id;
    await openReview(page, id);
    // The oldest other pricing that is not already the base.
    const other = chosen.history.rows.filter((r) => !r.current && r.pricingNo !== chosen.pricing.previousApprovedPricingNo).at(-1)!;
    const expected = await compare(service, { pricingId: id, basePricingId: other.id });
    const [request] = await Promise.all([
      page.waitForRequest(
        (r) => new URL(r.url()).pathname === '/api/query/pricing-compare' && r.postData()?.includes('basePricingId') === true,
      ),
      page.getByRole('button', { name: `对比 ${other.pricingNo}` }).click(),
    ]);
    expect(JSON.parse(request.postData() ?? '{}')).to.deep.equal({ pricingId: id, basePricingId: other.id });
    await page.waitForFunction(
      (no) => document.querySelector('[data-testid="compare-sides"]')?.textContent?.includes(`基准 ${no}`),
      other.pricingNo,
    );
    await page.waitForURL(new RegExp(`/pricing/${id}\\?base=${other.id}$`));
    await expectComparison(page, expected);

    // A reload keeps the chosen base.
    await openReview(page, id, `?base=${other.id}`);
    await page.waitForFunction(
      (no) => document.querySelector('[data-testid="compare-sides"]')?.textContent?.includes(`基准 ${no}`),
      other.pricingNo,
    );

    await page.getByRole('button', { name: '恢复为上次批准' }).click();
    await page.waitForFunction(
      (no) => document.querySelector('[data-testid="compare-sides"]')?.textContent?.includes(`基准（上次批准） ${no}`),
      chosen.pricing.previousApprovedPricingNo,
    );
    await page.waitForURL(new RegExp(`/pricing/${id}$`));
  });

  it('the only pricing of its part: nothing to compare with, said so; one point; the same checks', async () => {
    const { page } = w;
    const { data } = await post<{ data: PricingRow[] }>(service, '/api/query/pricing', { pageSize: 200 });
    let lone: Review | undefined;
    for (const row of data.filter((r) => r.previousApprovedPricingNo === null)) {
      const r = await review(service, row.id);
      if (r.history.total === 1) {
        lone = r;
        break;
      }
    }
    expect(lone, 'a demo part with a single pricing').to.not.equal(undefined);
    const c = await compare(service, { pricingId: lone!.pricing.id });
    expect(c.base).to.equal(null);
    await openReview(page, lone!.pricing.id);
    expect(await page.textContent('[data-testid="header-change"]')).to.equal('没有更早的批准核价');
    expect(await page.textContent('#review-compare .ant-alert'))
      .to.contain('没有比本条更早的批准核价')
      .and.contain('该物料只有本条一条核价');
    expect((await tableCells(page, 'history-table')).map((r) => r[0])).to.deep.equal([`${lone!.pricing.pricingNo} 本条`]);
    expect(await page.locator('[data-testid="history-chart"] [data-pricing-no] [data-current]').count()).to.equal(1);
    if (lone!.processReferences.rows.length === 0) {
      expect(await page.textContent('#review-process')).to.contain('该物料当日没有有效的二次加工报价');
    } else {
      const refs = await tableCells(page, 'process-references');
      expect(refs.map((r) => r[0])).to.deep.equal(lone!.processReferences.rows.map((r) => r.processNo));
    }
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it("no earlier approved price in its currency but one in another (HJ202610-000689): the converted comparison, exactly the API's figures; axe passes at 1400 and 390 px", async () => {
    const { page } = w;
    const { data } = await post<{ data: PricingRow[] }>(service, '/api/query/pricing', { keyword: 'HJ202610-000689' });
    const row = data.find((r) => r.pricingNo === 'HJ202610-000689')!;
    expect(row.previousApprovedPricingNo, 'no earlier approved price in its own currency').to.equal(null);
    const r = await review(service, row.id);
    const x = r.crossCurrencyPrevious!;
    expect(x, 'an earlier approved price in another currency').to.not.equal(null);
    expect(x.pricing.currency).to.not.equal(r.pricing.currency);
    expect([x.rate, x.convertedUnitPrice, x.changeRate]).to.not.include(null);
    const cur = r.pricing.currency;

    await page.setViewportSize({ width: 1400, height: 900 });
    await openReview(page, row.id);
    // The header: 折算 first, the converted change, against which pricing, at which day's rates.
    expect(await page.textContent('[data-testid="header-change"]')).to.equal(
      `折算${change(x.changeRate, RATE)} 较上次 ${x.pricing.currency} 批准 ${x.pricing.pricingNo}（按 ${x.day} 汇率折算）`,
    );
    // Under it, in full: the earlier pricing (a link to its review) in its own money, the rate and its date, the converted price.
    expect(await page.textContent('[data-testid="cross-currency-message"]')).to.equal(
      `该物料此前没有 ${cur} 的批准价格；按 ${x.day} 汇率折算，较上次 ${x.pricing.currency} 批准价 ${change(x.changeRate, RATE)}`,
    );
    const link = page.locator('[data-testid="cross-currency-pricing"]');
    expect([await link.textContent(), await link.getAttribute('href')]).to.deep.equal([x.pricing.pricingNo, `/pricing/${x.pricing.id}`]);
    const panel = (await page.textContent('[data-testid="cross-currency-previous"]')) ?? '';
    expect(panel)
      .to.contain(`${x.pricing.supplierName} · `)
      .and.contain(`未税单价 ${money(x.pricing.unitPrice)} ${x.pricing.currency}`);
    expect(await page.textContent('[data-testid="cross-currency-converted"]')).to.equal(`${money(x.convertedUnitPrice)} ${cur}`);
    expect(await page.textContent('[data-testid="cross-currency-rate"]')).to.equal(
      `1 ${x.pricing.currency} = ${FX.format(x.rate!)} ${cur}`,
    );
    expect(await page.textContent('[data-testid="cross-currency-rate-date"]')).to.equal(`，${x.rateDate} 起`);
    expect(await page.textContent('[data-testid="cross-currency-figures"]')).to.match(/^折算折算未税单价 /);
    // 报价对比 does not claim there is no earlier approved price at all.
    expect(await page.textContent('#review-compare .ant-alert'))
      .to.contain(`没有比本条更早的 ${cur} 批准核价`)
      .and.contain(x.pricing.pricingNo);
    expect(await axeViolations(page)).to.deep.equal([]);
    expectReadableChanges(await changeColours(page), 'the converted comparison');
    console.log(`      screenshot: ${await screenshot(page, 'pricing-review-cross-currency-1400')}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-testid="cross-currency-previous"]').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    expect(await axeViolations(page)).to.deep.equal([]);
    console.log(`      screenshot: ${await screenshot(page, 'pricing-review-cross-currency-390')}`);

    // A day without the rate: said so, and no converted figure shown.
    await page.route('**/api/query/pricing-review', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Review };
      const missing = { ...x, rate: null, rateDate: null, convertedUnitPrice: null, changeRate: null, missingRates: [cur] };
      await route.fulfill({ response: res, json: { ...body, data: { ...body.data, crossCurrencyPrevious: missing } } });
    });
    await openReview(page, row.id);
    await page.locator('[data-testid="cross-currency-previous"]').waitFor();
    expect(await page.textContent('[data-testid="cross-currency-message"]')).to.equal(
      `该物料此前没有 ${cur} 的批准价格；该日（${x.day}）没有 ${cur} 的汇率，无法折算`,
    );
    expect(await page.textContent('[data-testid="header-change"]')).to.equal(
      `没有更早的 ${cur} 批准核价；该日没有 ${cur} 的汇率，无法与 ${x.pricing.currency} 批准价折算比较`,
    );
    expect(await page.locator('[data-testid="cross-currency-figures"]').count()).to.equal(0);
    expect(await page.locator('[data-testid="cross-currency-pricing"]').textContent()).to.equal(x.pricing.pricingNo);
  });

  it('核价查询 has a 较上次 column: the signed rate in colour, the previous approved pricing in its tooltip; its filter sends the minimum rise', async () => {
    const { page } = w;
    await page.goto(`${service.base}/pricing`);
    const first = await post<{ data: PricingRow[] }>(service, '/api/query/pricing', {});
    await page.waitForSelector('.ant-table-tbody tr.ant-table-row');
    const headers = await page.$$eval('.ant-table-thead th', (ths) => ths.map((th) => th.textContent?.trim()));
    expect(headers).to.include('较上次');
    const shownRates = () => page.$$eval('[data-testid="change-rate"]', (els) => els.map((e) => e.textContent?.trim() ?? ''));
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="change-rate"]').length === n, first.data.length);
    expect(await shownRates()).to.deep.equal(first.data.map((r) => change(r.changeRate, RATE)));

    // Before any tooltip: antd puts it at the end of <body>, outside the page's landmarks.
    expect(await axeViolations(page)).to.deep.equal([]);

    // The tooltip names the pricing the rate compares with.
    const withRate = first.data.findIndex((r) => r.changeRate !== null);
    const row = first.data[withRate]!;
    await page.locator('[data-testid="change-rate"]').nth(withRate).hover();
    const tooltip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-inner');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).to.equal(
      `较上次批准 ${row.previousApprovedPricingNo}（未税单价 ${money(row.previousApprovedPrice)}）${RATE.format(row.changeRate!)}`,
    );
    expectReadableChanges(await changeColours(page), 'the list (a row hovered)');

    // 较上次涨幅下限 10 (%): the list asks for minChangeRate 0.1 and shows the API's rows for it.
    await page.getByLabel('较上次涨幅下限').fill('10');
    const response = await clickQuery(page, '/api/query/pricing');
    const body = JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>;
    expect(body).to.deep.equal({ current: 1, pageSize: 20, minChangeRate: 0.1 });
    const answer = await post<{ data: PricingRow[]; total: number }>(service, '/api/query/pricing', body);
    expect(answer.total).to.be.greaterThan(0);
    await page.waitForFunction(
      (want) => {
        const rows = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((r) =>
          r.querySelector('td:not(.ant-table-selection-column)')?.textContent?.trim(),
        );
        return rows.length === want.length && rows.every((v, i) => v === want[i]);
      },
      answer.data.map((r) => r.pricingNo),
    );
    const rates = await shownRates();
    expect(rates).to.deep.equal(answer.data.map((r) => change(r.changeRate, RATE)));
    for (const r of answer.data) expect(r.changeRate).to.be.at.least(0.1);
    console.log(`      screenshot: ${await screenshot(page, 'pricing-list-change')}`);
  });
});

/** 报价对比's two tables against the API's comparison: every figure, its sign and arrow, and the one-sided lines marked. */
async function expectComparison(page: Page, c: Comparison): Promise<void> {
  const byType = await tableCells(page, 'compare-by-type');
  const figure = (name: string, d: Difference) => [
    name,
    money(d.amount),
    money(d.baseAmount),
    change(d.difference, SIGNED_PRICE),
    change(d.differenceRate, RATE),
  ];
  expect(byType).to.deep.equal([
    ...c.byCostType.map((t) => figure(COST_TYPE[t.costType]!, t)),
    figure('明细合计', c.lineTotal),
    figure('未税单价', c.unitPrice),
  ]);
  const lines = await tableCells(page, 'compare-lines');
  expect(lines.map((l) => [l[0], l[1], l[4], l[7], l[8], l[9], l[10]])).to.deep.equal(
    c.lines.map((l) => [
      COST_TYPE[l.costType],
      l.itemName.trim(),
      money(l.amount),
      money(l.baseAmount),
      change(l.difference, SIGNED_PRICE),
      change(l.differenceRate, RATE),
      { both: '', pricing: '仅本条有', base: '仅基准有' }[l.side],
    ]),
  );
}
