/** Chinese names of the contract's codes (the values the API sends stay English). */
import {
  BOM_RESULT_LABELS,
  CHOSEN_BY_LABELS,
  PRICE_BASIS_LABELS,
  PRICE_RULE_LABELS,
  PRICING_STATUS_LABELS,
  PROCESS_CATEGORY_LABELS,
  PROCESS_STATUS_LABELS,
  RATE_SOURCE_LABELS,
} from '../../src/domain';
import { PRICING_ROW_LABELS } from './api/fields';
import type { BomChosenBy, BomResult, BomRule, CostType, LineComparison, PricingRow, SecondaryProcessRow } from './api/services';

type Status = 'default' | 'processing' | 'success' | 'error' | 'warning';
type ValueEnum<K extends string> = Record<K, { text: string; status: Status }>;

// The service's own names (src/domain.ts, what the CSV and xlsx exports show), so that the page and
// the files the staff download never call a code two things. The page adds only the badge colours.
const named = <K extends string>(labels: Record<K, string>, status: Record<K, Status>): ValueEnum<K> =>
  Object.fromEntries(Object.entries<string>(labels).map(([k, text]) => [k, { text, status: status[k as K] }])) as ValueEnum<K>;

export const PRICING_STATUS: ValueEnum<PricingRow['status']> = named(PRICING_STATUS_LABELS, {
  draft: 'default',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  expired: 'warning',
});

export const PROCESS_STATUS: ValueEnum<SecondaryProcessRow['status']> = named(PROCESS_STATUS_LABELS, {
  active: 'success',
  inactive: 'default',
});

export const PROCESS_CATEGORY: Record<SecondaryProcessRow['category'], { text: string }> = Object.fromEntries(
  Object.entries(PROCESS_CATEGORY_LABELS).map(([k, text]) => [k, { text }]),
) as Record<SecondaryProcessRow['category'], { text: string }>;

/**
 * A stored code's name and badge colour; a code the page does not know (the tables are written by
 * another system) shows as itself rather than breaking the page.
 */
function lookup<K extends string>(names: Record<K, { text: string; status?: Status }>, code: string): { text: string; status: Status } {
  const hit = (names as Record<string, { text: string; status?: Status } | undefined>)[code];
  return hit ? { text: hit.text, status: hit.status ?? 'default' } : { text: code, status: 'default' };
}

export const pricingStatus = (code: string) => lookup(PRICING_STATUS, code);
export const processStatus = (code: string) => lookup(PROCESS_STATUS, code);
export const processCategory = (code: string) => lookup(PROCESS_CATEGORY, code);

export const PRICE_BASIS: Record<SecondaryProcessRow['priceBasis'], string> = PRICE_BASIS_LABELS;

/**
 * A column of a row field, titled with the service's name for it (api/fields.ts, generated from
 * src/resources; also the export's header and the OpenAPI description):
 * `{ ...titled(PRICING_ROW_LABELS, 'partNo'), sorter }`.
 */
export const titled = <K extends string>(labels: Readonly<Record<K, string>>, dataIndex: K) => ({ title: labels[dataIndex], dataIndex });

/** In the order the chart stacks them; each named as the pricing's column of that cost. */
export const COST_TYPES: { key: CostType; label: string; color: string }[] = [
  { key: 'material', label: PRICING_ROW_LABELS.materialCost, color: '#1d4ed8' },
  { key: 'process', label: PRICING_ROW_LABELS.processCost, color: '#0f766e' },
  { key: 'secondary_process', label: PRICING_ROW_LABELS.secondaryProcessCost, color: '#b45309' },
  { key: 'other', label: PRICING_ROW_LABELS.otherCost, color: '#7c3aed' },
  { key: 'management_fee', label: PRICING_ROW_LABELS.managementFee, color: '#be123c' },
  { key: 'profit', label: PRICING_ROW_LABELS.profit, color: '#4d7c0f' },
];

export const COST_TYPE_LABEL = Object.fromEntries(COST_TYPES.map((c) => [c.key, c.label])) as Record<CostType, string>;

/** 批量核价's result of a line, named as the BOM export names it. */
export const BOM_RESULT: ValueEnum<BomResult> = named(BOM_RESULT_LABELS, {
  priced: 'success',
  'no-price': 'warning',
  'unknown-part': 'error',
});

/** 批量核价's 计价规则: which of a part's prices in force a line takes (the export names them alike). */
export const PRICE_RULE: Record<BomRule, string> = PRICE_RULE_LABELS;

/**
 * 批量核价's 选取方式 of a line; `warn`: the rule could not choose (a rate missing for the comparison,
 * or none of the preferred suppliers has a price) and the line took the latest price instead.
 */
export const CHOSEN_BY: Record<NonNullable<BomChosenBy>, { text: string; warn: boolean }> = Object.fromEntries(
  Object.entries<string>(CHOSEN_BY_LABELS).map(([k, text]) => [k, { text, warn: k === 'fallback-latest' }]),
) as Record<NonNullable<BomChosenBy>, { text: string; warn: boolean }>;

/** Where a rate came from: the exchange-rate table, or a what-if rate typed for this run (假设汇率). */
export const RATE_SOURCE: Record<'table' | 'what-if', string> = RATE_SOURCE_LABELS;

/** Beside an approved pricing's status in 核价查询: its validity does not cover today. */
export const VALIDITY_NOTE = { ended: '已过期', notYet: '未生效' } as const;

/** 报价对比: a line on one side only, marked in words: new in this pricing (blue), or gone from it. */
export const COMPARE_SIDE: Record<LineComparison['side'], { text: string; color?: string } | null> = {
  both: null,
  pricing: { text: '仅本条有', color: 'blue' },
  base: { text: '仅基准有' },
};

/** 批量物料编码: a pasted code that no row of the list's filters has. */
export const PART_NO_NOT_FOUND = '未找到';
