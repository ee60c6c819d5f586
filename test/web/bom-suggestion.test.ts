/// <reference lib="dom" />
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { replaceCode } from '../../web/src/bom-paste.js';
import {
  axeViolations,
  closePage,
  launchBrowser,
  openPage,
  recordBodies,
  screenshot,
  startService,
  TIME_ZONE,
  type Service,
  type WatchedPage,
} from './browser.js';

/**
 * 批量核价's unknown codes that are existing ones but for case, full-width or invisible characters:
 * the service says which (a line's `suggestion`), the line asks 是否为 P-100081？, and only the
 * clerk's button writes that code into the paste and prices again.
 */
const BOM_PATH = '/api/query/bom-price';
const DAY = '2026-11-20';
const ZWSP = '\u200b';

describe('web: 批量核价 replaceCode (a suggested code written into the paste)', () => {
  it('replaces the code cells that read the code, in two columns and in one, and nothing else', () => {
    const pasted = ['物料编码\t数量', 'p-100081\t3', ' p-100081 \t1,200', 'p-1000812\t1', 'x\tp-100081', 'p-100081, P-1，p-100081、q'].join(
      '\r\n',
    );
    expect(replaceCode(pasted, 'p-100081', 'P-100081')).to.deep.equal({
      text: ['物料编码\t数量', 'P-100081\t3', ' P-100081 \t1,200', 'p-1000812\t1', 'x\tp-100081', 'P-100081, P-1，P-100081、q'].join(
        '\r\n',
      ),
      count: 4,
    });
  });

  it('an invisible character is part of the code it replaces; a code not in the paste changes nothing', () => {
    expect(replaceCode(`P-100102${ZWSP}\t2\nP-100102\t1`, `P-100102${ZWSP}`, 'P-100102')).to.deep.equal({
      text: 'P-100102\t2\nP-100102\t1',
      count: 1,
    });
    expect(replaceCode('P-1\t2', 'P-9', 'P-8')).to.deep.equal({ text: 'P-1\t2', count: 0 });
  });
});

describe('web: 批量核价 suggests the existing code for an unknown one, in Chromium', function () {
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
    return closePage(w, this.currentTest, 'bom-suggestion');
  });

  it('p-100081 is 物料不存在 with 是否为 P-100081？; its button writes P-100081 into the paste and prices again, the other line untouched', async () => {
    const { page } = w;
    await page.goto(`${service.base}/bom`);
    const paste = page.getByLabel('粘贴物料编码与数量');
    const bodies = recordBodies(page, BOM_PATH);
    await paste.fill(['物料编码\t数量', 'p-100081\t3', `P-100102${ZWSP}\t2`, 'P-100217\t1'].join('\n'));
    const day = page.locator('#bom-on');
    await day.click();
    await day.fill(DAY);
    await day.press('Enter');
    await page.keyboard.press('Escape');
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === BOM_PATH),
      page.locator('button', { hasText: /^计\s*价$/ }).click(),
    ]);
    await page.getByTestId('bom-summary').waitFor();
    // Sent as pasted: the service never prices a line by a code it was not given.
    expect(bodies).to.deep.equal([
      {
        lines: [
          { partNo: 'p-100081', quantity: 3 },
          { partNo: `P-100102${ZWSP}`, quantity: 2 },
          { partNo: 'P-100217', quantity: 1 },
        ],
        on: DAY,
      },
    ]);
    const rows = page.locator('[data-testid="bom-lines"] .ant-table-tbody tr.ant-table-row');
    const suggestions = await page.getByTestId('bom-suggestion').allTextContents();
    expect(suggestions).to.deep.equal([
      '是否为 P-100081？（大小写不同）改为此编码并重新计价',
      '是否为 P-100102？（含不可见字符）改为此编码并重新计价',
    ]);
    expect(await rows.nth(0).textContent()).to.contain('物料不存在');
    expect(await page.getByTestId('bom-suggestions').textContent()).to.contain('其中 2 行的物料编码与现有编码只差大小写、全角或不可见字符');
    expect(await rows.nth(2).locator('[data-testid="bom-suggestion"]').count(), 'a priced line asks nothing').to.equal(0);
    expect(await axeViolations(page)).to.deep.equal([]);
    await page.setViewportSize({ width: 1400, height: 900 });
    console.log(`      screenshot: ${await screenshot(page, 'bom-suggestion-1400')}`);
    await page.setViewportSize({ width: 390, height: 844 });
    // antd redraws for a phone's breakpoint a moment after the resize: the width once it has.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390, null, { timeout: 5000 }).catch(() => undefined);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll at 390 px').to.be.at.most(390);
    console.log(`      screenshot: ${await screenshot(page, 'bom-suggestion-390')}`);
    await page.setViewportSize({ width: 1400, height: 900 });

    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === BOM_PATH),
      page.getByRole('button', { name: '改为此编码并重新计价：将粘贴内容中的 p-100081 改为 P-100081' }).click(),
    ]);
    expect(await page.locator('.ant-message-notice').textContent()).to.contain('已将粘贴内容中的 p-100081 改为 P-100081（1 处），重新计价');
    expect(await paste.inputValue()).to.equal(['物料编码\t数量', 'P-100081\t3', `P-100102${ZWSP}\t2`, 'P-100217\t1'].join('\n'));
    expect(bodies.at(-1)).to.deep.equal({
      lines: [
        { partNo: 'P-100081', quantity: 3 },
        { partNo: `P-100102${ZWSP}`, quantity: 2 },
        { partNo: 'P-100217', quantity: 1 },
      ],
      on: DAY,
    });
    const priced = (await answer.json()) as { data: { lines: { result: string; suggestion: string | null }[] } };
    expect(priced.data.lines.map((l) => [l.result, l.suggestion])).to.deep.equal([
      ['priced', null],
      ['unknown-part', 'P-100102'],
      ['priced', null],
    ]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="bom-suggestion"]').length === 1);
    expect(await rows.nth(0).textContent()).to.contain('已定价');
    expect(await page.getByTestId('bom-summary').textContent()).to.equal('共 3 行：已定价 2，无有效价格 0，物料不存在 1');
    expect(await page.getByTestId('bom-suggestions').textContent()).to.contain('其中 1 行');
    expect(await page.textContent('main')).not.to.contain('下表仍是上次计价的结果');
    await page.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await axeViolations(page)).to.deep.equal([]);
  });
});
