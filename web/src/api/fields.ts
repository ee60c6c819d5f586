// Generated from src/resources by `npm run web:api-types`: do not edit by hand.

/** The Chinese name of each row field: also the export header and the OpenAPI description. */
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

/** The Chinese name of each row field: also the export header and the OpenAPI description. */
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

/** The Chinese name of each row field: also the export header and the OpenAPI description. */
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

/** The Chinese name of each row field: also the export header and the OpenAPI description. */
export const EXCHANGE_RATE_ROW_LABELS = {
  id: 'ID',
  currency: '币种',
  rateToCny: '汇率（人民币/单位外币）',
  validFrom: '生效日期',
  nextValidFrom: '下一汇率生效日期',
  source: '来源',
  updatedAt: '更新时间',
} as const;

/** The sortable fields in the contract’s order: the highest sort priority first. */
export const PRICING_SORT_FIELDS = ['pricedAt', 'unitPrice', 'pricingNo', 'partNo', 'updatedAt', 'changeRate'] as const;

/** The sortable fields in the contract’s order: the highest sort priority first. */
export const SECONDARY_PROCESS_SORT_FIELDS = ['updatedAt', 'unitPrice', 'processName', 'partNo', 'validFrom'] as const;

/** The sortable fields in the contract’s order: the highest sort priority first. */
export const EXCHANGE_RATE_SORT_FIELDS = ['validFrom', 'currency', 'rateToCny', 'updatedAt'] as const;

/** The filters of the request body: what the page sends of its search form. */
export const PRICING_FILTER_FIELDS = [
  'keyword',
  'pricingNo',
  'partNo',
  'partNos',
  'partName',
  'supplier',
  'pricedBy',
  'status',
  'pricedFrom',
  'pricedTo',
  'minPrice',
  'maxPrice',
  'minChangeRate',
  'maxChangeRate',
  'inForceOn',
  'validToFrom',
  'validToTo',
] as const;

/** The filters of the request body: what the page sends of its search form. */
export const SECONDARY_PROCESS_FILTER_FIELDS = [
  'keyword',
  'partNo',
  'partNos',
  'processName',
  'category',
  'supplier',
  'status',
  'minPrice',
  'maxPrice',
  'validOn',
  'validToFrom',
  'validToTo',
] as const;

/** The filters of the request body: what the page sends of its search form. */
export const EXCHANGE_RATE_FILTER_FIELDS = ['currency', 'validFromFrom', 'validFromTo', 'on'] as const;

/** Each filter's short Chinese name (its OpenAPI title): how a message names a field the service refused. */
export const PRICING_FILTER_TITLES = {
  keyword: '关键字',
  pricingNo: '核价单号',
  partNo: '物料编码',
  partNos: '批量物料编码',
  partName: '物料名称',
  supplier: '供应商',
  pricedBy: '核价员',
  status: '核价状态',
  pricedFrom: '核价日期起',
  pricedTo: '核价日期止',
  minPrice: '未税单价下限',
  maxPrice: '未税单价上限',
  minChangeRate: '较上次变动率下限',
  maxChangeRate: '较上次变动率上限',
  inForceOn: '有效日',
  validToFrom: '失效日期起',
  validToTo: '失效日期止',
} as const;

/** Each filter's short Chinese name (its OpenAPI title): how a message names a field the service refused. */
export const SECONDARY_PROCESS_FILTER_TITLES = {
  keyword: '关键字',
  partNo: '物料编码',
  partNos: '批量物料编码',
  processName: '加工名称',
  category: '加工类别',
  supplier: '供应商',
  status: '状态',
  minPrice: '单价下限',
  maxPrice: '单价上限',
  validOn: '有效日',
  validToFrom: '失效日期起',
  validToTo: '失效日期止',
} as const;

/** Each filter's short Chinese name (its OpenAPI title): how a message names a field the service refused. */
export const EXCHANGE_RATE_FILTER_TITLES = {
  currency: '币种',
  validFromFrom: '生效日期起',
  validFromTo: '生效日期止',
  on: '有效日',
} as const;
