/**
 * One typed function per operation of the service. Request and response types come from
 * schema.d.ts, generated from GET /api/openapi.json (`npm run web:api-types`), so a change to
 * the service's schemas shows up here as a type error. An Ant Design Pro app can copy this
 * folder (client.ts, services.ts, schema.d.ts) as it is: see docs/frontend.md.
 */
import { apiFetch, getJson, postJson, toApiError } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];

/** current/pageSize have defaults on the service, so a request may leave them out. */
type WithOptionalPaging<T> = Omit<T, 'current' | 'pageSize'> & { current?: number; pageSize?: number };

export type PricingQuery = WithOptionalPaging<Schemas['PricingQuery']>;
export type PricingListResponse = Schemas['PricingListResponse'];
export type PricingRow = PricingListResponse['data'][number];
export type PricingSortField = keyof NonNullable<PricingQuery['sort']>;

export type SecondaryProcessQuery = WithOptionalPaging<Schemas['SecondaryProcessQuery']>;
export type SecondaryProcessListResponse = Schemas['SecondaryProcessListResponse'];
export type SecondaryProcessRow = SecondaryProcessListResponse['data'][number];
export type SecondaryProcessSortField = keyof NonNullable<SecondaryProcessQuery['sort']>;

export type ProcessStatsQuery = Schemas['SecondaryProcessStatsQuery'];
export type ProcessStats = Schemas['SecondaryProcessStatsResponse']['data'];
export type ProcessStatsGroup = ProcessStats['groups'][number];

export type PricingDetailsQuery = Schemas['PricingDetailsQuery'];
export type PricingDetails = Schemas['PricingDetailsResponse']['data'];
export type DetailLine = PricingDetails['details'][number];
export type CostType = DetailLine['costType'];

export type PricingReviewQuery = Schemas['PricingReviewQuery'];
export type PricingReview = Schemas['PricingReviewResponse']['data'];
export type HistoryRow = PricingReview['history']['rows'][number];
export type ApprovedSummary = PricingReview['approvedSummary'];
export type ProcessReference = PricingReview['processReferences']['rows'][number];
export type ProcessLine = PricingReview['processReferences']['lines'][number];

export type PricingCompareQuery = Schemas['PricingCompareQuery'];
export type PricingComparison = Schemas['PricingCompareResponse']['data'];
export type ComparedPricing = PricingComparison['pricing'];
export type CostTypeDifference = PricingComparison['byCostType'][number];
export type LineComparison = PricingComparison['lines'][number];

export type SupplierCompareQuery = Schemas['SupplierCompareQuery'];
export type SupplierComparison = Schemas['SupplierCompareResponse']['data'];
export type SupplierColumn = SupplierComparison['columns'][number];
export type SupplierCompareRow = SupplierComparison['rows'][number];

/** `rule` has a default on the service (latest), so a request may leave it out. */
export type BomPriceQuery = Omit<Schemas['BomPriceQuery'], 'rule'> & { rule?: Schemas['BomPriceQuery']['rule'] };
export type BomPrice = Schemas['BomPriceResponse']['data'];
export type BomLineResult = BomPrice['lines'][number];
export type BomResult = BomLineResult['result'];
export type BomTotal = BomPrice['totals'][number];
export type BomRule = NonNullable<BomPriceQuery['rule']>;
export type BomChosenBy = BomLineResult['chosenBy'];
export type BomRate = BomPrice['rates'][number];
export type BomReportTotal = NonNullable<BomPrice['reportTotal']>;

export type ExchangeRateQuery = WithOptionalPaging<Schemas['ExchangeRateQuery']>;
export type ExchangeRateListResponse = Schemas['ExchangeRateListResponse'];
export type ExchangeRateRow = ExchangeRateListResponse['data'][number];
export type ExchangeRateSortField = keyof NonNullable<ExchangeRateQuery['sort']>;

export type Workbench = Schemas['WorkbenchResponse']['data'];
export type WorkbenchItem = Workbench['pending'] | Workbench['staleProcesses'];
export type MonthlyChange = Workbench['monthlyChange'][number];

export type TableStatsResponse = Schemas['TableStatsResponse'];
export type TestDbResponse = Schemas['TestDbResponse'];

export const PRICING_PATH = '/api/query/pricing';
export const SECONDARY_PROCESS_PATH = '/api/query/secondary-process';
export const BOM_PRICE_PATH = '/api/query/bom-price';
export const WORKBENCH_PATH = '/api/query/workbench';
export const EXCHANGE_RATES_PATH = '/api/query/exchange-rates';
export const SUPPLIER_COMPARE_PATH = '/api/query/supplier-compare';

/** The paths whose answer is also a file (CSV / xlsx by the Accept header). */
export type ExportPath =
  typeof PRICING_PATH | typeof SECONDARY_PROCESS_PATH | typeof BOM_PRICE_PATH | typeof EXCHANGE_RATES_PATH | typeof SUPPLIER_COMPARE_PATH;

/** POST /api/query/pricing — 执行核价查询 */
export function queryPricing(query: PricingQuery): Promise<PricingListResponse> {
  return postJson(PRICING_PATH, query);
}

/** POST /api/query/secondary-process — 执行二次加工查询 */
export function querySecondaryProcess(query: SecondaryProcessQuery): Promise<SecondaryProcessListResponse> {
  return postJson(SECONDARY_PROCESS_PATH, query);
}

/**
 * POST /api/query/exchange-rates — 汇率: the exchange-rate table as a list; with `on`, each currency's
 * rate in force that day (one row a currency).
 */
export function queryExchangeRates(query: ExchangeRateQuery): Promise<ExchangeRateListResponse> {
  return postJson(EXCHANGE_RATES_PATH, query);
}

/**
 * POST /api/query/secondary-process-stats — 工艺价格统计: the list's filters' prices grouped by process
 * name, category, price basis and currency; count, min, median, max and the latest in force on `on`.
 */
export async function queryProcessStats(query: ProcessStatsQuery): Promise<ProcessStats> {
  const body = await postJson<Schemas['SecondaryProcessStatsResponse']>('/api/query/secondary-process-stats', query);
  return body.data;
}

/** POST /api/query/pricing-details — 执行核价明细查询 (exactly one selector) */
export async function queryPricingDetails(query: PricingDetailsQuery): Promise<PricingDetails> {
  const body = await postJson<Schemas['PricingDetailsResponse']>('/api/query/pricing-details', query);
  return body.data;
}

/**
 * POST /api/query/pricing-review — the review screen's answers besides the lines: the part's
 * pricings (history), its approved prices (approvedSummary), and the secondary-process prices valid
 * on the pricing's day beside its secondary_process lines (processReferences).
 */
export async function queryPricingReview(query: PricingReviewQuery): Promise<PricingReview> {
  const body = await postJson<Schemas['PricingReviewResponse']>('/api/query/pricing-review', query);
  return body.data;
}

/**
 * POST /api/query/pricing-compare — one pricing beside another of the same part: without
 * basePricingId the previous approved one, else that one; by cost type and line by line.
 */
export async function queryPricingCompare(query: PricingCompareQuery): Promise<PricingComparison> {
  const body = await postJson<Schemas['PricingCompareResponse']>('/api/query/pricing-compare', query);
  return body.data;
}

/**
 * POST /api/query/supplier-compare — 供应商对比: by `partNo` each supplier's latest pricing of the
 * part (and its latest approved one), or exactly 2–5 `pricingIds` of one part, as columns; the six
 * costs, the unit prices and the change as rows, the lowest of each row marked within a currency.
 */
export async function querySupplierCompare(query: SupplierCompareQuery): Promise<SupplierComparison> {
  const body = await postJson<Schemas['SupplierCompareResponse']>(SUPPLIER_COMPARE_PATH, query);
  return body.data;
}

/**
 * POST /api/query/bom-price — 批量核价: each line's price in force on `on` (today in APP_TIMEZONE when
 * left out) chosen by `rule`, its amounts, and the totals per currency (never summed across
 * currencies); with `reportCurrency`, each line converted at the day's rate (or a what-if `rates`
 * entry) and the converted total.
 */
export async function queryBomPrice(query: BomPriceQuery): Promise<BomPrice> {
  const body = await postJson<Schemas['BomPriceResponse']>(BOM_PRICE_PATH, query);
  return body.data;
}

export type Settings = Schemas['SettingsResponse'];

let settings: Promise<Settings> | undefined;

/** GET /api/settings — the company name (the quote sheet's title) and the business time zone; asked once. */
export function getSettings(): Promise<Settings> {
  settings ??= getJson<Settings>('/api/settings').catch((err: unknown) => {
    settings = undefined;
    throw err;
  });
  return settings;
}

/**
 * POST /api/query/workbench — 工作台: what needs doing today, each with the list filters and sort that show
 * those rows and how long the oldest has waited, and the median change rate of approved pricings per
 * month; `mine`: the signed-in person's own pricings only.
 */
export async function queryWorkbench(query: { on?: string; mine?: boolean } = {}): Promise<Workbench> {
  const body = await postJson<Schemas['WorkbenchResponse']>(WORKBENCH_PATH, query);
  return body.data;
}

/** GET /api/stats/tables — 获取数据表统计信息 */
export function getTableStats(): Promise<TableStatsResponse> {
  return getJson('/api/stats/tables');
}

/** GET /api/test-db — 测试数据库连接 (always 200; success says whether the database answered) */
export function testDb(): Promise<TestDbResponse> {
  return getJson('/api/test-db');
}

/**
 * GET /api/health/ready — the readiness probe (open, no token): ready, or the 503 body's message,
 * which names why not (e.g. 服务未就绪：数据库结构未迁移到最新版本).
 */
export async function getReadiness(): Promise<{ ready: true } | { ready: false; message: string }> {
  const res = await fetch('/api/health/ready', { headers: { Accept: 'application/json' } });
  return res.ok ? { ready: true } : { ready: false, message: (await toApiError(res)).message };
}

export type ExportFormat = 'csv' | 'xlsx';

const EXPORT_ACCEPT: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file name the service chose (RFC 5987 `filename*` first, then the ASCII `filename`). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Every row matching `query`, in its sort, as a file made by the service (same body as the list;
 * current/pageSize are ignored there). Rejects with the service's error, e.g. EXPORT_TOO_LARGE.
 */
export async function exportList(
  path: ExportPath,
  query: PricingQuery | SecondaryProcessQuery | BomPriceQuery | ExchangeRateQuery | SupplierCompareQuery,
  format: ExportFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const res = await apiFetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: EXPORT_ACCEPT[format] },
    body: JSON.stringify(query),
  });
  if (!res.ok) throw await toApiError(res, path);
  return { blob: await res.blob(), fileName: fileNameFrom(res.headers.get('Content-Disposition'), `export.${format}`) };
}

/** Hands a downloaded file to the browser's download manager. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
