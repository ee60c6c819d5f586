/** Chinese names of the contract's codes (the values the API sends stay English). */
import { PRICE_BASIS_LABELS, PRICING_STATUS_LABELS, PROCESS_CATEGORY_LABELS, PROCESS_STATUS_LABELS } from '../../src/domain';
import type { CostType, PricingRow, SecondaryProcessRow } from './api/services';

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

export const PRICE_BASIS: Record<SecondaryProcessRow['priceBasis'], string> = PRICE_BASIS_LABELS;

/** In the order the chart stacks them. */
export const COST_TYPES: { key: CostType; label: string; color: string }[] = [
  { key: 'material', label: '材料费', color: '#1d4ed8' },
  { key: 'process', label: '加工费', color: '#0f766e' },
  { key: 'secondary_process', label: '二次加工费', color: '#b45309' },
  { key: 'other', label: '其他费用', color: '#7c3aed' },
  { key: 'management_fee', label: '管理费', color: '#be123c' },
  { key: 'profit', label: '利润', color: '#4d7c0f' },
];

export const COST_TYPE_LABEL = Object.fromEntries(COST_TYPES.map((c) => [c.key, c.label])) as Record<CostType, string>;
