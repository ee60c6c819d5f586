import { z } from 'zod';
import {
  BOM_RESULTS,
  CHOSEN_BY,
  COST_TYPES,
  PRICE_RULES,
  RATE_SOURCES,
  PRICE_BASES,
  PRICING_STATUSES,
  PROCESS_CATEGORIES,
  PROCESS_STATUSES,
} from '../domain.js';
import { ERROR_CODES } from '../http/errors.js';
import type { DetailSummary, PricingDetails } from '../queries/operations/pricing-details.js';
import type { PricingComparison } from '../queries/operations/pricing-compare.js';
import type { PricingReview } from '../queries/operations/pricing-review.js';
import type { ProcessStats } from '../queries/operations/process-stats.js';
import { SUPPLIER_COMPARED_FIELDS, type SupplierComparison } from '../queries/operations/supplier-compare.js';
import type { TableStat } from '../queries/operations/table-stats.js';
import type { BomPrice } from '../queries/operations/bom-price.js';
import {
  CHART_MAX_AGE_MS,
  CHART_MONTHS,
  EXPIRING_DAYS,
  RECENT_DAYS,
  RISING_RATE,
  type Workbench,
  type WorkbenchList,
} from '../queries/operations/workbench.js';
import { DETAIL_LINE_LABELS, detailLineSchema } from '../resources/detail-line.js';
import {
  dateTime as dateTimeType,
  date as dateType,
  int,
  money as moneyType,
  nullableText as nullableTextType,
  text as textType,
} from '../resources/field.js';
import { PRICING_ROW_LABELS, pricingRowSchema } from '../resources/pricing.js';
import { SECONDARY_PROCESS_ROW_LABELS, secondaryProcessRowSchema } from '../resources/secondary-process.js';
import { exchangeRateRowSchema } from '../resources/exchange-rate.js';

/**
 * Response bodies, for the OpenAPI document and for the tests that check real responses against
 * them. The row schemas are declared with their fields in src/resources; the type assertions at the
 * end of this file stop compilation when a result type of src/queries and its schema drift apart,
 * and test/openapi.test.ts checks that real responses from the seeded database validate.
 */

// The rows' value types, for the fields of the other results below.
const id = int.schema;
const text = textType.schema;
const nullableText = nullableTextType.schema;
const money = moneyType.schema;
const dateTime = dateTimeType.schema;
const date = dateType.schema;

const P = PRICING_ROW_LABELS;
const S = SECONDARY_PROCESS_ROW_LABELS;
const D = DETAIL_LINE_LABELS;

const byCostTypeSchema = z.strictObject(
  Object.fromEntries(COST_TYPES.map((t) => [t, z.number()])) as Record<(typeof COST_TYPES)[number], z.ZodNumber>,
);

export const detailSummarySchema = z.strictObject({
  byCostType: byCostTypeSchema.describe('按费用类型汇总的金额，六个键都在'),
  detailTotal: money('明细合计'),
  unitPrice: money('核价单的未税单价'),
  difference: money('unitPrice - detailTotal'),
  consistent: z.boolean().describe('|difference| < 0.0001'),
});

export const pricingDetailsSchema = z.strictObject({
  pricing: pricingRowSchema,
  details: z.array(detailLineSchema).describe('按 lineNo 排序'),
  summary: detailSummarySchema,
});

const listResponse = <R extends z.ZodType>(row: R) =>
  z.strictObject({
    success: z.literal(true),
    data: z.array(row),
    total: z.number().int().min(0).describe('符合条件的总行数'),
    current: z.number().int().min(1).describe('页码'),
    pageSize: z.number().int().min(1).describe('每页条数'),
  });

export const pricingListResponseSchema = listResponse(pricingRowSchema).extend({
  latestInForceIds: z
    .array(z.number().int())
    .optional()
    .describe(
      '仅在请求带 inForceOn 时给出：本页各物料在该日按批量核价默认规则（latest：有效价格中核价时间最晚、再按 id 较大者）计价采用的核价 id（升序；可能不在本页）',
    ),
});
export const secondaryProcessListResponseSchema = listResponse(secondaryProcessRowSchema);
export const exchangeRateListResponseSchema = listResponse(exchangeRateRowSchema);

export const pricingDetailsResponseSchema = z.strictObject({
  success: z.literal(true),
  data: pricingDetailsSchema,
});

const rate = (d: string) =>
  z
    .number()
    .nullable()
    .describe(`${d}：(值 - 基准) / 基准，四舍五入（远离零）到 4 位小数，如 0.1234 即 +12.34%；基准为 0 或不存在时为 null`);
const nullableMoney = (d: string) => money(d).nullable();

const historyRowSchema = z
  .strictObject({
    id: id(P.id),
    pricingNo: text(P.pricingNo),
    supplierCode: text(P.supplierCode),
    supplierName: text(P.supplierName),
    status: z.enum(PRICING_STATUSES).describe(P.status),
    currency: text(`${P.currency}（单价按原币种列出，不做换算）`),
    unitPrice: money(P.unitPrice),
    pricedAt: dateTime(P.pricedAt),
    current: z.boolean().describe('是否为正在审核的这一条'),
  })
  .describe('历史核价');

const approvedRefSchema = z
  .strictObject({
    id: id(P.id),
    pricingNo: text(P.pricingNo),
    supplierName: text(P.supplierName),
    currency: text(P.currency),
    unitPrice: money(P.unitPrice),
    pricedAt: dateTime(P.pricedAt),
  })
  .describe('一条已批准的核价');

const processReferenceSchema = z
  .strictObject({
    id: id(S.id),
    processNo: text(S.processNo),
    processName: text(S.processName),
    category: z.enum(PROCESS_CATEGORIES).describe(S.category),
    supplierCode: text(S.supplierCode),
    supplierName: text(S.supplierName),
    priceBasis: z.enum(PRICE_BASES).describe(S.priceBasis),
    unitPrice: money(S.unitPrice),
    currency: text(S.currency),
    status: z.enum(PROCESS_STATUSES).describe(S.status),
    validFrom: date(S.validFrom),
    validTo: date(S.validTo).nullable(),
  })
  .describe('二次加工参考价');

const processLineSchema = z
  .strictObject({
    lineNo: id(D.lineNo),
    itemName: text(D.itemName),
    quantity: money(D.quantity),
    unit: text(D.unit),
    unitPrice: money(D.unitPrice),
    amount: money(D.amount),
    references: z
      .array(
        z.strictObject({
          processId: id('二次加工报价 id（见 rows）'),
          processNo: text(S.processNo),
          supplierName: text(S.supplierName),
          priceBasis: z.enum(PRICE_BASES).describe(S.priceBasis),
          unitPrice: money(S.unitPrice),
          comparable: z.boolean().describe('明细的单位与计价方式一致（如 dm2 与按面积），单价才可比较'),
          difference: nullableMoney('明细单价 - 参考单价；不可比较时为 null'),
          differenceRate: rate('相对参考单价的差异率；不可比较时为 null'),
        }),
      )
      .describe('加工名称与项目名称相同（两端去空白后逐字相同）的参考价'),
  })
  .describe('核价单的二次加工明细行');

const approvedSummarySchema = z.strictObject({
  currency: z.string().describe('币种'),
  latest: approvedRefSchema.nullable().describe('该物料在此币种最近一次批准的核价（不论早于或晚于本条）；没有时为 null'),
  windowFrom: dateTime('统计窗口起点：本条核价日（APP_TIMEZONE）12 个月前同一日的 0 点'),
  windowTo: dateTime('统计窗口终点：本条的核价时间（不含本条；同一时间按 id 较小者在前）'),
  count: z.number().int().min(0).describe('窗口内已批准的核价条数'),
  min: nullableMoney('窗口内批准单价的最小值'),
  median: nullableMoney('中位数（偶数条时取中间两条的平均，四舍五入到 4 位小数）'),
  max: nullableMoney('最大值'),
});

export const pricingReviewSchema = z.strictObject({
  pricing: pricingRowSchema,
  history: z
    .strictObject({
      total: z.number().int().min(0).describe('该物料的核价记录总数'),
      limit: z.number().int().describe('rows 最多列出的条数（最新的若干条）'),
      rows: z.array(historyRowSchema).describe('按核价时间、id 倒序；正在审核的一条总在其中（较早时列在最后）'),
    })
    .describe('历史价格：该物料的全部核价（有上限）'),
  approvedSummary: approvedSummarySchema.describe('批准价格汇总：与本条同一币种'),
  otherCurrencySummaries: z
    .array(approvedSummarySchema)
    .describe('该物料在其他币种的批准价格汇总，按币种排序；不同币种从不合并统计，也不与本条比较'),
  crossCurrencyPrevious: z
    .strictObject({
      pricing: approvedRefSchema.describe('本条之前最近一次批准的核价（另一币种）'),
      day: date('本条核价日（APP_TIMEZONE）：折算所用汇率的日期'),
      rate: z.number().nullable().describe('折算率：1 单位该核价币种折合本条币种（最多 8 位小数）；汇率缺失时为 null'),
      rateDate: z.string().nullable().describe('所用汇率表汇率的生效日期（两个汇率时取较晚者）'),
      convertedUnitPrice: z.number().nullable().describe('该核价的未税单价按折算率折为本条币种（一次四舍五入到 4 位小数）'),
      changeRate: rate('本条未税单价较折算后上次批准价的变动率'),
      missingRates: z.array(z.string()).describe('该日没有汇率的币种'),
    })
    .nullable()
    .describe(
      '该物料在本条币种没有更早的批准价格、但在其他币种有时：其中最近的一条，按本条核价日的汇率折算为本条币种后比较；否则为 null（较上次只在同一币种之间比较）',
    ),
  processReferences: z
    .strictObject({
      day: date('本条核价日（APP_TIMEZONE）'),
      total: z.number().int().min(0).describe('当日有效的二次加工报价条数'),
      limit: z.number().int().describe('rows 最多列出的条数'),
      rows: z.array(processReferenceSchema).describe('该物料当日有效的二次加工报价，按加工名称、单价、id 排序'),
      lines: z.array(processLineSchema).describe('本条的二次加工（secondary_process）明细行，各带名称相同的参考价'),
    })
    .describe('二次加工参考价'),
});

export const pricingReviewResponseSchema = z.strictObject({ success: z.literal(true), data: pricingReviewSchema });

const comparedPricingSchema = z
  .strictObject({
    id: id(P.id),
    pricingNo: text(P.pricingNo),
    supplierCode: text(P.supplierCode),
    supplierName: text(P.supplierName),
    status: z.enum(PRICING_STATUSES).describe(P.status),
    currency: text(P.currency),
    unitPrice: money(P.unitPrice),
    pricedAt: dateTime(P.pricedAt),
  })
  .describe('参与比较的核价记录');

const differenceShape = {
  amount: money('本条的金额'),
  baseAmount: nullableMoney('基准的金额；没有基准时为 null'),
  difference: nullableMoney('amount - baseAmount；没有基准时为 null'),
  differenceRate: rate('差异率'),
};

const comparedLineSchema = z.strictObject({
  lineNo: id(D.lineNo),
  spec: nullableText(D.spec),
  quantity: money(D.quantity),
  unit: text(D.unit),
  unitPrice: money(D.unitPrice),
  amount: money(D.amount),
});

export const pricingComparisonSchema = z.strictObject({
  pricing: comparedPricingSchema,
  base: comparedPricingSchema.nullable().describe('比较基准；默认时若没有更早的批准核价则为 null'),
  baseChosen: z.enum(['previous-approved', 'by-id']).describe('previous-approved：默认的上次批准核价；by-id：basePricingId 指定'),
  unitPrice: z.strictObject(differenceShape).describe('未税单价的比较'),
  byCostType: z
    .array(z.strictObject({ costType: z.enum(COST_TYPES).describe(D.costType), ...differenceShape }))
    .describe('按费用类型汇总的明细金额，六种类型按固定顺序都在'),
  lineTotal: z.strictObject(differenceShape).describe('明细合计的比较'),
  lines: z
    .array(
      z.strictObject({
        costType: z.enum(COST_TYPES).describe(D.costType),
        itemName: text(D.itemName),
        side: z.enum(['both', 'pricing', 'base']).describe('both：两边都有；pricing：仅本条有；base：仅基准有'),
        line: comparedLineSchema.nullable().describe('本条的明细行'),
        baseLine: comparedLineSchema.nullable().describe('基准的明细行'),
        amount: nullableMoney('本条的金额'),
        baseAmount: nullableMoney('基准的金额'),
        difference: money('金额差：缺的一边按 0 计'),
        differenceRate: rate('差异率（缺的一边按 0 计：仅本条有时为 null，仅基准有时为 -1）'),
      }),
    )
    .describe('按（费用类型，项目名称去两端空白）配对的明细行：同一键的第 n 行与另一边的第 n 行配对；先本条各行（按行号），再仅基准有的行'),
});

export const pricingComparisonResponseSchema = z.strictObject({ success: z.literal(true), data: pricingComparisonSchema });

const supplierColumnSchema = z
  .strictObject({
    id: id(P.id),
    pricingNo: text(P.pricingNo),
    supplierCode: text(P.supplierCode),
    supplierName: text(P.supplierName),
    status: z.enum(PRICING_STATUSES).describe(P.status),
    currency: text(`${P.currency}（只与同一币种的列比较最低）`),
    pricedAt: dateTime(P.pricedAt),
    latest: z.boolean().describe('是否为该供应商对该物料最新的一条核价（按核价时间，同一时间按 id）'),
    latestApproved: z.boolean().describe('是否为该供应商对该物料最新的一条已批准核价'),
  })
  .describe('一列：一条核价记录');

export const supplierComparisonSchema = z.strictObject({
  selectedBy: z.enum(['partNo', 'pricingIds']).describe('partNo：该物料的全部供应商；pricingIds：指定的核价记录'),
  partNo: text(P.partNo),
  partName: text(P.partName),
  columns: z
    .array(supplierColumnSchema)
    .describe('按 partNo：每个供应商（按供应商编码）最新的一条，其后是其最新批准的一条（与最新的一条不同时）；按 pricingIds：按请求的顺序'),
  rows: z
    .array(
      z.strictObject({
        field: z.enum(SUPPLIER_COMPARED_FIELDS).describe(
          `核价记录的字段：六项费用（${SUPPLIER_COMPARED_FIELDS.slice(0, 6)
            .map((f) => P[f])
            .join('、')}）、${P.unitPrice}、${P.unitPriceWithTax}、${P.changeRate}`,
        ),
        kind: z.enum(['money', 'rate']).describe('money：金额（四舍五入到 4 位小数）；rate：变动率（0.1234 即 +12.34%）'),
        values: z.array(z.number().nullable()).describe('每列一个值，与 columns 顺序相同；变动率没有可比的上次批准价时为 null'),
        lowestPricingIds: z
          .array(id('核价记录 id'))
          .describe('该行最低的列（按 columns 的顺序）：只在同一币种的列之间比较；某币种的值不足两个、或都相同时不标；并列最低的都标'),
      }),
    )
    .describe(`九行，顺序固定：${SUPPLIER_COMPARED_FIELDS.join('、')}`),
  converted: z
    .strictObject({
      currency: z.string().describe('折算币种：CNY'),
      day: date('汇率日期：请求的 on，不提供时为今天（APP_TIMEZONE）'),
      rates: z
        .array(
          z.strictObject({
            pricingId: id('核价记录 id（列）'),
            currency: z.string().describe('该列的币种'),
            rate: z.number().nullable().describe('1 单位该列币种折合人民币（最多 8 位小数）；人民币为 1；汇率缺失时为 null'),
            rateDate: z.string().nullable().describe('所用汇率的生效日期；人民币为 null'),
          }),
        )
        .describe('每列的折算率，与 columns 顺序相同'),
      missingRates: z.array(z.string()).describe('该日没有汇率的币种'),
      rows: z
        .array(
          z.strictObject({
            field: z.enum(SUPPLIER_COMPARED_FIELDS).describe('同 rows 的 field（不含 changeRate）'),
            values: z.array(z.number().nullable()).describe('每列折算为人民币的值（一次四舍五入到 4 位小数）；汇率缺失时为 null'),
            lowestPricingIds: z.array(id('核价记录 id')).describe('折算后该行最低的列：在全部有值的列之间比较；规则同 rows'),
          }),
        )
        .describe('八行金额（不含变动率），按 rows 的顺序'),
    })
    .nullable()
    .describe('列的币种不同时：各金额行按该日汇率折算为人民币后并列比较；币种都相同时为 null'),
});

export const supplierComparisonResponseSchema = z.strictObject({ success: z.literal(true), data: supplierComparisonSchema });

const processPriceRefSchema = z
  .strictObject({
    id: id(S.id),
    processNo: text(S.processNo),
    unitPrice: money(S.unitPrice),
    supplierName: text(S.supplierName),
    validFrom: date(S.validFrom),
    updatedAt: dateTime(S.updatedAt),
  })
  .describe('一条二次加工报价');

export const processStatsSchema = z.strictObject({
  on: date('最新报价所取的日期（请求的 on，不提供时为今天）'),
  limit: z.number().int().describe('groups 最多列出的组数'),
  totalGroups: z.number().int().min(0).describe('符合条件的报价共分多少组（可能多于 limit）'),
  groups: z
    .array(
      z
        .strictObject({
          processName: text(`${S.processName}（去掉首尾空白：只差首尾空白的名称为同一组）`),
          category: z.enum(PROCESS_CATEGORIES).describe(S.category),
          priceBasis: z.enum(PRICE_BASES).describe(`${S.priceBasis}：按件、按 kg、按 dm²、按批的单价不合并统计`),
          currency: text(`${S.currency}：不同币种不合并统计，不换算汇率`),
          count: z.number().int().min(1).describe('报价条数'),
          min: money('最低单价'),
          median: money('中位数（偶数条时取中间两条的平均，四舍五入（远离零）到 4 位小数）'),
          max: money('最高单价'),
          latest: processPriceRefSchema
            .nullable()
            .describe('最新报价：组内在 on 当日有效的报价中生效日期最晚的一条（再按更新时间、id）；没有当日有效的报价时为 null'),
        })
        .describe('一组：加工名称、类别、计价方式、币种都相同的报价'),
    )
    .describe('按报价条数倒序，再按加工名称、类别、计价方式、币种排序'),
});

export const processStatsResponseSchema = z.strictObject({ success: z.literal(true), data: processStatsSchema });

export const tableStatSchema = z.strictObject({
  table: z.enum(['parts', 'pricing', 'pricing_details', 'secondary_processes']).describe('表名'),
  label: text('中文名'),
  rowCount: z.number().int().min(0).describe('行数'),
  lastUpdatedAt: dateTime('最新的 updated_at').nullable(),
});

export const tableStatsResponseSchema = z.strictObject({
  success: z.literal(true),
  data: z.array(tableStatSchema),
  total: z.number().int(),
  generatedAt: dateTime('生成时间'),
});

export const testDbResponseSchema = z.union([
  z.strictObject({ success: z.literal(true), message: z.literal('数据库连接正常') }),
  z.strictObject({ success: z.literal(false), message: z.literal('数据库连接失败') }),
]);

export const infoResponseSchema = z.strictObject({
  success: z.literal(true),
  message: z.literal('React Template Backend API'),
  version: z.string(),
  endpoints: z.record(z.string(), z.string()).describe('六个操作："<METHOD> <path>" → 说明'),
});

const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]];

/** The contract's error body; `codes` narrows `code` to those one response can carry. */
export function errorBodySchema(codes: readonly (keyof typeof ERROR_CODES)[] = ERROR_CODE_NAMES) {
  return z.strictObject({
    success: z.literal(false),
    code: z.enum(codes as [string, ...string[]]).describe('错误码'),
    message: z.string().describe('中文说明'),
    requestId: z.string().describe('与响应头 X-Request-Id 相同'),
    errors: z
      .array(z.strictObject({ path: z.string().describe('出错的字段，如 pageSize'), message: z.string() }))
      .optional()
      .describe('仅 VALIDATION_ERROR：每个出错字段一项'),
  });
}

export const errorResponseSchema = errorBodySchema();

// Compile-time guards: a result type changed in src/queries without its schema here (or the other
// way round) fails `tsc`.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const rowTypesMatch: [
  Same<z.infer<typeof detailSummarySchema>, DetailSummary>,
  Same<z.infer<typeof pricingDetailsSchema>, PricingDetails>,
  Same<z.infer<typeof pricingReviewSchema>, PricingReview>,
  Same<z.infer<typeof pricingComparisonSchema>, PricingComparison>,
  Same<z.infer<typeof supplierComparisonSchema>, SupplierComparison>,
  Same<z.infer<typeof processStatsSchema>, ProcessStats>,
  z.infer<typeof tableStatSchema> extends TableStat ? true : false,
] = [true, true, true, true, true, true, true];
void rowTypesMatch;

const amount = (d: string) => z.number().nullable().describe(`${d}（四舍五入（远离零）到 4 位小数）；未定价时为 null`);

const rateSource = z.enum(RATE_SOURCES).describe('汇率来源：table 为汇率表（财务系统）；what-if 为请求中的假设汇率');
const fx = (d: string) => z.number().describe(`${d}（最多 8 位小数）`);

export const usedRateSchema = z
  .strictObject({
    currency: z.string().describe('币种'),
    rateToCny: fx('1 单位该币种折合人民币'),
    rateDate: date('汇率表中该汇率的生效日期').nullable().describe('汇率表中该汇率的生效日期（YYYY-MM-DD）；假设汇率为 null'),
    source: rateSource,
  })
  .describe('本次计价用到的一个汇率');

export const bomLineAnswerSchema = z.strictObject({
  lineNo: z.number().int().describe('行号，从 1 起，按请求顺序'),
  partNo: z.string().describe('物料编码'),
  quantity: z.number().describe('数量'),
  result: z.enum(BOM_RESULTS).describe('priced：已定价；no-price：物料存在但该日无有效价格；unknown-part：物料不存在'),
  suggestion: z
    .string()
    .nullable()
    .describe(
      'unknown-part 时，与请求的编码只差字母大小写、全角/半角或不可见字符（零宽空格等）的现有物料编码（“是否为 P-100081？”）；本行不按它计价。其余为 null',
    ),
  pricing: pricingRowSchema.nullable().describe('按计价规则取的该日有效价格（与列表相同的核价记录行）；未定价时为 null'),
  amount: amount('金额 = 数量 × 未税单价（原币种）'),
  amountWithTax: amount('含税金额 = 数量 × 含税单价（原币种）'),
  inForce: z.number().int().min(0).describe('该物料在计价日有效的已批准价格条数'),
  chosenBy: z
    .enum(CHOSEN_BY)
    .nullable()
    .describe(
      '价格如何选出：latest、lowest、highest、preferred；fallback-latest 为规则无法选择（没有优先供应商的价格，或比较所需的汇率缺失）时按 latest；未定价时为 null',
    ),
  comparedIn: z
    .string()
    .nullable()
    .describe('minUnitPrice、maxUnitPrice 的币种：reportCurrency；未提供时，有效价格同一币种则为该币种，否则为 CNY；无法折算时为 null'),
  minUnitPrice: z.number().nullable().describe('有效价格中最低的未税单价，折算为 comparedIn（四舍五入到 4 位小数）；所需汇率缺失时为 null'),
  maxUnitPrice: z.number().nullable().describe('有效价格中最高的未税单价，同上'),
  rate: z
    .number()
    .nullable()
    .describe('折算率：1 单位本行币种折合多少折算币种（最多 8 位小数）；同一币种为 1；未提供 reportCurrency、未定价或汇率缺失时为 null'),
  rateDate: z.string().nullable().describe('所用汇率表汇率的生效日期（两个汇率时取较晚者）；同一币种或只用假设汇率时为 null'),
  rateSource: rateSource.nullable().describe('table 或 what-if（用到任一假设汇率）；同一币种、未折算时为 null'),
  amountInReportCurrency: amount('折算金额 = 数量 × 未税单价 × 折算率，一次四舍五入（远离零）到 4 位小数；汇率缺失时为 null'),
  amountWithTaxInReportCurrency: amount('折算含税金额 = 数量 × 含税单价 × 折算率，同上'),
});

export const bomTotalSchema = z.strictObject({
  currency: z.string().describe('币种'),
  lines: z.number().int().describe('该币种已定价的行数'),
  amount: z.number().describe('未税金额合计'),
  amountWithTax: z.number().describe('含税金额合计'),
});

export const bomPriceSchema = z.strictObject({
  on: z.iso.date().describe('计价日'),
  rule: z.enum(PRICE_RULES).describe('计价规则'),
  suppliers: z.array(z.string()).nullable().describe('优先供应商编码（rule 为 preferred 时）；否则为 null'),
  reportCurrency: z.string().nullable().describe('折算币种；未提供时为 null'),
  rates: z.array(usedRateSchema).describe('本次计价用到的汇率（折算与比较），按币种排序；人民币不列出'),
  missingRates: z.array(z.string()).describe('需要但计价日没有汇率的币种，按币种排序'),
  lines: z.array(bomLineAnswerSchema),
  totals: z.array(bomTotalSchema).describe('按原币种合计（币种升序）；不跨币种相加'),
  reportTotal: z
    .strictObject({
      currency: z.string().describe('折算币种'),
      lines: z.number().int().describe('计入的已定价行数'),
      amount: z.number().describe('折算金额合计（各行折算金额之和）'),
      amountWithTax: z.number().describe('折算含税金额合计'),
      linesWithoutRate: z.number().int().min(0).describe('因计价日没有汇率而未计入的已定价行数'),
      rateSource: rateSource.nullable().describe('用到任一假设汇率时为 what-if；只用汇率表为 table；没有行需要折算时为 null'),
    })
    .nullable()
    .describe('折算币种的合计；未提供 reportCurrency 时为 null'),
});

export const bomPriceResponseSchema = z.strictObject({ success: z.literal(true), data: bomPriceSchema });

/** The schema and the operation's answer agree (a drift stops compilation). */
const _answerMatches: z.infer<typeof bomPriceSchema> extends BomPrice
  ? BomPrice extends z.infer<typeof bomPriceSchema>
    ? true
    : never
  : never = true;
void _answerMatches;

const workbenchCountSchema = <L extends WorkbenchList>(list: L, description: string) =>
  z
    .strictObject({
      list: z
        .literal(list)
        .describe(list === 'pricing' ? '核价查询（POST /api/query/pricing）' : '二次加工查询（POST /api/query/secondary-process）'),
      filters: z.record(z.string(), z.unknown()).describe('打开该列表的筛选条件：该列表请求体的字段，原样发送即得这些行'),
      sort: z
        .record(z.string(), z.enum(['ascend', 'descend']))
        .describe('打开该列表时要紧的排序（该列表请求体的 sort），如涨幅项按 changeRate 降序、待审核按核价时间升序（等得最久的在前）'),
      count: z.number().int().min(0).describe('行数：与该列表按这些条件查询的 total 相同'),
      oldest: z
        .strictObject({
          clock: z.enum(['pricedAt', 'validTo']).describe('按哪个时间：pricedAt（核价时间）或 validTo（失效日期）'),
          at: z.string().describe('这些行中最早的该时间：pricedAt 为 ISO 8601 UTC，validTo 为 YYYY-MM-DD'),
          days: z
            .number()
            .int()
            .describe(
              '从该时间所在的日期（pricedAt 按 APP_TIMEZONE）到 on 的天数：待审核为最早一条已等待的天数，过期的二次加工为已过期天数；即将失效的价格为负数或 0（-5 即最早一条 5 天后失效）',
            ),
        })
        .nullable()
        .describe('这些行中最早的一条（按 clock）；没有行时为 null'),
    })
    .describe(description);

export const workbenchSchema = z.strictObject({
  on: date('作为今天的日期'),
  mine: z.string().nullable().describe('“我的”：核价类事项只计核价员（pricedBy）为该姓名的核价；为 null 时计全部'),
  pending: workbenchCountSchema('pricing', '待审核的核价'),
  pendingRising: workbenchCountSchema('pricing', `待审核且较上次批准价上涨 ${RISING_RATE * 100}% 及以上（changeRate ≥ ${RISING_RATE}）`),
  expiring: workbenchCountSchema('pricing', `已批准、失效日期在今天至 ${EXPIRING_DAYS} 天后之间（含）`),
  staleProcesses: workbenchCountSchema('secondaryProcess', '二次加工报价状态为有效、但失效日期已过（早于今天）'),
  recent: workbenchCountSchema('pricing', `最近 ${RECENT_DAYS} 天（含今天）新增的核价（按核价日期）`),
  monthlyChange: z
    .array(
      z.strictObject({
        month: z
          .string()
          .regex(/^\d{4}-\d{2}$/)
          .describe('月份 YYYY-MM（APP_TIMEZONE）'),
        count: z.number().int().min(0).describe('该月核价、已批准且有变动率的条数'),
        medianChangeRate: z
          .number()
          .nullable()
          .describe('变动率中位数，4 位小数（偶数条时取中间两条的平均，四舍五入远离零）；该月没有时为 null'),
      }),
    )
    .describe(`最近 ${CHART_MONTHS} 个月（本月在最后）已批准核价的变动率中位数`),
  monthlyChangeAsOf: dateTime(`monthlyChange 的统计时间：至多 ${CHART_MAX_AGE_MS / 60_000} 分钟前`),
});

export const workbenchResponseSchema = z.strictObject({ success: z.literal(true), data: workbenchSchema });

const _workbenchMatches: z.infer<typeof workbenchSchema> extends Omit<
  Workbench,
  'pending' | 'pendingRising' | 'expiring' | 'staleProcesses' | 'recent'
>
  ? true
  : never = true;
void _workbenchMatches;
