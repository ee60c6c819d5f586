import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import { orderBy, type SortKey } from '../queries/paging/sort.js';
import { run } from '../queries/run.js';
import type { QueryDeps } from '../queries/deps.js';
import { sortOrdering } from '../queries/paging/sort.js';
import { whereAfter } from '../queries/paging/seek.js';
import { mapRow, selectColumns } from '../queries/values.js';
import type { ExportOperation } from './operations.js';

/** Longest stretch an export runs without letting the event loop turn, so other requests keep being answered. */
export const SLICE_MS = 10;

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
 * The cursor is the id of the last row sent (queries/paging/seek.ts whereAfter).
 */
export async function* keysetRows<T, Filters>(
  deps: QueryDeps,
  op: ExportOperation<Filters>,
  filtered: Knex.QueryBuilder,
  keys: readonly SortKey[],
  options: KeysetOptions,
): AsyncGenerator<T> {
  const idField = op.columns.find((c) => 'sql' in c && c.sql === op.sort.idColumn)?.field;
  if (!idField) throw new Error(`export of ${op.title}: the column list has no ${op.sort.idColumn}`);
  const ordering = sortOrdering(op.sort, keys, filtered.client);

  let cursorId: number | undefined;
  let sent = 0;
  while (sent < options.maxRows) {
    const limit = Math.min(options.batchSize, options.maxRows - sent);
    const batch = selectColumns(filtered.clone(), op.columns);
    if (cursorId !== undefined) {
      const after = cursorId;
      whereAfter(batch, ordering, op.sort.idColumn, after, (column: string | Knex.Raw) =>
        op
          .filtered(deps, {} as Filters)
          .select(column)
          .where(op.sort.idColumn, after),
      );
    }
    orderBy(batch, op.sort, keys);
    batch.limit(limit);

    const raw = await run<Record<string, unknown>[]>(deps, batch);
    let slice = performance.now();
    for (const r of raw) {
      yield mapRow<T>(op.columns, r);
      // Between two rows runs the consumer's work too (exceljs builds each row synchronously):
      // a turn of the event loop every SLICE_MS lets probes and other requests in.
      if (performance.now() - slice >= SLICE_MS) {
        await nextTurn();
        slice = performance.now();
      }
    }
    sent += raw.length;
    if (raw.length < limit) return;
    cursorId = Number(raw[raw.length - 1]![idField]);
  }
}
