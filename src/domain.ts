/** The closed vocabularies of the data model (api.md), shared by schemas, queries and seeds. */
export const PRICING_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'expired'] as const;
export const COST_TYPES = ['material', 'process', 'secondary_process', 'other', 'management_fee', 'profit'] as const;
export const PROCESS_CATEGORIES = ['plating', 'heat_treatment', 'painting', 'anodizing', 'machining', 'welding', 'other'] as const;
export const PRICE_BASES = ['piece', 'kg', 'dm2', 'batch'] as const;
export const PROCESS_STATUSES = ['active', 'inactive'] as const;

export type PricingStatus = (typeof PRICING_STATUSES)[number];
export type CostType = (typeof COST_TYPES)[number];
export type ProcessCategory = (typeof PROCESS_CATEGORIES)[number];
export type PriceBasis = (typeof PRICE_BASES)[number];
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

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

/**
 * The Chinese name of each row field: the export's column header, the OpenAPI description
 * (src/schemas/responses.ts, which also checks that every field has one) and the page's column title.
 */
export const PRICING_ROW_LABELS = {
  id: 'ID',
  pricingNo: '核价单号',
  partNo: '物料编码',
  partName: '物料名称',
  spec: '规格型号',
  material: '材质',
  unit: '单位',
  supplierCode: '供应商编码',
  supplierName: '供应商名称',
  currency: '币种',
  materialCost: '材料费',
  processCost: '加工费',
  secondaryProcessCost: '二次加工费',
  otherCost: '其他费用',
  managementFee: '管理费',
  profit: '利润',
  unitPrice: '未税单价',
  taxRate: '税率',
  unitPriceWithTax: '含税单价',
  previousApprovedPricingNo: '上次批准核价单号',
  previousApprovedPrice: '上次批准单价',
  changeRate: '较上次批准变动率',
  status: '状态',
  pricedBy: '核价员',
  pricedAt: '核价时间',
  validFrom: '生效日期',
  validTo: '失效日期',
  remark: '备注',
  updatedAt: '更新时间',
} as const;

export const SECONDARY_PROCESS_ROW_LABELS = {
  id: 'ID',
  processNo: '加工单号',
  partNo: '物料编码',
  partName: '物料名称',
  processName: '加工名称',
  category: '加工类别',
  supplierCode: '供应商编码',
  supplierName: '供应商名称',
  priceBasis: '计价方式',
  unitPrice: '单价',
  currency: '币种',
  leadTimeDays: '交期（天）',
  status: '状态',
  validFrom: '生效日期',
  validTo: '失效日期',
  remark: '备注',
  updatedAt: '更新时间',
} as const;

/** A pricing's cost lines (pricing-details). */
export const DETAIL_LINE_LABELS = {
  lineNo: '行号',
  costType: '费用类型',
  itemName: '项目名称',
  spec: '规格',
  quantity: '用量',
  unit: '单位',
  unitPrice: '单价',
  amount: '金额',
  remark: '备注',
} as const;
