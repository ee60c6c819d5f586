/**
 * 批量核价's 计价规则, 优先供应商, 折算币种 and 假设汇率 as the request takes them (`rule`, `suppliers`,
 * `reportCurrency`, `rates`). The limits are the service's (src/schemas/requests.ts), repeated so
 * that the page does not bundle the service's schemas.
 */
import type { BomRule } from './api/services';

export const MAX_SUPPLIERS = 50;
const MAX_RATE = 1_000_000;
/** A what-if rate as typed: digits, at most 8 decimals (the table's precision). */
const RATE_TEXT = /^\d+(\.\d{1,8})?$/;

export interface BomOptionsInput {
  rule: BomRule;
  /** 优先供应商 as typed: codes separated by commas, spaces or line breaks. */
  suppliersText: string;
  /** '' for 不折算. */
  reportCurrency: string;
  /** 假设汇率 as typed, by currency; an empty text is no what-if rate. */
  rates: Readonly<Record<string, string>>;
}

/** What the request adds to `{lines, on}` for the options; the defaults (latest, 不折算, no what-if) are left out. */
export interface BomOptions {
  rule?: BomRule;
  suppliers?: string[];
  reportCurrency?: string;
  rates?: Record<string, number>;
}

/** The supplier codes typed, each once, in the order typed (the first is the most preferred). */
export function splitSuppliers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，、;；]+/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
}

/** Why a typed what-if rate cannot be sent, or undefined when it can (or is empty). */
export function rateProblem(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (!RATE_TEXT.test(t)) return '须为数字，最多 8 位小数';
  const n = Number(t);
  if (n <= 0) return '须大于 0';
  if (n > MAX_RATE) return `不能超过 ${MAX_RATE.toLocaleString('zh-CN')}`;
  return undefined;
}

/** The options as the request's fields, or what keeps them from being sent (each said beside its field). */
export function bomOptions(input: BomOptionsInput): { options: BomOptions; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const options: BomOptions = {};
  if (input.rule !== 'latest') options.rule = input.rule;
  if (input.rule === 'preferred') {
    const suppliers = splitSuppliers(input.suppliersText);
    if (suppliers.length === 0) problems.suppliers = '请填写至少一个供应商编码';
    else if (suppliers.length > MAX_SUPPLIERS) problems.suppliers = `最多 ${MAX_SUPPLIERS} 个供应商，现有 ${suppliers.length} 个`;
    options.suppliers = suppliers;
  }
  if (input.reportCurrency) options.reportCurrency = input.reportCurrency;
  const rates: Record<string, number> = {};
  for (const [currency, text] of Object.entries(input.rates)) {
    const problem = rateProblem(text);
    if (problem) problems[`rate-${currency}`] = problem;
    // Number() of the typed decimal: 7.05 is sent as 7.05 (JSON writes the shortest exact form).
    else if (text.trim() !== '' && currency !== 'CNY') rates[currency] = Number(text.trim());
  }
  if (Object.keys(rates).length > 0) options.rates = rates;
  return { options, problems };
}
