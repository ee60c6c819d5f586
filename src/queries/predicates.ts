import type { Knex } from 'knex';
import { dialectOf } from '../db/dialects/index.js';
import { endOfDayIn, startOfDayIn } from '../time-zone.js';
import { exactTenThousandthsBound } from './values.js';

/**
 * The list operations' filters other than contains-searches (search/), and their join to parts.
 * Values reach SQL only as bound parameters; column names come from our own code.
 */

export function whereIn(qb: Knex.QueryBuilder, column: string, values: readonly string[] | undefined): void {
  if (values && values.length > 0) qb.whereIn(column, [...new Set(values)]);
}

/**
 * A money column (decimal(18, 4)) within [min, max], either may be absent. Where the dialect binds
 * money bounds as that decimal (moneyBound), each is first the 4-place value on its side of the
 * number (up for min, down for max), which keeps the same 4-place values; a min beyond what the
 * column holds keeps none, a max beyond it every one. Elsewhere the numbers are bound as they are.
 */
export function whereMoneyRange(qb: Knex.QueryBuilder, column: string, min: number | undefined, max: number | undefined): void {
  const { moneyBound } = dialectOf(qb.client);
  if (!moneyBound) {
    if (min !== undefined) qb.where(column, '>=', min);
    if (max !== undefined) qb.where(column, '<=', max);
    return;
  }
  if (min !== undefined) {
    const bound = moneyBound(qb.client, exactTenThousandthsBound(min, 'ceil'));
    if (bound) qb.where(column, '>=', bound);
    else qb.whereRaw('1 = 0');
  }
  if (max !== undefined) {
    const bound = moneyBound(qb.client, exactTenThousandthsBound(max, 'floor'));
    if (bound) qb.where(column, '<=', bound);
  }
}

/** An instant as a bound, as the database's dialect binds it. */
export function instantBound(client: Knex.Client, instant: Date): Date | Knex.Raw {
  return dialectOf(client).instantBound?.(client, instant) ?? instant;
}

/**
 * priced_at within calendar days [from, to] of the business time zone (both inclusive). A bound
 * beyond what the column can hold is left out: every stored value is on its side anyway, while
 * binding it would fail (SQL Server) or compare as an invalid datetime (MariaDB, year 10000).
 */
export function whereDayRange(
  qb: Knex.QueryBuilder,
  column: string,
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): void {
  const [first, last] = dialectOf(qb.client).storableInstants;
  const start = from ? startOfDayIn(from, timeZone) : undefined;
  const end = to ? endOfDayIn(to, timeZone) : undefined;
  if (start && start.getTime() > first) qb.where(column, '>=', instantBound(qb.client, start));
  if (end && end.getTime() <= last) qb.where(column, '<', instantBound(qb.client, end));
}

/**
 * A date column within [from, to] (YYYY-MM-DD, both inclusive, either may be absent); null never
 * matches. Dates compare as their YYYY-MM-DD text on every database.
 */
export function whereDateRange(qb: Knex.QueryBuilder, column: string, from: string | undefined, to: string | undefined): void {
  if (from !== undefined) qb.where(column, '>=', from);
  if (to !== undefined) qb.where(column, '<=', to);
}

/** A value JSON writes as it is: no quote, backslash, control character or lone surrogate to escape. */
const jsonVerbatim = (value: string): boolean => JSON.stringify(value) === `"${value}"`;

/**
 * `column in (values)`, every value bound, however long the list. Where the dialect takes lists as
 * one JSON parameter (SQL Server: at most 2,100 parameters a statement), the values are one JSON
 * array read by OPENJSON; a text JSON would escape is bound on its own beside it, since Babelfish's
 * OPENJSON returns escapes as they are written (`a\"b` for `a"b`). `integer`: the values are ids.
 */
export function whereInList(
  qb: Knex.QueryBuilder,
  column: string,
  values: readonly string[] | readonly number[],
  kind: 'text' | 'integer' = 'text',
): Knex.QueryBuilder {
  const unique = [...new Set<string | number>(values)];
  if (dialectOf(qb.client).valueLists !== 'openjson' || unique.length === 0) return qb.whereIn(column, unique);
  const inJson = unique.filter((v) => typeof v === 'number' || jsonVerbatim(v));
  const alone = unique.filter((v) => typeof v === 'string' && !jsonVerbatim(v));
  if (inJson.length === 0) return qb.whereIn(column, alone);
  const value = qb.client.raw(kind === 'integer' ? 'cast(?? as int)' : '??', ['value']) as Knex.Raw;
  const list = qb.client
    .queryBuilder()
    .select(value)
    .from(qb.client.raw('openjson(?)', [JSON.stringify(inJson)]) as Knex.Raw);
  if (alone.length === 0) return qb.whereIn(column, list);
  return qb.where((w) => void w.whereIn(column, list).orWhereIn(column, alone));
}

/** `<partIdColumn> in (the ids of these part numbers)`: exact, one statement with the list's rows. */
export function wherePartNos(qb: Knex.QueryBuilder, partIdColumn: string, partNos: readonly string[]): void {
  qb.whereIn(partIdColumn, whereInList(qb.client.queryBuilder().from('parts').select('parts.id'), 'parts.part_no', partNos));
}

/**
 * Pricings in force on `day` (YYYY-MM-DD): approved, valid_from ≤ day, valid_to null or ≥ day.
 * Dates compare as their YYYY-MM-DD text on every database, as the process list's validOn does.
 */
export function whereInForceOn(qb: Knex.QueryBuilder, day: string, table = 'pricing'): Knex.QueryBuilder {
  return qb
    .where(`${table}.status`, 'approved')
    .where(`${table}.valid_from`, '<=', day)
    .where((w) => void w.whereNull(`${table}.valid_to`).orWhere(`${table}.valid_to`, '>=', day));
}

/**
 * `join parts on parts.id = <partIdColumn>`. When no filter looks at parts the listed table must
 * drive the join (its sort indexes give the page, parts is looked up by primary key); MySQL/MariaDB
 * instead scanned parts, joined every pricing and sorted them all, so there the join is a
 * STRAIGHT_JOIN.
 */
export function joinParts(qb: Knex.QueryBuilder, partIdColumn: string, options: { filtersOnParts: boolean }): void {
  if (!options.filtersOnParts && dialectOf(qb.client).straightJoin) {
    qb.joinRaw('straight_join ?? on ?? = ??', ['parts', 'parts.id', partIdColumn]);
  } else {
    qb.join('parts', 'parts.id', partIdColumn);
  }
}
