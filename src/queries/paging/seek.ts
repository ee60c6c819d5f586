import type { Knex } from 'knex';
import { sqlOf, type OrderingKey } from './sort.js';

/**
 * Rows strictly after the row with id `afterId` in the given ordering (keyset pagination):
 *   k1 ≥ c1 AND (k1 > c1 OR (k1 = c1 AND k2 > c2) OR …)   (< for descending keys).
 * The redundant leading bound lets the database use an index on the first key.
 *
 * The cursor row's sort values are not passed as parameters but read again by scalar subqueries
 * (`valueAt`: that row's column, by id), so the comparison happens in SQL with the column's own type,
 * precision and collation (datetime2's 100 ns, a decimal that a driver hands over as a float, a
 * case-insensitive collation) exactly as ORDER BY sees them. Sortable columns are NOT NULL (the
 * migration); a computed key may be null and sorts its nulls last either way (paging/sort.ts), so
 * for it "after" is also "null where the cursor's is not", and "equal" is also "both null". A
 * cursor row deleted by a commit that races the request makes the subqueries NULL and the page
 * empty; callers use cursors from their own reads (export) or kept under an unchanged token
 * (freshness/page-positions.ts), so only such a race can do that.
 */
export function whereAfter(
  qb: Knex.QueryBuilder,
  ordering: readonly OrderingKey[],
  idColumn: string,
  afterId: number,
  valueAt: (column: string | Knex.Raw) => Knex.QueryBuilder,
): void {
  const compare = (target: Knex.QueryBuilder, key: OrderingKey, operator: '=' | '<' | '>' | '<=' | '>='): void => {
    if (key.column === idColumn) {
      target.where(idColumn, operator, afterId);
    } else if (!key.nullable) {
      target.where(key.column as string, operator, valueAt(key.column));
    } else {
      const sql = sqlOf(qb.client, key.column);
      const cursor = valueAt(key.column);
      const nulls = operator === '=' ? 'is null' : 'is not null';
      target.whereRaw(`(${sql} ${operator} ? or (${sql} is null and ? ${nulls}))`, [cursor, cursor.clone()]);
    }
  };
  const first = ordering[0]!;
  if (!first.nullable) compare(qb, first, first.ascending ? '>=' : '<=');
  qb.where((any) => {
    ordering.forEach((key, i) => {
      any.orWhere((all) => {
        for (const earlier of ordering.slice(0, i)) compare(all, earlier, '=');
        compare(all, key, key.ascending ? '>' : '<');
      });
    });
  });
}
