import type { Knex } from 'knex';
/**
 * Turning driver values into the contract's JSON values, the same on every database:
 * pg and mysql2 return decimals as strings, SQLite as floats, tedious as numbers; SQLite keeps
 * our UTC instants as epoch milliseconds (knex binds Dates that way), the others return Dates.
 */
export type ValueKind = 'int' | 'text' | 'money' | 'datetime' | 'date';

/** A selected column: the JSON field, the qualified SQL column, and how to read its value. */
export interface Column {
  field: string;
  sql: string;
  kind: ValueKind;
}

export function round4(value: number): number {
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function toUtcIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value)).toISOString();
  const text = String(value);
  if (/^\d+$/.test(text)) return new Date(Number(text)).toISOString();
  // A zone-less 'YYYY-MM-DD HH:MM:SS' from a driver is UTC: that is how we store it.
  const hasZone = /([zZ]|[+-]\d\d:?\d\d)$/.test(text);
  return new Date(hasZone ? text : `${text.replace(' ', 'T')}Z`).toISOString();
}

export function toDateOnly(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

export function readValue(kind: ValueKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'int':
      return Number(value);
    case 'text':
      return String(value);
    case 'money':
      return round4(Number(value));
    case 'datetime':
      return toUtcIso(value);
    case 'date':
      return toDateOnly(value);
  }
}

const selectLists = new WeakMap<Knex.Client, WeakMap<readonly Column[], Knex.Raw>>();

/**
 * Selects `table.column as field` for each column. The list is quoted by the database's dialect once
 * per column list (the lists are constants) and kept as raw SQL: quoting every identifier on every
 * request cost more than the rest of building the query (bench/README.md). The SQL is the same as
 * select('t.c as f', …) compiles to.
 */
export function selectColumns(qb: Knex.QueryBuilder, columns: readonly Column[]): Knex.QueryBuilder {
  let lists = selectLists.get(qb.client);
  if (!lists) selectLists.set(qb.client, (lists = new WeakMap()));
  let list = lists.get(columns);
  if (!list) {
    const client = qb.client;
    const sql = columns.map((c) => (client.raw('?? as ??', [c.sql, c.field]) as Knex.Raw).toQuery()).join(', ');
    lists.set(columns, (list = client.raw(sql) as Knex.Raw));
  }
  return qb.select(list);
}

/** A raw row (keyed by field) to the contract's row, fields in the column list's order. */
export function mapRow<T>(columns: readonly Column[], raw: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const c of columns) row[c.field] = readValue(c.kind, raw[c.field]);
  return row as T;
}
