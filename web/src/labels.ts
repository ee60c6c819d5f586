/** Chinese names of the contract's codes (the values the API sends stay English). */
import type { CostType, PricingRow, SecondaryProcessRow } from './api/services';

type Status = 'default' | 'processing' | 'success' | 'error' | 'warning';
type ValueEnum<K extends string> = Record<K, { text: string; status: Status }>;

export const PRICING_STATUS: ValueEnum<PricingRow['status']> = {
  draft: { text: '草稿', status: 'default' },
  pending: { text: '待审核', status: 'processing' },
  approved: { text: '已批准', status: 'success' },
  rejected: { text: '已驳回', status: 'error' },
  expired: { text: '已过期', status: 'warning' },
};

export const PROCESS_STATUS: ValueEnum<SecondaryProcessRow['status']> = {
  active: { text: '有效', status: 'success' },
  inactive: { text: '停用', status: 'default' },
};

export const PROCESS_CATEGORY: Record<SecondaryProcessRow['category'], { text: string }> = {
  plating: { text: '电镀' },
  heat_treatment: { text: '热处理' },
  painting: { text: '喷涂' },
  anodizing: { text: '阳极氧化' },
  machining: { text: '机加工' },
  welding: { text: '焊接' },
  other: { text: '其他' },
};

export const PRICE_BASIS: Record<SecondaryProcessRow['priceBasis'], string> = {
  piece: '按件',
  kg: '按重量（kg）',
  dm2: '按面积（dm²）',
  batch: '按批',
};

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
