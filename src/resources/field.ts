import type { Knex } from 'knex';
import { z } from 'zod';
import type { ComputedSortColumn, SortColumn } from '../queries/paging/sort.js';
import type { Column, ValueKind } from '../queries/values.js';

/**
 * What a resource module (pricing.ts, secondary-process.ts, detail-line.ts) says of each field of
 * its row, once; the row type and schema, the SELECT list, the export columns, the sort columns
 * and the page's titles are derived from it here.
 */
export interface Field {
  /** The Chinese name: export header, start of the OpenAPI description, the page's column title. */
  label: string;
  /** Said after the label in the OpenAPI description only. */
  note?: string;
  type: ValueType;
  /** Its qualified column, or the SQL of a value computed per row in the database's own form. */
  sql?: string | ((client: Knex.Client) => string);
  /** A value computed from the row's earlier fields, selecting nothing. */
  derive?: (row: Readonly<Record<string, unknown>>) => unknown;
  /** A sort key that is not its column (a computed one). */
  sortBy?: ComputedSortColumn;
  /** How exports show it where its JSON value is not what the staff read. */
  display?: ValueDisplay;
}

export type Fields = Readonly<Record<string, Field>>;

/**
 * How an exported value reads for the pricing staff, beyond its JSON type: a code as its Chinese
 * name, a rate as a percentage. CSV and xlsx show the same thing.
 */
export type ValueDisplay = { labels: Readonly<Record<string, string>> } | 'percent';

/** A field's JSON type (its zod schema, given the description) and how its driver value is read. */
export interface ValueType<S extends z.ZodType = z.ZodType> {
  kind: ValueKind;
  schema: (description: string) => S;
}

export const int = { kind: 'int', schema: (d: string) => z.number().int().describe(d) } satisfies ValueType;
export const text = { kind: 'text', schema: (d: string) => z.string().describe(d) } satisfies ValueType;
export const nullableText = { kind: 'text', schema: (d: string) => z.string().nullable().describe(d) } satisfies ValueType;
export const money = { kind: 'money', schema: (d: string) => z.number().describe(`${d}（最多 4 位小数）`) } satisfies ValueType;
export const nullableMoney = { kind: 'money', schema: (d: string) => money.schema(d).nullable() } satisfies ValueType;
export const fxRate = {
  kind: 'fx',
  schema: (d: string) => z.number().positive().describe(`${d}（最多 8 位小数）`),
} satisfies ValueType;
export const nullableRate = { kind: 'rate', schema: (d: string) => z.number().nullable().describe(d) } satisfies ValueType;
export const dateTime = { kind: 'datetime', schema: (d: string) => z.iso.datetime().describe(`${d}（ISO 8601 UTC）`) } satisfies ValueType;
export const date = { kind: 'date', schema: (d: string) => z.iso.date().describe(`${d}（YYYY-MM-DD）`) } satisfies ValueType;
export const nullableDate = { kind: 'date', schema: (d: string) => date.schema(d).nullable() } satisfies ValueType;

/** A closed list of codes (src/domain.ts), sent as the code. */
export const codes = <T extends readonly [string, ...string[]]>(values: T) =>
  ({ kind: 'text', schema: (d: string) => z.enum(values).describe(d) }) satisfies ValueType;

type RowShape<F extends Fields> = { -readonly [K in keyof F]: ReturnType<F[K]['type']['schema']> };

/** The row's schema (its type is z.infer of it): each field's type, described by its label and note. */
export function rowSchema<F extends Fields>(fields: F): z.ZodObject<RowShape<F>, z.core.$strict> {
  const shape = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.type.schema(f.label + (f.note ?? ''))]));
  return z.strictObject(shape as RowShape<F>);
}

/** The row's field names, in its order (a non-empty tuple, as z.enum takes it). */
export function fieldNames<F extends Fields>(fields: F): [keyof F & string, ...(keyof F & string)[]] {
  return Object.keys(fields) as [keyof F & string, ...(keyof F & string)[]];
}

/** A filter's short Chinese name (its declaration's `.meta({ title })`), else its field name. */
export function filterTitle(name: string, schema: z.ZodType): string {
  const title = schema.meta()?.title;
  return typeof title === 'string' ? title : name;
}

/** Each field's label, in the row's order. */
export function labelsOf<F extends Fields>(fields: F): { readonly [K in keyof F]: string } {
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.label])) as { [K in keyof F]: string };
}

/** The SELECT list (values.ts), in the row's order. */
export function columnsOf(fields: Fields): readonly Column[] {
  return Object.entries(fields).map(([field, f]): Column => {
    const kind = f.type.kind;
    if (f.derive) return { field, derive: f.derive, kind };
    if (f.sql === undefined) throw new Error(`field ${field} has neither sql nor derive`);
    return { field, sql: f.sql, kind };
  });
}

/** What each sortable field orders by: its sort key, else its column. */
export function sortColumns<F extends Fields, N extends keyof F & string>(fields: F, sortable: readonly N[]): Record<N, SortColumn> {
  return Object.fromEntries(
    sortable.map((name) => {
      const { sortBy, sql } = fields[name]!;
      if (!sortBy && typeof sql !== 'string') throw new Error(`sortable field ${name} has no column or sort key`);
      return [name, sortBy ?? sql];
    }),
  ) as Record<N, SortColumn>;
}

/** A list's filters as its operation reads them: each declared filter's validated value, all optional. */
export type FiltersOf<D extends Readonly<Record<string, z.ZodType>>> = { [K in keyof D]?: Exclude<z.output<D[K]>, undefined> };
