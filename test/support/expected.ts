/**
 * An independent model of the seeded data and of api.md's query rules, for the route tests.
 *
 * The rows come straight from the demo-data generator (the same input the seed inserts), never
 * from the service's own query code, so a bug in a query cannot hide in its own expectation.
 * Every rule here (contains, day ranges, sorting, paging, the details summary) is written out
 * again from the contract in plain TypeScript.
 */
import { expect } from 'chai';
import { DEMO_SIZES, generateDemoData, type DemoRow } from '../../src/db/demo-data.js';

// ---------------------------------------------------------------------------------------------
// The seeded rows, shaped as the contract's JSON rows (fields in the contract's order)

export const COST_TYPES = ['material', 'process', 'secondary_process', 'other', 'management_fee', 'profit'] as const;
type CostType = (typeof COST_TYPES)[number];

export interface PricingRow {
  id: number;
  pricingNo: string;
  partNo: string;
  partName: string;
  spec: string | null;
  material: string;
  unit: string;
  supplierCode: string;
  supplierName: string;
  currency: string;
  materialCost: number;
  processCost: number;
  secondaryProcessCost: number;
  otherCost: number;
  managementFee: number;
  profit: number;
  unitPrice: number;
  taxRate: number;
  unitPriceWithTax: number;
  previousApprovedPricingNo: string | null;
  previousApprovedPrice: number | null;
  changeRate: number | null;
  status: string;
  pricedBy: string;
  pricedAt: string;
  validFrom: string;
  validTo: string | null;
  remark: string | null;
  updatedAt: string;
}

export interface ProcessRow {
  id: number;
  processNo: string;
  partNo: string;
  partName: string;
  processName: string;
  category: string;
  supplierCode: string;
  supplierName: string;
  priceBasis: string;
  unitPrice: number;
  currency: string;
  leadTimeDays: number;
  status: string;
  validFrom: string;
  validTo: string | null;
  remark: string | null;
  updatedAt: string;
}

export interface DetailLine {
  lineNo: number;
  costType: CostType;
  itemName: string;
  spec: string | null;
  quantity: number;
  unit: string;
  unitPrice: number;
  amount: number;
  remark: string | null;
}

export const PRICING_FIELDS = [
  'id',
  'pricingNo',
  'partNo',
  'partName',
  'spec',
  'material',
  'unit',
  'supplierCode',
  'supplierName',
  'currency',
  'materialCost',
  'processCost',
  'secondaryProcessCost',
  'otherCost',
  'managementFee',
  'profit',
  'unitPrice',
  'taxRate',
  'unitPriceWithTax',
  'previousApprovedPricingNo',
  'previousApprovedPrice',
  'changeRate',
  'status',
  'pricedBy',
  'pricedAt',
  'validFrom',
  'validTo',
  'remark',
  'updatedAt',
] as const;
export const PROCESS_FIELDS = [
  'id',
  'processNo',
  'partNo',
  'partName',
  'processName',
  'category',
  'supplierCode',
  'supplierName',
  'priceBasis',
  'unitPrice',
  'currency',
  'leadTimeDays',
  'status',
  'validFrom',
  'validTo',
  'remark',
  'updatedAt',
] as const;
export const DETAIL_FIELDS = ['lineNo', 'costType', 'itemName', 'spec', 'quantity', 'unit', 'unitPrice', 'amount', 'remark'] as const;

/** Money and quantities: numbers rounded to 4 decimal places. */
export const money = (v: unknown): number => Math.round(Number(v) * 10_000) / 10_000;
const iso = (v: unknown): string => (v as Date).toISOString();
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function loadSeed() {
  const raw: Record<string, DemoRow[]> = { parts: [], pricing: [], pricing_details: [], secondary_processes: [], exchange_rates: [] };
  for (const batch of generateDemoData(DEMO_SIZES)) raw[batch.table]!.push(...batch.rows);
  const partsById = new Map(raw.parts!.map((p) => [p.id as number, p]));

  const pricing: PricingRow[] = raw.pricing!.map((r) => {
    const p = partsById.get(r.part_id as number)!;
    return {
      id: r.id as number,
      pricingNo: r.pricing_no as string,
      partNo: p.part_no as string,
      partName: p.part_name as string,
      spec: text(p.spec),
      material: p.material as string,
      unit: p.unit as string,
      supplierCode: r.supplier_code as string,
      supplierName: r.supplier_name as string,
      currency: r.currency as string,
      materialCost: money(r.material_cost),
      processCost: money(r.process_cost),
      secondaryProcessCost: money(r.secondary_process_cost),
      otherCost: money(r.other_cost),
      managementFee: money(r.management_fee),
      profit: money(r.profit),
      unitPrice: money(r.unit_price),
      taxRate: money(r.tax_rate),
      unitPriceWithTax: money(r.unit_price_with_tax),
      previousApprovedPricingNo: null,
      previousApprovedPrice: null,
      changeRate: null,
      status: r.status as string,
      pricedBy: r.priced_by as string,
      pricedAt: iso(r.priced_at),
      validFrom: r.valid_from as string,
      validTo: text(r.valid_to),
      remark: text(r.remark),
      updatedAt: iso(r.updated_at),
    };
  });

  withChanges(pricing);

  const details = new Map<number, DetailLine[]>();
  for (const d of raw.pricing_details!) {
    const lines = details.get(d.pricing_id as number) ?? [];
    lines.push({
      lineNo: d.line_no as number,
      costType: d.cost_type as CostType,
      itemName: d.item_name as string,
      spec: text(d.spec),
      quantity: money(d.quantity),
      unit: d.unit as string,
      unitPrice: money(d.unit_price),
      amount: money(d.amount),
      remark: text(d.remark),
    });
    details.set(d.pricing_id as number, lines);
  }
  for (const lines of details.values()) lines.sort((a, b) => a.lineNo - b.lineNo);

  const processes: ProcessRow[] = raw.secondary_processes!.map((r) => {
    const p = partsById.get(r.part_id as number)!;
    return {
      id: r.id as number,
      processNo: r.process_no as string,
      partNo: p.part_no as string,
      partName: p.part_name as string,
      processName: r.process_name as string,
      category: r.category as string,
      supplierCode: r.supplier_code as string,
      supplierName: r.supplier_name as string,
      priceBasis: r.price_basis as string,
      unitPrice: money(r.unit_price),
      currency: r.currency as string,
      leadTimeDays: r.lead_time_days as number,
      status: r.status as string,
      validFrom: r.valid_from as string,
      validTo: text(r.valid_to),
      remark: text(r.remark),
      updatedAt: iso(r.updated_at),
    };
  });

  const newest = (rows: DemoRow[]) => rows.map((r) => iso(r.updated_at)).reduce((a, b) => (b > a ? b : a));
  const stats = [
    { table: 'parts', label: '物料', rowCount: raw.parts!.length, lastUpdatedAt: newest(raw.parts!) },
    { table: 'pricing', label: '核价记录', rowCount: raw.pricing!.length, lastUpdatedAt: newest(raw.pricing!) },
    { table: 'pricing_details', label: '核价明细', rowCount: raw.pricing_details!.length, lastUpdatedAt: null },
    {
      table: 'secondary_processes',
      label: '二次加工报价',
      rowCount: raw.secondary_processes!.length,
      lastUpdatedAt: newest(raw.secondary_processes!),
    },
  ];
  // Every part's number, those without a pricing too (a BOM may name them).
  const exchangeRates: ExchangeRateRow[] = raw.exchange_rates!.map((r) => ({
    id: r.id as number,
    currency: r.currency as string,
    rateToCny: Number(r.rate_to_cny),
    validFrom: r.valid_from as string,
    nextValidFrom: null,
    source: text(r.source),
    updatedAt: iso(r.updated_at),
  }));
  for (const r of exchangeRates) {
    const later = exchangeRates.filter((n) => n.currency === r.currency && n.validFrom > r.validFrom).map((n) => n.validFrom);
    r.nextValidFrom = later.length > 0 ? later.reduce((a, b) => (b < a ? b : a)) : null;
  }
  return { pricing, details, processes, stats, exchangeRates, partNos: raw.parts!.map((p) => p.part_no as string) };
}

/**
 * previousApprovedPrice and changeRate of each row, from the contract: the same part's latest
 * approved pricing in the same currency before the row (pricedAt, then id), any supplier; null when none or its price is
 * 0 (its number, previousApprovedPricingNo, is null only when none); the rate (unit − previous) /
 * previous rounded to 4 places half away from zero, in whole numbers.
 */
export function withChanges(rows: PricingRow[]): void {
  for (const r of rows) {
    let previous: PricingRow | undefined;
    for (const q of rows) {
      if (q.partNo !== r.partNo || q.currency !== r.currency || q.status !== 'approved') continue;
      const before = q.pricedAt < r.pricedAt || (q.pricedAt === r.pricedAt && q.id < r.id);
      const later = !previous || q.pricedAt > previous.pricedAt || (q.pricedAt === previous.pricedAt && q.id > previous.id);
      if (before && later) previous = q;
    }
    r.previousApprovedPricingNo = previous ? previous.pricingNo : null;
    r.previousApprovedPrice = previous && previous.unitPrice !== 0 ? previous.unitPrice : null;
    r.changeRate = r.previousApprovedPrice === null ? null : exactRate(r.unitPrice, r.previousApprovedPrice);
  }
}

/** (value − base) / base to 4 places, half away from zero, computed in integers (no float rounding). */
export function exactRate(value: number, base: number): number {
  const v = BigInt(Math.round(value * 10_000));
  const b = BigInt(Math.round(base * 10_000));
  const scaled = (v - b) * 10_000n; // the rate × 10^4, times b
  const negative = scaled < 0n !== b < 0n;
  const num = scaled < 0n ? -scaled : scaled;
  const den = b < 0n ? -b : b;
  let q = num / den;
  if ((num % den) * 2n >= den) q += 1n; // half (and above) away from zero
  const rate = Number(negative ? -q : q) / 10_000;
  return rate === 0 ? 0 : rate;
}

export const seed = loadSeed();

// ---------------------------------------------------------------------------------------------
// The query rules of api.md

/** Only the 26 ASCII letters fold; everything else (Chinese, Φ, full-width) must match exactly. */
const foldAscii = (s: string): string => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

/** A text filter as the contract reads it: trimmed, and empty means "no filter". */
function textOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return t === '' ? undefined : t;
}

/** "Contains" over some fields, ASCII-case-insensitive, every character literal. */
function containsAny(values: readonly (string | null)[], needle: string | undefined): boolean {
  if (needle === undefined) return true;
  const n = foldAscii(needle);
  return values.some((v) => v !== null && foldAscii(v).includes(n));
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Midnight in Asia/Shanghai (UTC+8 all year: no daylight saving since 1991) as a UTC instant. */
const shanghaiMidnight = (date: string): number => Date.parse(`${date}T00:00:00Z`) - 8 * HOUR;

export type SortOrder = 'ascend' | 'descend' | null;
export interface ListRequest {
  current?: number;
  pageSize?: number;
  sort?: Record<string, SortOrder> | null;
  [filter: string]: unknown;
}

/** Text by code point (every seeded string is in the BMP, where `<` on UTF-16 agrees), numbers numerically. */
function compareValues(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Only changeRate may be null among the sortable fields: its nulls come last, whichever the direction. */
function compareKey(a: string | number | null, b: string | number | null, order: SortOrder): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const c = compareValues(a, b);
  return order === 'ascend' ? c : -c;
}

function sortRows<T extends { id: number }>(rows: T[], sort: ListRequest['sort'], defaultSort: Record<string, SortOrder>): T[] {
  let keys = Object.entries(sort ?? {}).filter(([, order]) => order === 'ascend' || order === 'descend');
  if (keys.length === 0) keys = Object.entries(defaultSort);
  return [...rows].sort((a, b) => {
    for (const [field, order] of keys) {
      const c = compareKey(a[field as keyof T] as string | number | null, b[field as keyof T] as string | number | null, order);
      if (c !== 0) return c;
    }
    return a.id - b.id;
  });
}

export interface ListAnswer<T> {
  success: true;
  data: T[];
  total: number;
  current: number;
  pageSize: number;
}

function page<T>(rows: T[], req: ListRequest): ListAnswer<T> {
  const current = req.current ?? 1;
  const pageSize = req.pageSize ?? 20;
  return { success: true, data: rows.slice((current - 1) * pageSize, current * pageSize), total: rows.length, current, pageSize };
}

const inList = (value: string, list: unknown): boolean => !Array.isArray(list) || list.length === 0 || list.includes(value);
/** partNos: exact, each trimmed; blanks ignored; none left (or no list) means no filter. */
const inPartNos = (partNo: string, list: unknown): boolean => {
  const codes = Array.isArray(list) ? list.map((c) => String(c).trim()).filter((c) => c !== '') : [];
  return codes.length === 0 || codes.includes(partNo);
};
/** In force on `day`: approved, validFrom ≤ day, validTo open or ≥ day. */
export const inForceOn = (r: PricingRow, day: string): boolean =>
  r.status === 'approved' && r.validFrom <= day && (r.validTo === null || r.validTo >= day);
/** validTo within [validToFrom, validToTo] when either is set: a row without validTo never matches. */
const validToIn = (validTo: string | null, req: ListRequest): boolean => {
  const [from, to] = [textOf(req.validToFrom), textOf(req.validToTo)];
  if (from === undefined && to === undefined) return true;
  return validTo !== null && (from === undefined || validTo >= from) && (to === undefined || validTo <= to);
};
const inRange = (v: number, min: unknown, max: unknown): boolean =>
  (typeof min !== 'number' || v >= min) && (typeof max !== 'number' || v <= max);

/** Every pricing row the filters of `req` let through, in the requested order (no paging). */
export function pricingMatches(req: ListRequest): PricingRow[] {
  const rows = seed.pricing.filter((r) => {
    const at = Date.parse(r.pricedAt);
    const from = textOf(req.pricedFrom);
    const to = textOf(req.pricedTo);
    return (
      containsAny([r.pricingNo, r.partNo, r.partName, r.spec, r.supplierName], textOf(req.keyword)) &&
      containsAny([r.pricingNo], textOf(req.pricingNo)) &&
      containsAny([r.partNo], textOf(req.partNo)) &&
      containsAny([r.partName], textOf(req.partName)) &&
      containsAny([r.supplierCode, r.supplierName], textOf(req.supplier)) &&
      (textOf(req.pricedBy) === undefined || r.pricedBy === textOf(req.pricedBy)) &&
      inList(r.status, req.status) &&
      inPartNos(r.partNo, req.partNos) &&
      (textOf(req.inForceOn) === undefined || inForceOn(r, textOf(req.inForceOn)!)) &&
      validToIn(r.validTo, req) &&
      (from === undefined || at >= shanghaiMidnight(from)) &&
      (to === undefined || at < shanghaiMidnight(to) + DAY) &&
      inRange(r.unitPrice, req.minPrice, req.maxPrice) &&
      // A rate filter lets no row without a rate through.
      ((req.minChangeRate === undefined && req.maxChangeRate === undefined) ||
        (r.changeRate !== null && inRange(r.changeRate, req.minChangeRate, req.maxChangeRate)))
    );
  });
  return sortRows(rows, req.sort, { pricedAt: 'descend' });
}

export function pricingPage(req: ListRequest): ListAnswer<PricingRow> & { latestInForceIds?: number[] } {
  const answer = page(pricingMatches(req), req);
  const day = textOf(req.inForceOn);
  if (day === undefined) return answer;
  // 计价采用: per part of the page, the pricing the BOM's default rule takes that day.
  const ids = [...new Set(answer.data.map((r) => r.partNo))].map((partNo) => priceOn(partNo, day)!.id);
  return { ...answer, latestInForceIds: ids.sort((a, b) => a - b) };
}

/** The categories' Chinese names (api.md's export names): the keyword finds a category by its name too. */
export const CATEGORY_NAMES: Readonly<Record<string, string>> = {
  plating: '电镀',
  heat_treatment: '热处理',
  painting: '喷涂',
  anodizing: '阳极氧化',
  machining: '机加工',
  welding: '焊接',
  other: '其他',
};

export function processMatches(req: ListRequest): ProcessRow[] {
  const day = textOf(req.validOn);
  const keyword = textOf(req.keyword);
  const rows = seed.processes.filter(
    (r) =>
      (containsAny([r.processNo, r.processName, r.partNo, r.partName, r.supplierName], keyword) ||
        containsAny([CATEGORY_NAMES[r.category]!], keyword)) &&
      containsAny([r.partNo], textOf(req.partNo)) &&
      inPartNos(r.partNo, req.partNos) &&
      containsAny([r.processName], textOf(req.processName)) &&
      inList(r.category, req.category) &&
      containsAny([r.supplierCode, r.supplierName], textOf(req.supplier)) &&
      inList(r.status, req.status) &&
      inRange(r.unitPrice, req.minPrice, req.maxPrice) &&
      validToIn(r.validTo, req) &&
      (day === undefined || (r.validFrom <= day && (r.validTo === null || r.validTo >= day))),
  );
  return sortRows(rows, req.sort, { updatedAt: 'descend' });
}

export function processPage(req: ListRequest): ListAnswer<ProcessRow> {
  return page(processMatches(req), req);
}

// ---------------------------------------------------------------------------------------------
// POST /api/query/pricing-details

export function pricingById(id: number): PricingRow | undefined {
  return seed.pricing.find((r) => r.id === id);
}

/** The part's approved pricing with the latest pricedAt (the higher id should two ever tie). */
export function latestApproved(partNo: string): PricingRow | undefined {
  return seed.pricing
    .filter((r) => r.partNo === partNo && r.status === 'approved')
    .reduce<PricingRow | undefined>(
      (best, r) => (!best || r.pricedAt > best.pricedAt || (r.pricedAt === best.pricedAt && r.id > best.id) ? r : best),
      undefined,
    );
}

/** The whole `data` of a details answer, the summary added up in whole ten-thousandths. */
export function detailsOf(pricing: PricingRow) {
  const details = seed.details.get(pricing.id) ?? [];
  const units = (n: number) => Math.round(n * 10_000);
  const byType = Object.fromEntries(COST_TYPES.map((t) => [t, 0])) as Record<CostType, number>;
  for (const l of details) byType[l.costType] += units(l.amount);
  const totalUnits = COST_TYPES.reduce((s, t) => s + byType[t], 0);
  const diffUnits = units(pricing.unitPrice) - totalUnits;
  return {
    pricing,
    details,
    summary: {
      byCostType: Object.fromEntries(COST_TYPES.map((t) => [t, byType[t] / 10_000])) as Record<CostType, number>,
      detailTotal: totalUnits / 10_000,
      unitPrice: pricing.unitPrice,
      difference: diffUnits / 10_000,
      consistent: Math.abs(diffUnits) < 1,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// POST /api/query/bom-price

/** A part's price on `day`: its pricing in force with the latest pricedAt, then the higher id. */
export function priceOn(partNo: string, day: string): PricingRow | undefined {
  return seed.pricing
    .filter((p) => p.partNo === partNo && inForceOn(p, day))
    .reduce<PricingRow | undefined>(
      (best, p) => (!best || p.pricedAt > best.pricedAt || (p.pricedAt === best.pricedAt && p.id > best.id) ? p : best),
      undefined,
    );
}

export interface ExchangeRateRow {
  id: number;
  currency: string;
  rateToCny: number;
  validFrom: string;
  nextValidFrom: string | null;
  source: string | null;
  updatedAt: string;
}

/** A currency's rate on `day`: its row with the latest validFrom ≤ day, then the higher id. */
export function rateOn(currency: string, day: string): ExchangeRateRow | undefined {
  return seed.exchangeRates
    .filter((r) => r.currency === currency && r.validFrom <= day)
    .reduce<ExchangeRateRow | undefined>(
      (best, r) => (!best || r.validFrom > best.validFrom || (r.validFrom === best.validFrom && r.id > best.id) ? r : best),
      undefined,
    );
}

/** A decimal number as whole units of 10^-places (the number's shortest text, as written). */
function unitsOf(value: number, places: number): bigint {
  const [whole, fraction = ''] = value.toFixed(places + 2).split('.');
  const digits = BigInt(whole! + fraction.slice(0, places));
  return digits; // toFixed(places + 2) of a value with ≤ places decimals ends in zeros
}

/** a / b rounded half away from zero (positive b). */
function roundDiv(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const x = negative ? -a : a;
  let q = x / b;
  if ((x % b) * 2n >= b) q += 1n;
  return negative ? -q : q;
}

const numberOf = (u: bigint, places: number): number => {
  const negative = u < 0n;
  const text = (negative ? -u : u).toString().padStart(places + 1, '0');
  const v = Number(`${text.slice(0, -places)}.${text.slice(-places)}`);
  return negative ? -v : v;
};

export interface BomOptions {
  rule?: 'latest' | 'lowest' | 'highest' | 'preferred';
  suppliers?: string[];
  reportCurrency?: string;
  rates?: Record<string, number>;
}

/**
 * The rule-aware, converting BOM of the price-rules issue, computed from the seed alone: CNY per unit
 * of each currency on the day (what-if first), cross rates as quotients to 8 places, amounts
 * quantity × price × rate rounded once to 4 places.
 */
export function bomPriceWithRules(lines: readonly { partNo: string; quantity: number }[], day: string, o: BomOptions = {}) {
  const rule = o.rule ?? 'latest';
  const used = new Map<string, { currency: string; rateToCny: number; rateDate: string | null; source: string }>();
  const missing = new Set<string>();
  const cny = (c: string): { u: bigint; date: string | null; source: string | null } | null => {
    if (c === 'CNY') return { u: 100_000_000n, date: null, source: null };
    if (o.rates && c in o.rates) {
      used.set(c, { currency: c, rateToCny: o.rates[c]!, rateDate: null, source: 'what-if' });
      return { u: unitsOf(o.rates[c]!, 8), date: null, source: 'what-if' };
    }
    const r = rateOn(c, day);
    if (!r) {
      missing.add(c);
      return null;
    }
    used.set(c, { currency: c, rateToCny: r.rateToCny, rateDate: r.validFrom, source: 'table' });
    return { u: unitsOf(r.rateToCny, 8), date: r.validFrom, source: 'table' };
  };
  const factor = (from: string, to: string) => {
    if (from === to) return { u: 100_000_000n, date: null as string | null, source: null as string | null };
    const [f, t] = [cny(from), cny(to)];
    if (!f || !t) return null;
    const u = to === 'CNY' ? f.u : roundDiv(f.u * 100_000_000n, t.u);
    const dates = [f.date, t.date].filter((d) => d !== null).sort();
    return {
      u,
      date: dates.length ? dates[dates.length - 1]! : null,
      source: f.source === 'what-if' || t.source === 'what-if' ? 'what-if' : 'table',
    };
  };
  const parts = new Set(seed.partNos);
  const later = (a: PricingRow, b: PricingRow) => a.pricedAt > b.pricedAt || (a.pricedAt === b.pricedAt && a.id > b.id);
  const latestOf = (rs: PricingRow[]) => rs.reduce((best, r) => (later(r, best) ? r : best));
  const totals = new Map<string, { lines: number; amount: bigint; amountWithTax: bigint }>();
  const report = { lines: 0, amount: 0n, amountWithTax: 0n, without: 0, whatIf: false, table: false };
  const price4 = (v: number) => BigInt(Math.round(v * 10_000));

  const answered = lines.map((l, i) => {
    const partNo = l.partNo.trim();
    const inForce = seed.pricing.filter((p) => p.partNo === partNo && inForceOn(p, day));
    const base = { lineNo: i + 1, partNo, quantity: l.quantity, inForce: inForce.length };
    const none = { rate: null, rateDate: null, rateSource: null, amountInReportCurrency: null, amountWithTaxInReportCurrency: null };
    if (inForce.length === 0) {
      return {
        ...base,
        result: parts.has(partNo) ? 'no-price' : 'unknown-part',
        suggestion: parts.has(partNo) ? null : meantAs(partNo, parts),
        pricing: null,
        amount: null,
        amountWithTax: null,
        chosenBy: null,
        comparedIn: null,
        minUnitPrice: null,
        maxUnitPrice: null,
        ...none,
      };
    }
    const latest = latestOf(inForce);
    const currencies = new Set(inForce.map((p) => p.currency));
    const comparedIn = o.reportCurrency ?? (currencies.size === 1 ? latest.currency : 'CNY');
    const shown = inForce.map((p) => {
      const f = factor(p.currency, comparedIn);
      return f && roundDiv(price4(p.unitPrice) * f.u, 100_000_000n);
    });
    const known = shown.every((v): v is bigint => v !== null) ? shown : null;
    let chosen = latest;
    let chosenBy = 'latest';
    if (rule === 'preferred') {
      const s = (o.suppliers ?? []).find((code) => inForce.some((p) => p.supplierCode === code));
      chosen = s === undefined ? latest : latestOf(inForce.filter((p) => p.supplierCode === s));
      chosenBy = s === undefined ? 'fallback-latest' : 'preferred';
    } else if (rule === 'lowest' || rule === 'highest') {
      const value = (p: PricingRow) => {
        if (currencies.size === 1) return price4(p.unitPrice);
        const r = cny(p.currency);
        return r && price4(p.unitPrice) * r.u;
      };
      const values = inForce.map(value);
      if (values.some((v) => v === null)) {
        chosenBy = 'fallback-latest';
      } else {
        chosenBy = rule;
        const sign = rule === 'lowest' ? 1n : -1n;
        chosen = inForce.reduce((best, p, k) => {
          const d = (values[k]! - values[inForce.indexOf(best)]!) * sign;
          return d < 0n || (d === 0n && later(p, best)) ? p : best;
        });
      }
    }
    const q = price4(l.quantity);
    const amount = roundDiv(q * price4(chosen.unitPrice), 10_000n);
    const amountWithTax = roundDiv(q * price4(chosen.unitPriceWithTax), 10_000n);
    const t = totals.get(chosen.currency) ?? { lines: 0, amount: 0n, amountWithTax: 0n };
    totals.set(chosen.currency, { lines: t.lines + 1, amount: t.amount + amount, amountWithTax: t.amountWithTax + amountWithTax });
    let converted: Record<string, unknown> = none;
    if (o.reportCurrency) {
      const f = factor(chosen.currency, o.reportCurrency);
      if (f) {
        const a = roundDiv(q * price4(chosen.unitPrice) * f.u, 1_000_000_000_000n);
        const aw = roundDiv(q * price4(chosen.unitPriceWithTax) * f.u, 1_000_000_000_000n);
        report.lines++;
        report.amount += a;
        report.amountWithTax += aw;
        if (f.source === 'what-if') report.whatIf = true;
        if (f.source === 'table') report.table = true;
        converted = {
          rate: numberOf(f.u, 8),
          rateDate: f.date,
          rateSource: f.source,
          amountInReportCurrency: numberOf(a, 4),
          amountWithTaxInReportCurrency: numberOf(aw, 4),
        };
      } else {
        report.without++;
      }
    }
    return {
      ...base,
      result: 'priced',
      suggestion: null,
      pricing: chosen,
      amount: numberOf(amount, 4),
      amountWithTax: numberOf(amountWithTax, 4),
      chosenBy,
      comparedIn: known ? comparedIn : null,
      minUnitPrice: known
        ? numberOf(
            known.reduce((a, b) => (b < a ? b : a)),
            4,
          )
        : null,
      maxUnitPrice: known
        ? numberOf(
            known.reduce((a, b) => (b > a ? b : a)),
            4,
          )
        : null,
      ...converted,
    };
  });
  return {
    on: day,
    rule,
    suppliers: rule === 'preferred' ? (o.suppliers ?? []).map((c) => c.trim()) : null,
    reportCurrency: o.reportCurrency ?? null,
    rates: [...used.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    missingRates: [...missing].sort(),
    lines: answered,
    totals: [...totals]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, t]) => ({ currency, lines: t.lines, amount: numberOf(t.amount, 4), amountWithTax: numberOf(t.amountWithTax, 4) })),
    reportTotal: o.reportCurrency
      ? {
          currency: o.reportCurrency,
          lines: report.lines,
          amount: numberOf(report.amount, 4),
          amountWithTax: numberOf(report.amountWithTax, 4),
          linesWithoutRate: report.without,
          rateSource: report.whatIf ? 'what-if' : report.table ? 'table' : null,
        }
      : null,
  };
}

/** The whole `data` of a BOM answer with the default rule and no report currency. */
export function bomPrice(lines: readonly { partNo: string; quantity: number }[], day: string) {
  return bomPriceWithRules(lines, day);
}

// ---------------------------------------------------------------------------------------------
// The contract's error body

interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: { success?: unknown; code?: unknown; message?: unknown; requestId?: unknown; errors?: { path: string; message: string }[] };
}

/**
 * `{success: false, code, message, requestId[, errors]}` and nothing else: the message is Chinese,
 * requestId is the response's X-Request-Id, and `errors` (validation only) names exactly `paths`.
 */
export function expectErrorBody(res: ErrorResponse, status: number, code: string, paths?: readonly string[]): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(Object.keys(res.body)).to.deep.equal(['success', 'code', 'message', 'requestId', ...(paths ? ['errors'] : [])]);
  expect(res.body.success).to.equal(false);
  expect(res.body.code).to.equal(code);
  expect(res.body.message)
    .to.be.a('string')
    .and.match(/\p{Script=Han}/u);
  expect(res.body.requestId).to.be.a('string').and.equal(res.headers['x-request-id']);
  if (paths) {
    const errors = res.body.errors!;
    expect(errors.map((e) => e.path))
      .to.have.members([...paths])
      .and.have.lengthOf(paths.length);
    for (const e of errors) {
      expect(Object.keys(e)).to.deep.equal(['path', 'message']);
      expect(e.message).to.be.a('string').and.not.equal('');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Walking every page of a list operation

type Post = (path: string, body: object) => Promise<{ status: number; body: { data: unknown[]; total: number } }>;

/**
 * All rows of a list query, page by page, until a page comes back empty; checks that every page
 * reports the same total and that the rows add up to it.
 */
export async function walkAllPages<T>(post: Post, path: string, body: object, pageSize = 200): Promise<T[]> {
  const rows: T[] = [];
  for (let current = 1; ; current++) {
    const res = await post(path, { ...body, current, pageSize });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    if (res.body.data.length === 0) {
      expect(rows).to.have.lengthOf(res.body.total);
      return rows;
    }
    expect(res.body.data.length).to.be.at.most(pageSize);
    rows.push(...(res.body.data as T[]));
  }
}

/**
 * The existing part number an unknown one was likely meant as (api.md: `suggestion`): the same
 * once made half-width (NFKC), stripped of invisible characters and spaces, as typed or in one case.
 */
export function meantAs(partNo: string, parts: ReadonlySet<string>): string | null {
  const plain = partNo
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .trim();
  return [plain, plain.toUpperCase(), plain.toLowerCase()].find((f) => f !== partNo && parts.has(f)) ?? null;
}
