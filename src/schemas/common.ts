import { z } from 'zod';
import type { SortKey } from '../queries/paging/sort.js';
// messages.ts also words every validation message, in Chinese like the rest of the contract.
import { dateMessage } from './messages.js';

export const MAX_PAGE_SIZE = 200;
export const MAX_CURRENT = 1_000_000;
export const MAX_SORT_KEYS = 3;
export const MAX_TEXT_LENGTH = 200;
export const MAX_PRICE = 1e14;
/** A change rate bound: far beyond any rate a filter means (10^9 is a price 10^9 times its base). */
export const MAX_RATE = 1e9;
export const FIRST_DATE = '0001-01-01';
export const LAST_DATE = '9999-12-31';

/** A filter's `null` means "no filter", as its absence and "" do: front ends send null for a cleared field. */
const clearable = <T extends z.ZodType>(schema: T) => schema.nullable().transform((v) => v ?? undefined);

/** Half of a UTF-16 surrogate pair without its other half: not a character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text from a request (a filter, a part number): trimmed, at most MAX_TEXT_LENGTH characters.
 * U+0000 is refused: PostgreSQL text cannot hold it (the driver's error was a 500), and no stored
 * text does on any database. So is half a surrogate pair (JSON can carry one as \ud800): it is not
 * text, and Babelfish's driver refused it with a 500.
 */
export const requestText = () =>
  z
    .string()
    .trim()
    .max(MAX_TEXT_LENGTH)
    .refine((v) => !v.includes('\u0000'), { message: '不能包含 NUL 字符（U+0000）' })
    .refine((v) => !LONE_SURROGATE.test(v), { message: '不能包含不成对的 UTF-16 代理项（如单独的 \\ud800）' });

/** A text filter (`requestText`): an empty string means "no filter". */
export const textFilter = (description: string, whenEmpty = '空字符串或 null 表示不筛选') =>
  requestText()
    // For the OpenAPI document: the refine above, as JSON Schema says it.
    .meta({ pattern: '^[^\\u0000]*$' })
    .transform((v) => (v === '' ? undefined : v))
    .apply(clearable)
    .optional()
    .describe(`${description}；首尾空白会被去掉，${whenEmpty}；最多 ${MAX_TEXT_LENGTH} 个字符，不能包含 U+0000 或不成对的代理项`);

/**
 * A date filter (YYYY-MM-DD). An empty string means "no filter", as for the text filters: search
 * forms send a cleared date field as "". The union (not a preprocess) lets the OpenAPI say so.
 * Year 0000 is refused: the calendar has no such year, and SQL Server's and PostgreSQL's dates start at 0001.
 * A field whose days reach further (工作台 counts a year back and a month ahead) names narrower bounds.
 */
export const dateString = (description: string, { first = FIRST_DATE, last = LAST_DATE, why = '' } = {}) =>
  z
    // The union's own message: a number or a malformed text there is a bad date, not "invalid input".
    .union([z.iso.date(), z.literal('')], { error: (issue) => dateMessage(issue.input) })
    .refine((v) => v === '' || (v >= first && v <= last), { message: `日期须在 ${first} 至 ${last} 之间${why}` })
    .transform((v) => (v === '' ? undefined : v))
    .apply(clearable)
    .optional()
    .describe(`${description}；${first} 至 ${last}，空字符串或 null 表示不筛选`);

export const price = (description: string) =>
  z.number().min(0).max(MAX_PRICE).apply(clearable).optional().describe(`${description}；null 表示不筛选`);

/** A bound on a 4-place rate such as changeRate (0.1 = +10 %); any number within ±MAX_RATE. */
export const rateBound = (description: string) =>
  z.number().min(-MAX_RATE).max(MAX_RATE).apply(clearable).optional().describe(`${description}；null 表示不筛选`);

/** The most part numbers a list filter takes (a BOM pasted from Excel). */
export const MAX_PART_NOS = 1000;

/**
 * Exact part numbers: each trimmed, blanks and repeats dropped; an empty list (or null) means no
 * filter. Each follows the text filters' rules (`requestText`).
 */
export const partNoList = (description: string) =>
  z
    .array(requestText())
    .max(MAX_PART_NOS, `最多 ${MAX_PART_NOS} 个物料编码`)
    .transform((codes) => {
      const distinct = [...new Set(codes.filter((c) => c !== ''))];
      return distinct.length > 0 ? distinct : undefined;
    })
    .apply(clearable)
    .optional()
    .describe(`${description}；精确匹配，去掉首尾空白，重复与空白项忽略；最多 ${MAX_PART_NOS} 个；空数组或 null 表示不筛选`);

export const enumList = <T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.array(z.enum(values)).max(20).apply(clearable).optional().describe(`${description}；空数组或 null 表示不筛选`);

/**
 * The columns of an export and their order (the page sends its visible columns): each a field of
 * the row, at most once. JSON pages always carry every field.
 */
export const exportColumnList = <F extends string>(fields: readonly [F, ...F[]]) =>
  z
    .array(z.enum(fields))
    .min(1)
    .refine((names) => new Set(names).size === names.length, { message: '列不能重复' })
    .meta({ uniqueItems: true })
    .nullable()
    .optional()
    .describe('导出（CSV / xlsx）的列及其顺序，为行的字段名；省略或 null 为全部列。JSON 分页总返回全部字段');

export const paging = {
  current: z.number().int().min(1).max(MAX_CURRENT).default(1).describe('页码，从 1 开始'),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20).describe(`每页条数，1..${MAX_PAGE_SIZE}`),
};

/**
 * ProTable's `sort` argument: `{field: 'ascend' | 'descend' | null}`, key order = priority.
 * A record (not an object schema) keeps the caller's key order.
 */
export function sortSchema<F extends string>(fields: readonly [F, ...F[]]) {
  return (
    z
      .partialRecord(z.enum(fields), z.enum(['ascend', 'descend']).nullable())
      .refine((o) => Object.keys(o).length <= MAX_SORT_KEYS, `最多 ${MAX_SORT_KEYS} 个排序字段`)
      // For the OpenAPI document: what the refine and the enum keys enforce, as JSON Schema says it.
      .meta({ maxProperties: MAX_SORT_KEYS, additionalProperties: false })
      .nullable()
      .optional()
      .describe(`排序，如 {"${fields[0]}": "descend"}；键的顺序即优先级，最多 ${MAX_SORT_KEYS} 个，值为 null 的键被忽略`)
  );
}

export function toSortKeys<F extends string>(sort: Partial<Record<F, 'ascend' | 'descend' | null>> | null | undefined): SortKey<F>[] {
  if (!sort) return [];
  const keys: SortKey<F>[] = [];
  for (const [field, order] of Object.entries(sort) as [F, 'ascend' | 'descend' | null][]) {
    if (order) keys.push({ field, order });
  }
  return keys;
}

/** minPrice ≤ maxPrice and from ≤ to, reported on the second field. */
export function orderedPair(
  ctx: z.RefinementCtx,
  low: string | number | undefined,
  high: string | number | undefined,
  highPath: string,
  message: string,
): void {
  if (low !== undefined && high !== undefined && low > high) {
    ctx.addIssue({ code: 'custom', path: [highPath], message });
  }
}

/** An ISO 4217 code as the tables hold it: three capital letters, taken as written (not trimmed or folded). */
export const currencyCode = (description: string) =>
  z
    .string()
    .regex(/^[A-Z]{3}$/, '币种应为三位大写字母（ISO 4217），如 USD')
    .describe(`${description}；三位大写字母（ISO 4217），如 USD`);

/** Currencies to filter by: any of them; an empty list (or null) means no filter. */
export const currencyList = (description: string) =>
  z
    .array(currencyCode('币种'))
    .max(20)
    .transform((codes) => (codes.length > 0 ? [...new Set(codes)] : undefined))
    .apply(clearable)
    .optional()
    .describe(`${description}；空数组或 null 表示不筛选`);
