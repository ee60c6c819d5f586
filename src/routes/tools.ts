import { BOM_RESULT_LABELS, PRICING_STATUS_LABELS } from '../domain.js';
import type { BomPrice } from '../queries/operations/bom-price.js';
import type { PricingComparison } from '../queries/operations/pricing-compare.js';
import type { PricingDetails } from '../queries/operations/pricing-details.js';
import type { PricingReview } from '../queries/operations/pricing-review.js';
import type { ProcessStats } from '../queries/operations/process-stats.js';
import type { SupplierComparison } from '../queries/operations/supplier-compare.js';
import type { Workbench } from '../queries/operations/workbench.js';
import type { PricingRow } from '../resources/pricing.js';
import type { ToolDoc } from './records.js';

/**
 * What each read operation says to an AI assistant as an MCP tool (src/mcp/tools.ts): what a clerk
 * would ask it, in Chinese and English, and a line on its answer. The list operations summarise
 * their page themselves (total, rows shown, order).
 */

const price = (p: Pick<PricingRow, 'unitPrice' | 'currency'>) => `${p.currency} ${p.unitPrice}`;
const pricingLine = (p: PricingRow) =>
  `${p.pricingNo}（${p.partNo} ${p.partName}，${p.supplierName}，${PRICING_STATUS_LABELS[p.status]}）未税单价 ${price(p)}`;

export const TOOL_DOCS = {
  pricing: {
    description:
      '查询核价记录：零件的未税/含税单价、六项费用、供应商、状态、核价时间、有效期与较上次批准价的变动率；可按关键字、物料编码（可多个）、供应商、核价员、状态、日期、价格、变动率与有效日筛选，分页与排序。' +
      '例：“P-100217 现在有效的价格是多少？”（partNo + inForceOn 今天）、“待审核里涨幅超过 10% 的有哪些？”（status pending + minChangeRate 0.1）。' +
      ' Search pricing records (a part’s price from a supplier, with its cost breakdown, status and validity); filter, sort and page.',
  },
  secondaryProcess: {
    description:
      '查询二次加工报价（电镀、热处理、喷涂、阳极氧化、机加工、焊接等）：加工名称、类别、供应商、计价方式、单价、有效期与状态，可筛选、分页与排序。' +
      '例：“镀锌按件的报价有哪些，最便宜的是谁？”' +
      ' Search secondary-process quotes (plating, heat treatment …) by process, category, supplier, price and validity.',
  },
  exchangeRates: {
    description:
      '查询汇率表（财务系统写入）：各币种折合人民币的汇率与生效日期；on 给出某日有效的一条。例：“11 月 20 日美元汇率是多少？”' +
      ' Exchange rates to CNY by currency and effective date; `on` gives the rate in force on a day.',
  },
  processStats: {
    description:
      '二次加工参考价统计：按加工名称、类别、计价方式与币种分组，给出条数、最低、中位、最高价与最新一条。例：“电镀的参考价区间是多少？”' +
      ' Reference prices of secondary processes grouped by process, with count, min, median, max and the latest quote.',
    summary: (data: ProcessStats) =>
      `共 ${data.totalGroups} 组${data.totalGroups > data.groups.length ? `，显示前 ${data.groups.length} 组` : ''}（${data.on} 的价格）。`,
  },
  pricingDetails: {
    description:
      '一条核价的费用明细（核价单）：按 pricingId、pricingNo 或 partNo（该物料最新一条）取，给出核价记录、各费用行与按费用类型的小计。例：“HJ202611-000084 的成本构成是什么？”' +
      ' One pricing’s cost breakdown (the quote sheet): the record, its cost lines and subtotals by cost type.',
    summary: (data: PricingDetails) => `${pricingLine(data.pricing)}；费用明细 ${data.details.length} 行。`,
  },
  pricingReview: {
    description:
      '审核一条核价所需的全部：该核价、同物料的历史价格、已批准价格的统计、其他币种的上次批准价、二次加工参考价。例：“这条待审核的报价比历史价格高多少？”' +
      ' Everything to review one pricing: the record, the part’s price history, approved-price statistics and process reference prices.',
    summary: (data: PricingReview) => `${pricingLine(data.pricing)}；历史价格 ${data.history.total} 条。`,
  },
  pricingCompare: {
    description:
      '一条核价与其上次批准价（或指定的另一条）逐项对比：单价差、按费用类型的差与每个费用行的差。例：“这次报价比上次批准的贵在哪里？”' +
      ' Compare a pricing with its last approved price (or another pricing of the part): unit price, cost types and lines.',
    summary: (data: PricingComparison) =>
      data.base
        ? `${data.pricing.pricingNo} 对比 ${data.base.pricingNo}：未税单价差 ${data.unitPrice.difference}${data.unitPrice.differenceRate === null ? '' : `（${Math.round(data.unitPrice.differenceRate * 10000) / 100}%）`}。`
        : `${data.pricing.pricingNo} 没有可对比的上次批准价。`,
  },
  supplierCompare: {
    description:
      '同一物料各供应商的核价并列：六项费用、未税与含税单价、变动率，标出每行最低；币种不同时另给按某日汇率折合人民币的对比。例：“P-100217 哪家供应商最便宜？”' +
      ' Suppliers of one part side by side, the lowest of each cost marked; converted to CNY when currencies differ.',
    summary: (data: SupplierComparison) => {
      const unit = data.rows.find((r) => r.field === 'unitPrice');
      const lowest = data.columns.filter((c) => unit?.lowestPricingIds.includes(c.id)).map((c) => c.supplierName);
      return `${data.partNo} ${data.partName}：${data.columns.length} 列（${new Set(data.columns.map((c) => c.supplierCode)).size} 个供应商）${lowest.length ? `；未税单价最低：${lowest.join('、')}` : ''}。`;
    },
  },
  bomPrice: {
    description:
      'BOM 批量核价：给出物料编码与数量（1–2,000 行），按某日有效的价格与计价规则（最新、最低、最高、优先供应商）计价，按币种合计，可折算为一个币种并假设汇率。例：“这张 BOM 按今天的价格总共多少钱？”' +
      ' Cost a bill of materials on a day: each line’s price in force under a rule, amounts and totals per currency, optionally converted.',
    summary: (data: BomPrice) => {
      const counts = Object.entries(BOM_RESULT_LABELS)
        .map(([result, label]) => [label, data.lines.filter((l) => l.result === result).length] as const)
        .filter(([, n]) => n > 0)
        .map(([label, n]) => `${label} ${n} 行`);
      const totals = data.totals.map((t) => `${t.currency} ${t.amount}`).join('，');
      const suggested = data.lines.filter((l) => l.suggestion).map((l) => `${l.partNo} 是否为 ${l.suggestion}？`);
      const report = data.reportTotal ? `；折算合计 ${data.reportTotal.currency} ${data.reportTotal.amount}` : '';
      return `计价日 ${data.on}，共 ${data.lines.length} 行：${counts.join('，')}；合计 ${totals || '无'}${report}。${suggested.join('')}`;
    },
  },
  workbench: {
    description:
      '工作台：今天要处理的事项（待审核、涨幅≥10%、30 天内到期、二次加工报价已过期、近 7 天新增）的条数与最早一条已等待的天数，及近 12 个月变动率中位数；mine 为 true 时只计本人的核价。例：“我今天有多少待审核？”' +
      ' What waits today: counts, how long the oldest has waited, and the monthly median price change.',
    summary: (data: Workbench) =>
      `${data.on}：待审核 ${data.pending.count} 条${data.pending.oldest ? `（最早一条已等待 ${data.pending.oldest.days} 天）` : ''}，其中涨幅≥10% 的 ${data.pendingRising.count} 条；30 天内到期 ${data.expiring.count} 条；二次加工报价已过期 ${data.staleProcesses.count} 条；近 7 天新增 ${data.recent.count} 条。`,
  },
  tableStats: {
    description:
      '数据表统计：四张表（核价、费用明细、二次加工、物料）的行数与最近更新时间。例：“数据最近一次更新是什么时候？”' +
      ' Row counts and last update of the four tables.',
  },
} satisfies Record<string, ToolDoc & { summary?: (data: never, args: Record<string, unknown>) => string }>;
