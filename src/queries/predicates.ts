import type { Knex } from 'knex';
import { endOfDayIn, startOfDayIn } from '../time-zone.js';

/**
 * The list operations' filters other than contains-searches (search/), and their join to parts.
 * Values reach SQL only as bound parameters; column names come from our own code.
 */

export function whereIn(qb: Knex.QueryBuilder, column: string, values: readonly string[] | undefined): void {
  if (values && values.length > 0) qb.whereIn(column, [...new Set(values)]);
}

export function whereRange(qb: Knex.QueryBuilder, column: string, min: number | undefined, max: number | undefined): void {
  if (min !== undefined) qb.where(column, '>=', min);
  if (max !== undefined) qb.where(column, '<=', max);
}

/** The last instant a datetime column holds on SQL Server (datetime2) and MySQL/MariaDB (DATETIME). */
const LAST_STORABLE_MS = Date.parse('9999-12-31T23:59:59.999Z');
/** The first one on SQL Server; MariaDB's DATETIME goes back to year 0, pg and SQLite further still. */
const FIRST_DATETIME2_MS = Date.parse('0001-01-01T00:00:00.000Z');
/** knex binds a Date as SQL Server's legacy datetime, which starts in 1753 (datetime2: year 1). */
const FIRST_LEGACY_DATETIME_MS = Date.parse('1753-01-01T00:00:00.000Z');

/** The instants a database's datetime columns can hold, where that is narrower than a day bound's. */
function storableRange(client: string): [first: number, last: number] {
  if (client === 'mssql') return [FIRST_DATETIME2_MS, LAST_STORABLE_MS];
  if (client === 'mysql2' || client === 'mysql') return [-Infinity, LAST_STORABLE_MS];
  return [-Infinity, Infinity];
}

/** An instant as a bound; before 1753 SQL Server gets it as datetime2 text, which the column's type reads exactly. */
function instantBound(qb: Knex.QueryBuilder, instant: Date): Date | Knex.Raw {
  if (qb.client.config.client !== 'mssql' || instant.getTime() >= FIRST_LEGACY_DATETIME_MS) return instant;
  return qb.client.raw('cast(? as datetime2(3))', [instant.toISOString().slice(0, 23)]) as Knex.Raw;
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
  const [first, last] = storableRange(qb.client.config.client as string);
  const start = from ? startOfDayIn(from, timeZone) : undefined;
  const end = to ? endOfDayIn(to, timeZone) : undefined;
  if (start && start.getTime() > first) qb.where(column, '>=', instantBound(qb, start));
  if (end && end.getTime() <= last) qb.where(column, '<', instantBound(qb, end));
}

/**
 * `join parts on parts.id = <partIdColumn>`. When no filter looks at parts the listed table must
 * drive the join (its sort indexes give the page, parts is looked up by primary key); MySQL/MariaDB
 * instead scanned parts, joined every pricing and sorted them all, so there the join is a
 * STRAIGHT_JOIN.
 */
export function joinParts(qb: Knex.QueryBuilder, partIdColumn: string, options: { filtersOnParts: boolean }): void {
  const client = qb.client.config.client as string;
  if (!options.filtersOnParts && (client === 'mysql2' || client === 'mysql')) {
    qb.joinRaw('straight_join ?? on ?? = ??', ['parts', 'parts.id', partIdColumn]);
  } else {
    qb.join('parts', 'parts.id', partIdColumn);
  }
}
