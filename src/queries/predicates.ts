import type { Knex } from 'knex';
import { nextDay, startOfDayIn } from '../time-zone.js';

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

/** priced_at within calendar days [from, to] of the business time zone (both inclusive). */
export function whereDayRange(
  qb: Knex.QueryBuilder,
  column: string,
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): void {
  if (from) qb.where(column, '>=', startOfDayIn(from, timeZone));
  if (to) qb.where(column, '<', startOfDayIn(nextDay(to), timeZone));
}

/**
 * `join parts on parts.id = <partIdColumn>`. When no filter looks at parts the listed table must
 * drive the join (its sort indexes give the page, parts is looked up by primary key); MySQL/MariaDB
 * instead scanned parts, joined every pricing and sorted them all (1M pricings, page 1: > 15 s →
 * 22 ms), so there the join is a STRAIGHT_JOIN.
 */
export function joinParts(qb: Knex.QueryBuilder, partIdColumn: string, options: { filtersOnParts: boolean }): void {
  const client = qb.client.config.client as string;
  if (!options.filtersOnParts && (client === 'mysql2' || client === 'mysql')) {
    qb.joinRaw('straight_join ?? on ?? = ??', ['parts', 'parts.id', partIdColumn]);
  } else {
    qb.join('parts', 'parts.id', partIdColumn);
  }
}
