import type { Knex } from 'knex';
import { orderBy, type SortKey } from '../queries/paging.js';
import { run, type QueryDeps } from '../queries/query-deps.js';
import { mapRow, selectList } from '../queries/values.js';
import type { ExportOperation } from './operations.js';

export interface KeysetOptions {
  /** Rows per query. */
  batchSize: number;
  /** Stop after this many rows even if more match (rows added after the count). */
  maxRows: number;
}

/**
 * Every row of `filtered` in the order of the JSON pages (the requested keys, then id), fetched in
 * keyset batches so that memory stays flat and no batch re-reads the rows before it: knex's
 * .stream() buffers everything on SQLite, and OFFSET re-scans all skipped rows.
 *
 * The cursor is the id of the last row sent. Its sort values are not sent back as parameters but
 * read again by scalar subqueries, so the comparison happens in SQL with the column's own type,
 * precision and collation (datetime2's 100 ns, a decimal that a driver hands over as a float, a
 * case-insensitive collation) exactly as ORDER BY sees them. This relies on every sortable column
 * being NOT NULL, which the migration guarantees.
 */
export async function* keysetRows<T, Filters>(
  deps: QueryDeps,
  op: ExportOperation<Filters>,
  filtered: Knex.QueryBuilder,
  keys: readonly SortKey[],
  options: KeysetOptions,
): AsyncGenerator<T> {
  const idField = op.columns.find((c) => c.sql === op.sort.idColumn)?.field;
  if (!idField) throw new Error(`export of ${op.title}: the column list has no ${op.sort.idColumn}`);
  const effective = keys.length > 0 ? keys : [op.sort.defaultSort];
  const ordering = [
    ...effective.map((k) => ({ column: op.sort.columns[k.field]!, ascending: k.order === 'ascend' })),
    { column: op.sort.idColumn, ascending: true },
  ];

  let cursorId: number | undefined;
  let sent = 0;
  while (sent < options.maxRows) {
    const limit = Math.min(options.batchSize, options.maxRows - sent);
    const batch = filtered.clone().select(selectList(op.columns));
    if (cursorId !== undefined) {
      const after = cursorId;
      const valueAt = (column: string): Knex.QueryBuilder | number =>
        column === op.sort.idColumn ? after : op.filtered(deps, {} as Filters).select(column).where(op.sort.idColumn, after);
      whereAfter(batch, ordering, valueAt);
    }
    orderBy(batch, op.sort, keys);
    batch.limit(limit);

    const raw = await run<Record<string, unknown>[]>(deps, batch);
    for (const r of raw) yield mapRow<T>(op.columns, r);
    sent += raw.length;
    if (raw.length < limit) return;
    cursorId = Number(raw[raw.length - 1]![idField]);
  }
}

/**
 * Rows strictly after the cursor in the given ordering:
 *   k1 ≥ c1 AND (k1 > c1 OR (k1 = c1 AND k2 > c2) OR …)   (< for descending keys).
 * The redundant leading bound lets the database use an index on the first key.
 */
function whereAfter(
  qb: Knex.QueryBuilder,
  ordering: readonly { column: string; ascending: boolean }[],
  valueAt: (column: string) => Knex.QueryBuilder | number,
): void {
  const compare = (target: Knex.QueryBuilder, column: string, operator: string): void => {
    const value = valueAt(column);
    // Two identical calls: knex's where() overloads take a number or a subquery, not their union.
    if (typeof value === 'number') target.where(column, operator, value);
    else target.where(column, operator, value);
  };
  const first = ordering[0]!;
  compare(qb, first.column, first.ascending ? '>=' : '<=');
  qb.where((any) => {
    ordering.forEach((key, i) => {
      any.orWhere((all) => {
        for (const earlier of ordering.slice(0, i)) compare(all, earlier.column, '=');
        compare(all, key.column, key.ascending ? '>' : '<');
      });
    });
  });
}
