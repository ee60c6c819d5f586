/**
 * The dialect identity battery: fixed requests whose `data` and `total` must be byte-identical on
 * every database for the same seed. test/live/cross-db.test.ts sends them to SQLite, PostgreSQL,
 * MariaDB and SQL Server; `npm run check:mssql` (scripts/check-mssql.ts) to a real SQL Server and
 * SQLite. Plain data and string helpers only (and the demo generator the seed inserts), so a script
 * can use it without the test framework.
 */
import { DEMO_SIZES, generateDemoData, type DemoRow } from '../../src/db/demo-data.js';

export interface BatteryCase {
  name: string;
  method: 'get' | 'post';
  path: string;
  body?: unknown;
  status: number;
}

const post =
  (path: string, status = 200) =>
  (name: string, body: unknown): BatteryCase => ({ name, method: 'post', path, body, status });
const pricing = post('/api/query/pricing');
const processes = post('/api/query/secondary-process');
const details = post('/api/query/pricing-details');
const noDetails = post('/api/query/pricing-details', 404);
const review = post('/api/query/pricing-review');
const compare = post('/api/query/pricing-compare');
const bom = post('/api/query/bom-price');

const PRICING_SORTS = ['pricedAt', 'unitPrice', 'pricingNo', 'partNo', 'updatedAt', 'changeRate'] as const;
const PROCESS_SORTS = ['updatedAt', 'unitPrice', 'processName', 'partNo', 'validFrom'] as const;
const ORDERS = ['ascend', 'descend'] as const;

/**
 * Edge days of the seed: approved pricings start on FROM_EDGE and one ends on TO_EDGE, where others
 * start (test/live/cross-db.test.ts checks both against the seed).
 */
export const FROM_EDGE = '2026-05-23';
export const TO_EDGE = '2026-09-14';

/** Pasted codes: known ones (one padded with spaces, one twice), unknown, lower case, blanks. */
const PASTED_PART_NOS = ['P-100001', ' CB-2301-04 ', 'P-100001', 'NOPE-1', 'p-100002', 'P-1000', '', '  ', 'CB-2301-12\t', 'P-100049'];

/**
 * Parts whose price on `day` (the approved pricing in force with the latest pricedAt, then the
 * higher id) starts or ends that day: read from the demo rows the seed inserts, so that the BOMs
 * on the edge days keep such lines whatever dates the generator gives.
 */
function partsPricedFromOrTo(day: string, most = 2): string[] {
  const rows: Record<string, DemoRow[]> = { parts: [], pricing: [] };
  for (const batch of generateDemoData(DEMO_SIZES)) rows[batch.table]?.push(...batch.rows);
  const partNo = new Map(rows.parts!.map((p) => [p.id as number, p.part_no as string]));
  const chosen = new Map<number, DemoRow>();
  for (const r of rows.pricing!) {
    const inForce = r.status === 'approved' && (r.valid_from as string) <= day && (r.valid_to === null || (r.valid_to as string) >= day);
    if (!inForce) continue;
    const best = chosen.get(r.part_id as number);
    const [at, bestAt] = [(r.priced_at as Date).getTime(), (best?.priced_at as Date | undefined)?.getTime() ?? -Infinity];
    if (!best || at > bestAt || (at === bestAt && (r.id as number) > (best.id as number))) chosen.set(r.part_id as number, r);
  }
  return [...chosen.values()]
    .filter((r) => r.valid_from === day || r.valid_to === day)
    .map((r) => partNo.get(r.part_id as number)!)
    .sort()
    .slice(0, most);
}

/** Parts priced on FROM_EDGE, then on TO_EDGE, by a pricing that starts or ends that day. */
const EDGE_PART_NOS = [...partsPricedFromOrTo(FROM_EDGE), ...partsPricedFromOrTo(TO_EDGE)];

/**
 * A BOM of every kind of line: priced (CNY and USD, parts with several pricings in force, prices
 * starting or ending on the edge days: EDGE_PART_NOS), existing parts with nothing in force (P-100010: none
 * approved; P-100049: no pricing; P-100027: ends the day before FROM_EDGE), unknown codes (a lower
 * case, a prefix) and repeated parts with other quantities.
 */
const BOM_LINES = [
  { partNo: 'P-100001', quantity: 12.5 },
  { partNo: 'CB-2302-72', quantity: 3 },
  { partNo: 'CB-2303-76', quantity: 0.0001 },
  { partNo: 'CB-2301-12', quantity: 7.3333 },
  { partNo: 'CB-2302-24', quantity: 1 },
  { partNo: 'P-100017', quantity: 250 },
  { partNo: 'P-100121', quantity: 4.5 },
  { partNo: 'P-100013', quantity: 9999.9999 },
  { partNo: 'P-100022', quantity: 2 },
  { partNo: 'CB-2301-16', quantity: 1.0005 },
  { partNo: 'P-100006', quantity: 100 },
  { partNo: 'CB-2301-04', quantity: 0.5 },
  { partNo: 'P-100010', quantity: 1 },
  { partNo: 'P-100049', quantity: 5 },
  { partNo: 'P-100027', quantity: 8 },
  { partNo: 'P-100003', quantity: 1 },
  { partNo: 'NOPE-1', quantity: 1 },
  { partNo: 'p-100001', quantity: 1 },
  { partNo: 'P-1000', quantity: 2 },
  { partNo: ' P-100217 ', quantity: 1_000_000 },
  { partNo: 'P-100001', quantity: 0.0003 },
  { partNo: 'CB-2301-12', quantity: 2 },
  { partNo: 'NOPE-1', quantity: 4 },
  { partNo: 'P-100010', quantity: 2 },
  ...EDGE_PART_NOS.map((partNo, i) => ({ partNo, quantity: 1.25 + i })),
];

/** Every code P-100001 … P-100300, as a long BOM would name them: most priced, the CB- ones unknown. */
const EVERY_P_CODE = Array.from({ length: 300 }, (_, i) => ({ partNo: `P-1${String(i + 1).padStart(5, '0')}`, quantity: (i % 7) + 0.25 }));

export const BATTERY: readonly BatteryCase[] = [
  // Defaults and paging edges.
  pricing('pricing: defaults', {}),
  pricing('pricing: first row only', { pageSize: 1 }),
  pricing('pricing: largest page', { pageSize: 200, current: 3 }),
  pricing('pricing: last partial page', { pageSize: 200, current: 6 }),
  pricing('pricing: page past the end', { pageSize: 50, current: 999 }),
  pricing('pricing: page past the end of a filtered set', { status: ['draft'], current: 500, pageSize: 10 }),
  // Every sort key, both directions (ties broken by id), and multi-key sorts.
  ...PRICING_SORTS.flatMap((field) =>
    ORDERS.map((order) => pricing(`pricing: sort ${field} ${order}`, { sort: { [field]: order }, pageSize: 60, current: 2 })),
  ),
  pricing('pricing: sort unitPrice asc, pricedAt desc (ties at 5.7)', {
    sort: { unitPrice: 'ascend', pricedAt: 'descend' },
    minPrice: 5.7,
    maxPrice: 5.7,
  }),
  pricing('pricing: sort partNo desc, unitPrice asc, updatedAt desc', {
    sort: { partNo: 'descend', unitPrice: 'ascend', updatedAt: 'descend' },
    pageSize: 100,
  }),
  pricing('pricing: sort with null keys ignored', { sort: { pricedAt: null, pricingNo: 'ascend' }, pageSize: 30 }),
  // Text filters: ASCII case folds, Chinese and the LIKE specials do not.
  pricing('pricing: keyword Chinese', { keyword: '支架', pageSize: 200 }),
  pricing('pricing: keyword ASCII upper = lower', { keyword: 'BRACKET-A' }),
  pricing('pricing: keyword mixed case', { keyword: 'bRaCkEt' }),
  pricing('pricing: keyword % literal', { keyword: '10%' }),
  pricing('pricing: keyword _ literal', { keyword: 'M6_L' }),
  pricing('pricing: keyword [ literal', { keyword: '[样件]' }),
  pricing('pricing: keyword backslash literal', { keyword: 'DN50\\PN16' }),
  pricing('pricing: keyword ! (the escape character) literal', { keyword: '!' }),
  pricing('pricing: keyword Greek capital Φ (no non-ASCII folding)', { keyword: 'Φ1', pageSize: 100 }),
  pricing('pricing: keyword Greek small φ matches nothing', { keyword: 'φ1' }),
  pricing('pricing: keyword × sign', { keyword: '×2', pageSize: 100 }),
  pricing('pricing: pricingNo', { pricingNo: 'hj202603' }),
  pricing('pricing: partNo', { partNo: 'cb-23', pageSize: 100 }),
  pricing('pricing: partName', { partName: '法兰' }),
  pricing('pricing: supplier by code', { supplier: 's0012' }),
  pricing('pricing: supplier ABC vs abc', { supplier: 'abc', pageSize: 200 }),
  pricing('pricing: supplier backslash', { supplier: '\\分厂' }),
  pricing('pricing: status list', { status: ['pending', 'rejected'], pageSize: 200 }),
  // Calendar days in Asia/Shanghai around midnight, and price bounds.
  pricing('pricing: pricedFrom = pricedTo (one Shanghai day)', { pricedFrom: '2026-03-16', pricedTo: '2026-03-16' }),
  pricing('pricing: pricedTo day boundary', { pricedFrom: '2026-03-15', pricedTo: '2026-03-15', sort: { pricedAt: 'ascend' } }),
  pricing('pricing: pricedFrom new year', { pricedFrom: '2026-01-01', pricedTo: '2026-01-01' }),
  pricing('pricing: priced range over months', { pricedFrom: '2025-06-01', pricedTo: '2025-08-31', pageSize: 200 }),
  pricing('pricing: minPrice / maxPrice', { minPrice: 100, maxPrice: 250.5, sort: { unitPrice: 'descend' } }),
  pricing('pricing: price fraction bound', { minPrice: 5.7, maxPrice: 5.7001 }),
  pricing('pricing: every filter at once', {
    keyword: '有限公司',
    status: ['approved', 'expired'],
    pricedFrom: '2025-01-01',
    pricedTo: '2026-12-31',
    minPrice: 10,
    maxPrice: 5000,
    sort: { updatedAt: 'ascend' },
    pageSize: 25,
    current: 2,
  }),

  // previousApprovedPrice and changeRate: every row above carries them; the rate's filters and sort.
  pricing('pricing: minChangeRate 0.1', { minChangeRate: 0.1, pageSize: 200 }),
  pricing('pricing: pending, minChangeRate 0.1', { status: ['pending'], minChangeRate: 0.1, pageSize: 200 }),
  pricing('pricing: pending, minChangeRate 0.1, by changeRate', {
    status: ['pending'],
    minChangeRate: 0.1,
    sort: { changeRate: 'descend' },
  }),
  pricing('pricing: maxChangeRate -0.05 (price cuts)', { maxChangeRate: -0.05, pageSize: 200, current: 2 }),
  pricing('pricing: a rate band with more than 4 places', { minChangeRate: -0.12345, maxChangeRate: 0.00005, pageSize: 200 }),
  pricing('pricing: changeRate ascend, deep', { sort: { changeRate: 'ascend' }, pageSize: 200, current: 5 }),
  pricing('pricing: changeRate descend, pricedAt ascend (ties)', {
    sort: { changeRate: 'descend', pricedAt: 'ascend' },
    pageSize: 100,
    current: 2,
  }),
  pricing('pricing: keyword, changeRate ascend', { keyword: '支架', sort: { changeRate: 'ascend' }, pageSize: 50 }),
  // Parts priced in CNY and in USD: each rate against the last approved price in its own currency.
  pricing('pricing: parts in two currencies, like with like', {
    partNos: ['P-100098', 'P-100298', 'P-100093'],
    sort: { partNo: 'ascend', pricedAt: 'ascend' },
    pageSize: 50,
  }),

  // partNos (exact, trimmed, repeats and blanks dropped, unknown codes match nothing) and inForceOn.
  pricing('pricing: partNos pasted', { partNos: PASTED_PART_NOS, sort: { partNo: 'ascend' }, pageSize: 50 }),
  pricing('pricing: partNos all unknown', { partNos: ['NOPE-1', 'p-100001', 'P-10000'] }),
  pricing('pricing: partNos every P- code, deep page', { partNos: EVERY_P_CODE.map((l) => l.partNo), pageSize: 200, current: 4 }),
  pricing('pricing: partNos and keyword', { partNos: PASTED_PART_NOS, keyword: '支架', pageSize: 50 }),
  pricing('pricing: inForceOn a validFrom edge', { inForceOn: FROM_EDGE, sort: { partNo: 'ascend' }, pageSize: 200, current: 2 }),
  pricing('pricing: inForceOn a validTo edge', { inForceOn: TO_EDGE, sort: { unitPrice: 'descend' }, pageSize: 200 }),
  pricing('pricing: inForceOn the day after the validTo edge', { inForceOn: '2026-09-15', pageSize: 200, current: 2 }),
  pricing('pricing: inForceOn before any pricing', { inForceOn: '2024-01-01' }),
  pricing('pricing: approved, validTo within the edges', {
    status: ['approved'],
    validToFrom: FROM_EDGE,
    validToTo: TO_EDGE,
    pageSize: 200,
  }),
  pricing('pricing: inForceOn and partNos', { inForceOn: FROM_EDGE, partNos: PASTED_PART_NOS, pageSize: 50 }),
  pricing('pricing: inForceOn, changeRate descend', { inForceOn: TO_EDGE, sort: { changeRate: 'descend' }, pageSize: 100 }),

  processes('secondary: defaults', {}),
  processes('secondary: page past the end', { current: 100, pageSize: 50 }),
  ...PROCESS_SORTS.flatMap((field) =>
    ORDERS.map((order) => processes(`secondary: sort ${field} ${order}`, { sort: { [field]: order }, pageSize: 50, current: 2 })),
  ),
  processes('secondary: sort processName asc, unitPrice desc', { sort: { processName: 'ascend', unitPrice: 'descend' }, pageSize: 200 }),
  processes('secondary: ties on updatedAt', { sort: { updatedAt: 'ascend', unitPrice: 'ascend' }, pageSize: 10 }),
  processes('secondary: keyword Chinese', { keyword: '阳极氧化', pageSize: 200 }),
  processes('secondary: keyword ASCII case', { keyword: 'ec-0000' }),
  processes('secondary: keyword [ literal', { keyword: '[外协]' }),
  processes('secondary: partNo', { partNo: 'P-1000' }),
  processes('secondary: processName', { processName: '镀', pageSize: 100 }),
  processes('secondary: category list', { category: ['plating', 'welding'], pageSize: 200 }),
  processes('secondary: supplier', { supplier: 'ABC' }),
  processes('secondary: status', { status: ['inactive'], pageSize: 200 }),
  processes('secondary: price bounds', { minPrice: 1, maxPrice: 20 }),
  processes('secondary: validOn', { validOn: '2026-06-01', pageSize: 200 }),
  processes('secondary: active, validity ended (validToTo)', { status: ['active'], validToTo: TO_EDGE, pageSize: 200 }),
  processes('secondary: validOn and sort validFrom', { validOn: '2025-12-31', sort: { validFrom: 'descend' } }),
  processes('secondary: partNos pasted', { partNos: [...PASTED_PART_NOS, 'CB-2301-40', ' P-100286'], pageSize: 50 }),
  processes('secondary: partNos every P- code and validOn', {
    partNos: EVERY_P_CODE.map((l) => l.partNo),
    validOn: TO_EDGE,
    pageSize: 200,
  }),

  details('details: by pricingId', { pricingId: 1 }),
  details('details: by pricingId (tie template)', { pricingId: 10 }),
  details('details: by pricingId (USD)', { pricingId: 777 }),
  details('details: by pricingNo', { pricingNo: 'HJ202603-000016' }),
  details('details: by partNo (latest approved)', { partNo: 'P-100001' }),
  details('details: by partNo CB-', { partNo: 'CB-2301-04' }),
  noDetails('details: pricingId 404', { pricingId: 999_999 }),
  noDetails('details: pricingNo 404', { pricingNo: 'HJ000000-000000' }),
  noDetails('details: pricingNo is exact (lower case) 404', { pricingNo: 'hj202603-000016' }),
  noDetails('details: partNo without pricing 404', { partNo: 'P-100049' }),
  noDetails('details: partNo without approved pricing 404', { partNo: 'P-100010' }),

  review('review: part 1, latest approved', { pricingId: 2 }),
  review('review: part 1, first pricing', { pricingId: 1 }),
  review('review: part 1, newer draft', { pricingId: 4 }),
  review('review: a tie template', { pricingId: 10 }),
  review('review: USD', { pricingId: 777 }),
  review('review: last pricing', { pricingId: 1200 }),
  post('/api/query/pricing-review', 404)('review: 404', { pricingId: 999_999 }),
  compare('compare: with the previous approved', { pricingId: 2 }),
  compare('compare: a draft with the previous approved', { pricingId: 4 }),
  compare('compare: no previous approved', { pricingId: 1 }),
  compare('compare: a base by id', { pricingId: 2, basePricingId: 4 }),
  post('/api/query/pricing-compare', 400)('compare: a base of another part', { pricingId: 2, basePricingId: 5 }),
  post('/api/query/pricing-compare', 404)('compare: 404', { pricingId: 999_999 }),

  bom(`bom: every kind of line on ${FROM_EDGE}`, { lines: BOM_LINES, on: FROM_EDGE }),
  bom(`bom: every kind of line on ${TO_EDGE}`, { lines: BOM_LINES, on: TO_EDGE }),
  bom('bom: every P- code on 2026-11-20', { lines: EVERY_P_CODE, on: '2026-11-20' }),
  bom('bom: every P- code on 2025-06-15', { lines: EVERY_P_CODE, on: '2025-06-15' }),
  bom('bom: nothing in force before any pricing', { lines: BOM_LINES, on: '2024-01-01' }),

  bom('bom: every P- code, lowest, in CNY, on 2026-11-20', {
    lines: EVERY_P_CODE,
    on: '2026-11-20',
    rule: 'lowest',
    reportCurrency: 'CNY',
  }),
  bom('bom: every P- code, highest, in EUR, on 2025-06-15', {
    lines: EVERY_P_CODE,
    on: '2025-06-15',
    rule: 'highest',
    reportCurrency: 'EUR',
  }),
  bom('bom: every P- code, latest, in JPY with an assumed USD rate', {
    lines: EVERY_P_CODE,
    on: '2026-02-28',
    reportCurrency: 'JPY',
    rates: { USD: 7.05 },
  }),
  bom('bom: every kind of line, preferred suppliers, in USD', {
    lines: BOM_LINES,
    on: TO_EDGE,
    rule: 'preferred',
    suppliers: ['S0058', 'S0036', 'S0015'],
    reportCurrency: 'USD',
  }),
  post('/api/query/bom-price', 400)('bom: a report currency without any rate', { lines: BOM_LINES, reportCurrency: 'GBP' }),
  post('/api/query/exchange-rates')('rates: every row', { pageSize: 200 }),
  post('/api/query/exchange-rates')('rates: in force on the first day of a month', { on: '2026-10-01', sort: { currency: 'ascend' } }),
  post('/api/query/exchange-rates')('rates: in force before any', { on: '2024-11-30' }),
  post('/api/query/exchange-rates')('rates: JPY by rate', { currency: ['JPY'], sort: { rateToCny: 'descend' }, pageSize: 50 }),
  review('review: HJ202610-000689 (id 689), USD after CNY approvals only', { pricingId: 689 }),
  post('/api/query/supplier-compare')('suppliers: two currencies, converted', { partNo: 'P-100213', on: '2026-11-20' }),
  pricing('pricing: inForceOn marks latest', { inForceOn: '2026-11-20', partNos: ['P-100213', 'P-100217', 'P-100001'], pageSize: 50 }),

  { name: 'stats: row counts and last updates', method: 'get', path: '/api/stats/tables', status: 200 },
];

/** What must be identical: `data`, `total` and the list's `latestInForceIds` (stats: everything but generatedAt). */
export function comparable(body: { data?: unknown; total?: unknown; code?: unknown; latestInForceIds?: unknown }): string {
  return JSON.stringify({ data: body.data, total: body.total, code: body.code, latestInForceIds: body.latestInForceIds });
}

export function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 120);
  return `at ${i}:\n  ${a.slice(from, i + 80)}\n  ${b.slice(from, i + 80)}`;
}
