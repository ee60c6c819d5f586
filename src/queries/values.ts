import type { Knex } from 'knex';
/**
 * Turning driver values into the contract's JSON values, the same on every database:
 * pg and mysql2 return decimals as strings, SQLite as floats, tedious as numbers; SQLite keeps
 * our UTC instants as epoch milliseconds (knex binds Dates that way), the others return Dates.
 */
/** `fx`: an exchange rate, decimal(18,8). */
export type ValueKind = 'int' | 'text' | 'money' | 'rate' | 'fx' | 'datetime' | 'date';

/**
 * A selected column: the JSON field, the qualified SQL column (or the SQL of a value computed per
 * row, in the database's own form), and how to read its value. A derived column selects nothing:
 * its value is computed from the row's earlier fields.
 */
export type Column =
  | { field: string; sql: string | ((client: Knex.Client) => string); kind: ValueKind }
  | { field: string; derive: (row: Readonly<Record<string, unknown>>) => unknown; kind: ValueKind };

export function round4(value: number): number {
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * A rate in whole ten-thousandths, as SQL computes it exactly (operations/pricing-change.ts), as a
 * number: the division gives the double nearest to the 4-place decimal, as JSON.parse would.
 */
export function rateFromUnits(units: number | string | bigint): number {
  const rate = Number(units) / 10_000;
  return Object.is(rate, -0) ? 0 : rate;
}

const TEN_THOUSAND = 10_000n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * (value − base) / base rounded to 4 places, half away from zero, null when base is 0: the same
 * rule as SQL's changeRate, exactly, for money values of at most 4 places (within 2^53 / 10^4).
 */
export function rateOf(value: number, base: number): number | null {
  const a = Math.round(value * 10_000);
  const b = Math.round(base * 10_000);
  if (b === 0) return null;
  const n = (a - b) * 10_000;
  const dividend = 2 * Math.abs(n) + Math.abs(b);
  // Below 2^53 a double holds these whole numbers exactly, and floor of their quotient is exact too
  // (the quotient is at least 1/divisor below the next whole number, more than its rounding error).
  if (Number.isSafeInteger(dividend) && Number.isSafeInteger(n)) {
    const q = Math.floor(dividend / (2 * Math.abs(b)));
    return rateFromUnits(n < 0 !== b < 0 ? -q : q);
  }
  const [bigA, bigB] = [BigInt(a), BigInt(b)];
  const bigN = (bigA - bigB) * TEN_THOUSAND;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const q = (2n * abs(bigN) + abs(bigB)) / (2n * abs(bigB));
  return rateFromUnits(bigN < 0n !== bigB < 0n ? -q : q);
}

/**
 * A bound on a 4-place value as whole ten-thousandths: the least at or above `value` (`ceil`, for a
 * lower bound) or the greatest at or below it (`floor`, for an upper bound), reading the number as
 * the decimal it is written as (0.1 is exactly 1000, 0.12345 between 1234 and 1235).
 */
export function tenThousandthsBound(value: number, direction: 'ceil' | 'floor'): number {
  return Number(exactTenThousandthsBound(value, direction));
}

/** tenThousandthsBound exactly, at any size (a price of 10^12 is 10^16 units, past 2^53). */
export function exactTenThousandthsBound(value: number, direction: 'ceil' | 'floor'): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!m) throw new RangeError(`not a finite number: ${value}`);
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  // value = ±digits × 10^shift, so value × 10^4 = ±digits × 10^(shift + 4).
  const digits = BigInt(whole! + fraction);
  const shift = Number(exponent) - fraction.length + 4;
  let units: bigint;
  if (shift >= 0) {
    units = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    units = digits / divisor;
    const inexact = digits % divisor !== 0n;
    // Away from zero for a positive ceil or a negative floor, toward zero otherwise.
    if (inexact && (sign === '-') === (direction === 'floor')) units += 1n;
  }
  return sign === '-' ? -units : units;
}

/**
 * A money value as a driver gives it (decimal text from pg, mysql2; a number from SQLite, tedious)
 * in whole ten-thousandths, exactly at any size: the text as written, rounded half away from zero
 * to 4 places (a number by its shortest decimal form, the one JSON would write).
 */
export function moneyUnits(value: unknown): bigint {
  return decimalUnits(value, 4);
}

/** moneyUnits with `places` decimals: an exchange rate, decimal(18,8), in whole hundred-millionths. */
export function decimalUnits(value: unknown, places: number): bigint {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(String(value).trim());
  if (!m || (m[2] === '' && !m[3])) throw new RangeError(`not a decimal: ${String(value)}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = m;
  const digits = BigInt(whole + fraction || '0');
  const shift = Number(exponent) - fraction.length + places;
  let units = digits * 10n ** BigInt(Math.max(shift, 0));
  if (shift < 0) {
    const divisor = 10n ** BigInt(-shift);
    units = digits / divisor + (2n * (digits % divisor) >= divisor ? 1n : 0n);
  }
  return sign === '-' ? -units : units;
}

/** Whole ten-thousandths as the JSON number of that 4-place decimal (the double nearest to it). */
export function moneyFromUnits(units: bigint): number {
  return numberFromUnits(units, 4);
}

/** Whole units of 10^-places as the JSON number of that decimal (the double nearest to it). */
export function numberFromUnits(units: bigint, places: number): number {
  // Below 2^53 both are exact doubles, and IEEE division rounds to the nearest double: the same
  // number as the decimal text would parse to, without building the text.
  if (units <= MAX_SAFE && units >= -MAX_SAFE) return Number(units) / 10 ** places;
  const scale = 10n ** BigInt(places);
  const abs = units < 0n ? -units : units;
  const value = Number(`${abs / scale}.${String(abs % scale).padStart(places, '0')}`);
  return units < 0n ? -value : value;
}

/** a / b rounded half away from zero to a whole number, exactly (b ≠ 0). */
export function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (2n * x + y) / (2n * y);
  return negative ? -q : q;
}

/** Half of a number of ten-thousandths, rounded half away from zero (the mean of two middle prices). */
export function halfOfUnits(units: bigint): bigint {
  const half = units / 2n;
  return units % 2n === 0n ? half : half + (units < 0n ? -1n : 1n);
}

/** What toISOString writes for years 0–9999 (pg's timestamps may already come so: dialects/postgres.ts). */
const CANONICAL_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export function toUtcIso(value: unknown): string {
  if (typeof value === 'number') return isoOfEpochMs(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && CANONICAL_ISO.test(value)) return value;
  if (typeof value === 'bigint') return isoOfEpochMs(Number(value));
  const text = String(value);
  if (/^\d+$/.test(text)) return isoOfEpochMs(Number(text));
  // A zone-less 'YYYY-MM-DD HH:MM:SS' from a driver is UTC: that is how we store it.
  const hasZone = /([zZ]|[+-]\d\d:?\d\d)$/.test(text);
  return new Date(hasZone ? text : `${text.replace(' ', 'T')}Z`).toISOString();
}

const DAY_MS = 86_400_000;
/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: toISOString writes 4-digit years between. */
const FIRST_4_DIGIT_MS = -62_167_219_200_000;
const LAST_4_DIGIT_MS = 253_402_300_799_999;
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * new Date(ms).toISOString() without the Date (SQLite returns instants as epoch milliseconds, one
 * per datetime cell): the proleptic Gregorian day from the day count (Hinnant's days_from_civil inverse).
 */
export function isoOfEpochMs(ms: number): string {
  if (!Number.isInteger(ms) || ms < FIRST_4_DIGIT_MS || ms > LAST_4_DIGIT_MS) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  const time = ms - days * DAY_MS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const milli = time % 1000;
  const seconds = (time - milli) / 1000;
  const yyyy = year < 10 ? `000${year}` : year < 100 ? `00${year}` : year < 1000 ? `0${year}` : `${year}`;
  const mmm = milli < 10 ? `00${milli}` : milli < 100 ? `0${milli}` : `${milli}`;
  return `${yyyy}-${pad2(month)}-${pad2(day)}T${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}.${mmm}Z`;
}

export function toDateOnly(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** Each kind's reading of a driver value (null stays null). */
const READERS: Readonly<Record<ValueKind, (value: unknown) => unknown>> = {
  int: (v) => (v === null || v === undefined ? null : typeof v === 'number' ? v : Number(v)),
  text: (v) => (v === null || v === undefined ? null : typeof v === 'string' ? v : String(v)),
  money: (v) => (v === null || v === undefined ? null : round4(Number(v))),
  rate: (v) => (v === null || v === undefined ? null : round4(Number(v))),
  fx: (v) => (v === null || v === undefined ? null : numberFromUnits(decimalUnits(v, 8), 8)),
  datetime: (v) => (v === null || v === undefined ? null : toUtcIso(v)),
  date: (v) => (v === null || v === undefined ? null : toDateOnly(v)),
};

export function readValue(kind: ValueKind, value: unknown): unknown {
  return READERS[kind](value);
}

const selectLists = new WeakMap<Knex.Client, WeakMap<readonly Column[], Knex.Raw>>();

/**
 * Selects `table.column as field` for each column. The list is quoted by the database's dialect once
 * per column list (the lists are constants) and kept as raw SQL: quoting every identifier on every
 * request cost more than the rest of building the query. The SQL is the same as
 * select('t.c as f', …) compiles to.
 */
export function selectColumns(qb: Knex.QueryBuilder, columns: readonly Column[]): Knex.QueryBuilder {
  let lists = selectLists.get(qb.client);
  if (!lists) selectLists.set(qb.client, (lists = new WeakMap()));
  let list = lists.get(columns);
  if (!list) {
    const client = qb.client;
    const sql = columns
      .flatMap((c) => ('sql' in c ? [c] : []))
      .map((c) =>
        typeof c.sql === 'string'
          ? (client.raw('?? as ??', [c.sql, c.field]) as Knex.Raw).toQuery()
          : `${c.sql(client)} as ${(client.raw('??', [c.field]) as Knex.Raw).toQuery()}`,
      )
      .join(', ');
    lists.set(columns, (list = client.raw(sql) as Knex.Raw));
  }
  return qb.select(list);
}

type RowMapper = (raw: Readonly<Record<string, unknown>>) => Record<string, unknown>;
const mappers = new WeakMap<readonly Column[], RowMapper>();

/**
 * A column list's mapper, built once per list (the lists are constants): each column's reader is
 * chosen here rather than by a switch on every value.
 */
function mapperOf(columns: readonly Column[]): RowMapper {
  let mapper = mappers.get(columns);
  if (mapper) return mapper;
  const steps = columns.map((c) => ({ field: c.field, derive: 'derive' in c ? c.derive : undefined, read: READERS[c.kind] }));
  mapper = (raw) => {
    const row: Record<string, unknown> = {};
    for (const { field, derive, read } of steps) row[field] = derive ? derive(row) : read(raw[field]);
    return row;
  };
  mappers.set(columns, mapper);
  return mapper;
}

/** A raw row (keyed by field) to the contract's row, fields in the column list's order. */
export function mapRow<T>(columns: readonly Column[], raw: Record<string, unknown>): T {
  return mapperOf(columns)(raw) as T;
}
