/** What 供应商对比 says of its columns, in words: the card, the list's drawer and the printed sheet say the same. */
import type { SupplierComparison } from '../../api/services';
import { formatFxRate } from '../../format';

/** supplier-compare's `converted`: the money rows at the day's rates in CNY, when the columns' currencies differ. */
export type Converted = NonNullable<SupplierComparison['converted']>;

/**
 * The part, how many suppliers and pricings, how the columns were chosen, and where 最低 is compared;
 * on screen (`switchable`) also that 折算人民币 compares across currencies, which paper cannot offer.
 */
export function compareSummary(d: SupplierComparison, switchable = true): string {
  const suppliers = new Set(d.columns.map((c) => c.supplierCode)).size;
  const currencies = [...new Set(d.columns.map((c) => c.currency))];
  const which = d.selectedBy === 'pricingIds' ? '按勾选的顺序列出。' : '每家列出最新的一条；最新一条未批准时，另列其最近批准的一条。';
  const lowest =
    currencies.length > 1
      ? `原币：每行最低的标为「最低」，只在同一币种之间比较（${currencies.join('、')} 各自标出）。${d.converted && switchable ? '选「折算人民币」可按汇率在全部列之间比较。' : ''}`
      : '每行最低的标为「最低」；各列相同时不标。';
  return `物料 ${d.partNo} ${d.partName}：${suppliers} 家供应商，${d.columns.length} 条核价。${which}${lowest}`;
}

/** The converted view's basis: the day, each other currency's rate and its date, the currencies without one. */
export function convertedSummary(x: Converted): string {
  const rates = [...new Map(x.rates.filter((r) => r.currency !== x.currency).map((r) => [r.currency, r])).values()];
  const known = rates.filter((r) => r.rate !== null);
  return [
    `人民币（${x.currency}），按 ${x.day} 汇率：`,
    known.map((r) => `1 ${r.currency} = ${formatFxRate(r.rate)} ${x.currency}（${r.rateDate ?? x.day} 起）`).join('；'),
    known.length > 0 ? '。' : '',
    x.missingRates.length > 0 ? `该日没有 ${x.missingRates.join('、')} 的汇率，这些列无法折算。` : '',
    '最低在全部列之间比较；较上次批准变动率见原币。',
  ].join('');
}
