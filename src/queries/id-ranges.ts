import type { Knex } from 'knex';

/**
 * Batches over a table's ids for the DBA's commands (the gram index, the change table): each batch
 * one short statement or transaction, so that no build, check or repair holds a long lock.
 */

/** The upper end of the next `size` ids of `table` after `after` (undefined: from the start), or undefined when none is left. */
async function nextBatchEnd(db: Knex, table: string, size: number, after: number | undefined): Promise<number | undefined> {
  const rows = await db.raw<{ hi: number | null }[]>(
    `select max(id) as hi from (select top (?) id from ${table}${after === undefined ? '' : ' where id > ?'} order by id) b`,
    after === undefined ? [size] : [size, after],
  );
  return rows[0]?.hi ?? undefined;
}

/**
 * Calls `work(lo, hi)` for consecutive id ranges `lo < id <= hi` of about `size` rows of `table`,
 * the first open below and the last open above (lo/hi undefined), so that together they cover every
 * int: rows keyed by ids no longer in `table` fall in one too.
 */
export async function forEachIdRange(
  db: Knex,
  table: string,
  size: number,
  work: (lo: number | undefined, hi: number | undefined) => Promise<void>,
): Promise<void> {
  let lo: number | undefined;
  for (;;) {
    const hi = await nextBatchEnd(db, table, size, lo);
    if (hi === undefined) return work(lo, undefined);
    await work(lo, hi);
    lo = hi;
  }
}

/** `<column> > ? and <column> <= ?` for a range (either end may be open), with its bindings. */
export function rangeSql(column: string, lo: number | undefined, hi: number | undefined): { sql: string; bindings: number[] } {
  const parts: string[] = [];
  const bindings: number[] = [];
  if (lo !== undefined) {
    parts.push(`${column} > ?`);
    bindings.push(lo);
  }
  if (hi !== undefined) {
    parts.push(`${column} <= ?`);
    bindings.push(hi);
  }
  return { sql: parts.join(' and ') || '1 = 1', bindings };
}

/** Whether the object exists (of `type`, when given: 'U' table, 'TR' trigger). T-SQL. */
export async function objectExists(db: Knex, name: string, type?: string): Promise<boolean> {
  const rows = await db.raw<{ id: number | null }[]>(
    type ? 'select object_id(?, ?) as id' : 'select object_id(?) as id',
    type ? [name, type] : [name],
  );
  return rows[0]?.id != null;
}
