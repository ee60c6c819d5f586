import type { Knex } from 'knex';
import type { z } from 'zod';
import { currencyList, dateString } from '../schemas/common.js';
import { date, dateTime, fxRate, int, labelsOf, nullableDate, nullableText, rowSchema, text, type Fields } from './field.js';

/**
 * The day the next rate of the same currency takes over (null for the latest): the row holds until
 * the day before. A seek on exchange_rates_currency_valid_from_index per row.
 */
const nextValidFrom = (client: Knex.Client): string =>
  (
    client.raw('(select min(??) from ?? as ?? where ?? = ?? and ?? > ??)', [
      'n.valid_from',
      'exchange_rates',
      'n',
      'n.currency',
      'exchange_rates.currency',
      'n.valid_from',
      'exchange_rates.valid_from',
    ]) as Knex.Raw
  ).toQuery();

/** An exchange rate (汇率) as the finance system wrote it, in its field order. */
export const EXCHANGE_RATE_FIELDS = {
  id: { label: 'ID', type: int, sql: 'exchange_rates.id' },
  currency: { label: '币种', note: '（ISO 4217）', type: text, sql: 'exchange_rates.currency' },
  rateToCny: { label: '汇率（人民币/单位外币）', note: '：1 单位该币种折合人民币', type: fxRate, sql: 'exchange_rates.rate_to_cny' },
  validFrom: { label: '生效日期', note: '：至同一币种下一条的生效日期前一天有效', type: date, sql: 'exchange_rates.valid_from' },
  nextValidFrom: { label: '下一汇率生效日期', note: '；最新一条为 null', type: nullableDate, sql: nextValidFrom },
  source: { label: '来源', type: nullableText, sql: 'exchange_rates.source' },
  updatedAt: { label: '更新时间', type: dateTime, sql: 'exchange_rates.updated_at' },
} as const satisfies Fields;

export const EXCHANGE_RATE_SORT_FIELDS = [
  'validFrom',
  'currency',
  'rateToCny',
  'updatedAt',
] as const satisfies readonly (keyof typeof EXCHANGE_RATE_FIELDS)[];

export const EXCHANGE_RATE_ROW_LABELS = labelsOf(EXCHANGE_RATE_FIELDS);
const L = EXCHANGE_RATE_ROW_LABELS;

/** The list's filters, in the request body's order (queries/operations/exchange-rates.ts reads each). */
export const EXCHANGE_RATE_FILTERS = {
  currency: currencyList(`${L.currency}（任一）`).meta({ title: L.currency }),
  validFromFrom: dateString(`${L.validFrom}起（含）`).meta({ title: `${L.validFrom}起` }),
  validFromTo: dateString(`${L.validFrom}止（含），不能早于 validFromFrom`).meta({ title: `${L.validFrom}止` }),
  on: dateString('仅返回该日有效的汇率：每个币种生效日期 ≤ 该日的最新一条（同一天有多条时取 id 较大者）').meta({ title: '有效日' }),
};

export const exchangeRateRowSchema = rowSchema(EXCHANGE_RATE_FIELDS).describe('汇率');

export type ExchangeRateRow = z.infer<typeof exchangeRateRowSchema>;
