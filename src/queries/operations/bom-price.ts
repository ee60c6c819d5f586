import type { Knex } from 'knex';
import type { BomResult, ChosenBy, PriceRule, RateSource } from '../../domain.js';
import type { QueryDeps } from '../deps.js';
import { joinParts, whereInForceOn, whereInList } from '../predicates.js';
import { run } from '../run.js';
import { mapRow, moneyUnits, selectColumns } from '../values.js';
import { joinPreviousApproved } from './pricing-change.js';
import { type PricingRow } from '../../resources/pricing.js';
import { PRICING_COLUMNS } from './pricing.js';
import { hasAnyRate, ratesInForce } from './exchange-rates.js';
import { BASE_CURRENCY, RateBook, type UsedRate } from './rate-book.js';
import { fromUnits, productUnits, scaledUnits, units } from '../exact.js';

export interface BomLineRequest {
  partNo: string;
  quantity: number;
}

export type BomLineResult = BomResult;

export interface BomOptions {
  day: string;
  rule: PriceRule;
  /** `preferred`: supplier codes, the most preferred first. */
  suppliers?: readonly string[];
  /** The currency of the one-currency figures; none: no conversion (lowest and highest compare in CNY). */
  reportCurrency?: string;
  /** Assumed rates (CNY for one unit) replacing the table's for this answer. */
  whatIf?: Readonly<Record<string, number>>;
}

export interface BomLine {
  lineNo: number;
  partNo: string;
  quantity: number;
  result: BomLineResult;
  /** An unknown part number's likely meaning: an existing one it differs from only in case, width or invisible characters. */
  suggestion: string | null;
  /** The chosen price in force on the BOM's day, as the list returns the row; null where not priced. */
  pricing: PricingRow | null;
  amount: number | null;
  amountWithTax: number | null;
  /** How many approved prices of the part were in force that day. */
  inForce: number;
  chosenBy: ChosenBy | null;
  /** The currency of minUnitPrice and maxUnitPrice. */
  comparedIn: string | null;
  minUnitPrice: number | null;
  maxUnitPrice: number | null;
  /** Report currency for one unit of the line's currency; 1 when they are the same. */
  rate: number | null;
  rateDate: string | null;
  rateSource: RateSource | null;
  amountInReportCurrency: number | null;
  amountWithTaxInReportCurrency: number | null;
}

export interface BomTotal {
  currency: string;
  lines: number;
  amount: number;
  amountWithTax: number;
}

export interface BomReportTotal extends BomTotal {
  /** Priced lines left out of this total because their currency had no rate on the day. */
  linesWithoutRate: number;
  /** 'what-if' when any line in it was converted at an assumed rate; null when none was converted. */
  rateSource: RateSource | null;
}

export interface BomPrice {
  on: string;
  rule: PriceRule;
  suppliers: string[] | null;
  reportCurrency: string | null;
  /** Every rate the answer used (conversions and comparisons), by currency. */
  rates: UsedRate[];
  /** Currencies the answer needed a rate of and had none on the day. */
  missingRates: string[];
  lines: BomLine[];
  totals: BomTotal[];
  reportTotal: BomReportTotal | null;
}

/** The ids of these part numbers (exact), in one statement however many. */
export function partsByNo(db: Knex, partNos: readonly string[]): Knex.QueryBuilder {
  return whereInList(db('parts').select('parts.id', 'parts.part_no'), 'parts.part_no', partNos);
}

/**
 * The forms a mistyped part number may have been meant as: full-width letters and digits made
 * half-width (NFKC), invisible characters dropped, then as typed, in upper and in lower case.
 */
export function partNoSpellings(partNo: string): string[] {
  const plain = partNo
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .trim();
  return [...new Set([plain, plain.toUpperCase(), plain.toLowerCase()])].filter((s) => s !== partNo && s !== '');
}

/** For each unknown part number, the existing one it was likely meant as (one statement for all), if any. */
async function suggestions(deps: QueryDeps, unknown: readonly string[]): Promise<Map<string, string>> {
  const spellings = new Map(unknown.map((no) => [no, partNoSpellings(no)]));
  const all = [...new Set([...spellings.values()].flat())];
  if (all.length === 0) return new Map();
  const existing = new Set((await run<{ part_no: string }[]>(deps, partsByNo(deps.db, all))).map((p) => p.part_no));
  const found = new Map<string, string>();
  for (const [no, forms] of spellings) {
    const match = forms.find((f) => existing.has(f));
    if (match !== undefined) found.set(no, match);
  }
  return found;
}

/**
 * The approved pricings of these parts in force on `day`, each with its place among its part's
 * (1 = the latest priced_at, then the higher id): read from pricing_part_status_priced_index alone
 * (it carries valid_from and valid_to, in the window's order within each part).
 */
function rankedInForce(db: Knex, partIds: Knex.QueryBuilder | readonly number[], day: string): Knex.QueryBuilder {
  const qb = whereInForceOn(
    db({ f: 'pricing' })
      .select('f.id')
      .select(db.raw('row_number() over (partition by ?? order by ?? desc, ?? desc) as ??', ['f.part_id', 'f.priced_at', 'f.id', 'place'])),
    day,
    'f',
  );
  return Array.isArray(partIds)
    ? whereInList(qb, 'f.part_id', partIds as readonly number[], 'integer')
    : qb.whereIn('f.part_id', partIds as Knex.QueryBuilder);
}

/**
 * Every approved price of these parts in force on `day`, with what the rules compare and its place
 * (rankedInForce), in one statement for all the parts: pricing_part_status_priced_index carries
 * currency, unit_price and supplier_code too, so no row is read.
 */
export function pricesInForce(db: Knex, partIds: readonly number[], day: string): Knex.QueryBuilder {
  return rankedInForce(db, partIds, day).select('f.part_id', 'f.supplier_code', 'f.currency', 'f.unit_price');
}

/** The list's rows (previous approved price and change rate included) of these pricings. */
export function pricingRows(db: Knex, ids: readonly number[]): Knex.QueryBuilder {
  const qb = db('pricing');
  joinParts(qb, 'pricing.part_id', { filtersOnParts: false });
  joinPreviousApproved(qb);
  return whereInList(selectColumns(qb, PRICING_COLUMNS), 'pricing.id', ids, 'integer');
}

interface Candidate {
  id: number;
  supplierCode: string;
  currency: string;
  price: bigint;
  /** Among its part's prices in force: 1 is the latest (priced_at, then id). */
  place: number;
}

const later = (a: Candidate, b: Candidate): boolean => a.place < b.place;
const latestOf = (cs: readonly Candidate[]): Candidate => cs.reduce((best, c) => (later(c, best) ? c : best));

interface Choice {
  chosen: Candidate;
  chosenBy: ChosenBy;
  comparedIn: string;
  min: bigint | null;
  max: bigint | null;
}

/**
 * One part's price under the rule. lowest and highest compare unit prices exactly: as they are when
 * all share a currency, else in CNY at the day's rates (the same order in any currency); a tie goes
 * to the latest. Without every rate they need they take the latest (fallback-latest). min and max
 * are in the report currency, else in the prices' own currency when they share one, else CNY.
 */
function choose(cands: readonly Candidate[], options: BomOptions, book: RateBook): Choice {
  const latest = latestOf(cands);
  const currencies = new Set(cands.map((c) => c.currency));
  const comparedIn = options.reportCurrency ?? (currencies.size === 1 ? latest.currency : BASE_CURRENCY);
  const shown = cands.map((c) => book.convert(c.price, c.currency, comparedIn));
  const known = shown.every((v): v is bigint => v !== null) ? shown : null;
  const min = known && known.reduce((a, b) => (b < a ? b : a));
  const max = known && known.reduce((a, b) => (b > a ? b : a));
  const result = (chosen: Candidate, chosenBy: ChosenBy): Choice => ({ chosen, chosenBy, comparedIn, min, max });

  if (options.rule === 'preferred') {
    for (const supplier of options.suppliers ?? []) {
      const theirs = cands.filter((c) => c.supplierCode === supplier);
      if (theirs.length > 0) return result(latestOf(theirs), 'preferred');
    }
    return result(latest, 'fallback-latest');
  }
  if (options.rule === 'latest') return result(latest, 'latest');

  // Exact values to compare: the price itself, or price × CNY rate (1e-12 units).
  const values = cands.map((c) => (currencies.size === 1 ? c.price : book.cnyValue(c.price, c.currency)));
  if (values.some((v) => v === null)) return result(latest, 'fallback-latest');
  const better = options.rule === 'lowest' ? (a: bigint, b: bigint) => a < b : (a: bigint, b: bigint) => a > b;
  let best = 0;
  for (let i = 1; i < cands.length; i++) {
    const [v, b] = [values[i]!, values[best]!];
    if (better(v, b) || (v === b && later(cands[i]!, cands[best]!))) best = i;
  }
  return result(cands[best]!, options.rule);
}

/**
 * Of the parts of these pricings, the pricing each would be priced at on `day` under `latest` (the
 * BOM's default rule), in one statement: the pricing list marks them (计价采用) when it lists the
 * prices in force on a day.
 */
export async function latestInForce(deps: QueryDeps, pricingIds: readonly number[], day: string): Promise<number[]> {
  if (pricingIds.length === 0) return [];
  const parts = whereInList(deps.db({ s: 'pricing' }).select('s.part_id'), 's.id', pricingIds, 'integer');
  const first = deps.db
    .from(rankedInForce(deps.db, parts, day).as('r'))
    .select('r.id')
    .where('r.place', 1)
    .orderBy('r.id');
  return (await run<{ id: number | string }[]>(deps, first)).map((r) => Number(r.id));
}

/** The answer when reportCurrency names a currency the table has never had a rate for. */
export interface UnknownCurrency {
  unknownCurrency: string;
}

/**
 * Prices a BOM on a day: every line's price in force under the rule, the amounts (quantity × unit
 * price, with and without tax, exact to 4 decimals), a total per currency and, with a report
 * currency, each amount converted and one total in it. A fixed number of statements whatever the
 * number of lines: the day's rates, the parts, their prices in force, the chosen rows.
 */
export async function priceBom(
  deps: QueryDeps,
  lines: readonly BomLineRequest[],
  options: BomOptions,
): Promise<BomPrice | UnknownCurrency> {
  const { day, reportCurrency } = options;
  const book = new RateBook(await ratesInForce(deps, day), options.whatIf ?? {});
  if (reportCurrency && !book.knows(reportCurrency) && !(await hasAnyRate(deps, reportCurrency))) {
    return { unknownCurrency: reportCurrency };
  }

  const partNos = [...new Set(lines.map((l) => l.partNo))];
  const parts = await run<{ id: number | string; part_no: string }[]>(deps, partsByNo(deps.db, partNos));
  const partIdByNo = new Map(parts.map((p) => [p.part_no, Number(p.id)]));
  const suggested = await suggestions(
    deps,
    partNos.filter((no) => !partIdByNo.has(no)),
  );
  const found =
    partIdByNo.size === 0 ? [] : await run<Record<string, unknown>[]>(deps, pricesInForce(deps.db, [...partIdByNo.values()], day));
  const candidatesByPart = new Map<number, Candidate[]>();
  for (const r of found) {
    const partId = Number(r.part_id);
    const list = candidatesByPart.get(partId) ?? [];
    list.push({
      id: Number(r.id),
      supplierCode: String(r.supplier_code),
      currency: String(r.currency),
      price: moneyUnits(r.unit_price),
      place: Number(r.place),
    });
    candidatesByPart.set(partId, list);
  }
  const choices = new Map([...candidatesByPart].map(([partId, cands]) => [partId, choose(cands, options, book)]));
  const ids = [...new Set([...choices.values()].map((c) => c.chosen.id))];
  const rows = ids.length === 0 ? [] : await run<Record<string, unknown>[]>(deps, pricingRows(deps.db, ids));
  const rowById = new Map(rows.map((r) => mapRow<PricingRow>(PRICING_COLUMNS, r)).map((row) => [row.id, row] as const));

  const totals = new Map<string, { lines: number; amount: bigint; amountWithTax: bigint }>();
  const report = { lines: 0, amount: 0n, amountWithTax: 0n, linesWithoutRate: 0, sources: new Set<RateSource>() };
  const priced = lines.map((line, i): BomLine => {
    const partId = partIdByNo.get(line.partNo);
    const choice = partId === undefined ? undefined : choices.get(partId);
    const pricing = choice ? (rowById.get(choice.chosen.id) ?? null) : null;
    const inForce = partId === undefined ? 0 : (candidatesByPart.get(partId)?.length ?? 0);
    if (!choice || !pricing) {
      const result = partId === undefined ? 'unknown-part' : 'no-price';
      const suggestion = suggested.get(line.partNo) ?? null;
      return { lineNo: i + 1, partNo: line.partNo, quantity: line.quantity, inForce, result, suggestion, pricing: null, ...UNPRICED };
    }
    const amount = productUnits(line.quantity, pricing.unitPrice);
    const amountWithTax = productUnits(line.quantity, pricing.unitPriceWithTax);
    let total = totals.get(pricing.currency);
    if (!total) totals.set(pricing.currency, (total = { lines: 0, amount: 0n, amountWithTax: 0n }));
    total.lines += 1;
    total.amount += amount;
    total.amountWithTax += amountWithTax;

    const factor = reportCurrency ? book.factor(pricing.currency, reportCurrency) : null;
    let inReport: bigint | null = null;
    let withTaxInReport: bigint | null = null;
    if (factor) {
      // quantity × price × rate: 1e-4 × 1e-4 × 1e-8, rounded once to 1e-4 (the same amount at a rate of 1).
      const same = factor.units === ONE;
      inReport = same ? amount : scaledUnits(units(line.quantity) * units(pricing.unitPrice) * factor.units, 12);
      withTaxInReport = same ? amountWithTax : scaledUnits(units(line.quantity) * units(pricing.unitPriceWithTax) * factor.units, 12);
      report.lines += 1;
      report.amount += inReport;
      report.amountWithTax += withTaxInReport;
      if (factor.source) report.sources.add(factor.source);
    } else if (reportCurrency) {
      report.linesWithoutRate += 1;
    }
    const compared = choice.min !== null;
    return {
      lineNo: i + 1,
      partNo: line.partNo,
      quantity: line.quantity,
      inForce,
      result: 'priced',
      suggestion: null,
      pricing,
      amount: fromUnits(amount, 4),
      amountWithTax: fromUnits(amountWithTax, 4),
      chosenBy: choice.chosenBy,
      comparedIn: compared ? choice.comparedIn : null,
      minUnitPrice: compared ? fromUnits(choice.min!, 4) : null,
      maxUnitPrice: compared ? fromUnits(choice.max!, 4) : null,
      rate: factor && fromUnits(factor.units, 8),
      rateDate: factor && factor.rateDate,
      rateSource: factor && factor.source,
      amountInReportCurrency: inReport === null ? null : fromUnits(inReport, 4),
      amountWithTaxInReportCurrency: withTaxInReport === null ? null : fromUnits(withTaxInReport, 4),
    };
  });
  return {
    on: day,
    rule: options.rule,
    suppliers: options.rule === 'preferred' ? [...(options.suppliers ?? [])] : null,
    reportCurrency: reportCurrency ?? null,
    rates: book.used(),
    missingRates: book.missing(),
    lines: priced,
    totals: [...totals]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, t]) => ({ currency, lines: t.lines, amount: fromUnits(t.amount, 4), amountWithTax: fromUnits(t.amountWithTax, 4) })),
    reportTotal: reportCurrency
      ? {
          currency: reportCurrency,
          lines: report.lines,
          amount: fromUnits(report.amount, 4),
          amountWithTax: fromUnits(report.amountWithTax, 4),
          linesWithoutRate: report.linesWithoutRate,
          rateSource: report.sources.has('what-if') ? 'what-if' : report.sources.has('table') ? 'table' : null,
        }
      : null,
  };
}

/** What an unpriced line says beyond its request and result. */
const UNPRICED = {
  amount: null,
  amountWithTax: null,
  chosenBy: null,
  comparedIn: null,
  minUnitPrice: null,
  maxUnitPrice: null,
  rate: null,
  rateDate: null,
  rateSource: null,
  amountInReportCurrency: null,
  amountWithTaxInReportCurrency: null,
} as const;

/** 1 in hundred-millionths: a factor between a currency and itself. */
const ONE = 100_000_000n;
