/** The closed vocabularies of the data model (api.md), shared by schemas, queries and seeds. */
export const PRICING_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'expired'] as const;
export const COST_TYPES = ['material', 'process', 'secondary_process', 'other', 'management_fee', 'profit'] as const;
export const PROCESS_CATEGORIES = ['plating', 'heat_treatment', 'painting', 'anodizing', 'machining', 'welding', 'other'] as const;
export const PRICE_BASES = ['piece', 'kg', 'dm2', 'batch'] as const;
export const PROCESS_STATUSES = ['active', 'inactive'] as const;
/** A line of a priced BOM (批量核价): priced, the part without a price that day, no such part. */
export const BOM_RESULTS = ['priced', 'no-price', 'unknown-part'] as const;
/** Which of a part's prices in force on a day a BOM line takes. */
export const PRICE_RULES = ['latest', 'lowest', 'highest', 'preferred'] as const;
/** How a line's price was chosen: by the rule, or by latest when the rule could not choose. */
export const CHOSEN_BY = ['latest', 'lowest', 'highest', 'preferred', 'fallback-latest'] as const;
/** Where a rate came from: the finance system's table, or the caller's assumption. */
export const RATE_SOURCES = ['table', 'what-if'] as const;

export type PricingStatus = (typeof PRICING_STATUSES)[number];
export type CostType = (typeof COST_TYPES)[number];
export type ProcessCategory = (typeof PROCESS_CATEGORIES)[number];
export type PriceBasis = (typeof PRICE_BASES)[number];
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];
export type BomResult = (typeof BOM_RESULTS)[number];
export type PriceRule = (typeof PRICE_RULES)[number];
export type ChosenBy = (typeof CHOSEN_BY)[number];
export type RateSource = (typeof RATE_SOURCES)[number];

/**
 * How the pricing staff name each code (exports show these; JSON keeps the codes). A missing or
 * extra code stops compilation.
 */
export const PRICING_STATUS_LABELS = {
  draft: '草稿',
  pending: '待审核',
  approved: '已批准',
  rejected: '已驳回',
  expired: '已失效',
} as const satisfies Record<PricingStatus, string>;

export const PROCESS_CATEGORY_LABELS = {
  plating: '电镀',
  heat_treatment: '热处理',
  painting: '喷涂',
  anodizing: '阳极氧化',
  machining: '机加工',
  welding: '焊接',
  other: '其他',
} as const satisfies Record<ProcessCategory, string>;

export const PRICE_BASIS_LABELS = {
  piece: '按件',
  kg: '按重量（kg）',
  dm2: '按面积（dm²）',
  batch: '按批',
} as const satisfies Record<PriceBasis, string>;

export const PROCESS_STATUS_LABELS = {
  active: '有效',
  inactive: '停用',
} as const satisfies Record<ProcessStatus, string>;

export const PRICE_RULE_LABELS = {
  latest: '最新核价',
  lowest: '最低价',
  highest: '最高价',
  preferred: '优先供应商',
} as const satisfies Record<PriceRule, string>;

export const CHOSEN_BY_LABELS = {
  ...PRICE_RULE_LABELS,
  'fallback-latest': '按最新核价（规则无法选择）',
} as const satisfies Record<ChosenBy, string>;

export const RATE_SOURCE_LABELS = { table: '汇率表', 'what-if': '假设汇率' } as const satisfies Record<RateSource, string>;

export const BOM_RESULT_LABELS = {
  priced: '已定价',
  'no-price': '无有效价格',
  'unknown-part': '物料不存在',
} as const satisfies Record<BomResult, string>;
