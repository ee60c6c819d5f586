import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialects/index.js';
import { forEachIdRange, objectExists, rangeSql } from '../id-ranges.js';
import { exactTenThousandthsBound } from '../values.js';
import { pricingChangeSql } from './pricing-change.js';

/**
 * SQL Server's change table, an opt-in like the gram index: `npm run mssql:change -- build|verify|
 * repair|drop` (scripts/mssql-change.ts) builds, checks and mends it; with MSSQL_CHANGE=table the
 * service reads it, once found complete (changeTableProblems), where it would otherwise compute
 * the previous approved price of every row of whole statuses in one window pass
 * (previousApprovedInOnePass): a count or an order by the rate whose only filters are the status
 * and the rate's. docs/databases.md "The change table".
 *
 * One row per pricing, with the columns that pass reads (named as in `pricing`, so that the table
 * stands in for it under that name), the previous approved price (null: none) and the rate in whole
 * ten-thousandths (null: none, or a previous price of 0). Indexed by (status, change_units), so
 * `status = 'pending' and changeRate >= 0.1` is a range seek instead of the pass over every pending
 * and approved row. The values are those of pricing-change.ts's SQL (pricingChangeSql), stored.
 */

export const CHANGE_TABLE = 'pricing_change';
export const CHANGE_TRIGGER = 'pricing_change_sync';
/** Written last by a build: the service uses the table only once this exists. */
export const CHANGE_BUILT = 'pricing_change_built';

/** Parts per batch of the fill, the verify and the repair (about ten pricings each). */
export const CHANGE_BATCH_PARTS = 2000;

const COLUMNS = 'id, part_id, status, unit_price, priced_at, previous_price, change_units';
/** The pricing columns whose change moves a part's chain (a rate, a previous price, a status to filter by). */
const CHAIN_COLUMNS = ['part_id', 'status', 'unit_price', 'priced_at'] as const;

/** The types are pricing's own (migrations/20261122000000_create_pricing_tables.ts). */
const TABLE_SQL = [
  `create table ${CHANGE_TABLE} (
    id int not null constraint ${CHANGE_TABLE}_pk primary key,
    part_id int not null,
    status nvarchar(16) collate Latin1_General_100_BIN2 not null,
    unit_price decimal(18, 4) not null,
    priced_at datetime2(3) not null,
    previous_price decimal(18, 4) null,
    change_units decimal(38, 0) null)`,
  `create index ${CHANGE_TABLE}_part on ${CHANGE_TABLE} (part_id)`,
  // A count of a rate range reads this index alone (the rate's exact bound reads both prices).
  `create index ${CHANGE_TABLE}_rate on ${CHANGE_TABLE} (status, change_units) include (unit_price, previous_price)`,
];

/**
 * `select <COLUMNS>` of every pricing of the parts `partsWhere` (SQL over `pricing.part_id`) selects,
 * computed as the service computes them (the previous row's seek, the rate's exact SQL).
 */
function computedSql(db: Knex, partsWhere: string): string {
  const change = pricingChangeSql(db.client as Knex.Client);
  return `select pricing.id, pricing.part_id, pricing.status, pricing.unit_price, pricing.priced_at,
      previous_approved.unit_price as previous_price, ${change.rateUnits} as change_units
    from pricing ${change.join ?? ''}
    where ${partsWhere}`;
}

/**
 * Recomputes the rows of the parts `partsWhere` selects (SQL over `part_id`), as statements for one
 * transaction. The parts' own rows are the lock of their chains: UPDLOCK, HOLDLOCK on them makes
 * two writers of one part (or a writer and a batch of the build) take turns, so the second computes
 * from what the first committed. Without it, two inserts into a part that has no stored rows yet
 * could each store a chain without the other's row. (Babelfish ignores table hints.)
 */
function recomputeSql(db: Knex, partsWhere: (column: string) => string): string[] {
  return [
    `declare @locked int; select @locked = count(*) from parts with (updlock, holdlock) where ${partsWhere('id')}`,
    `delete from ${CHANGE_TABLE} where ${partsWhere('part_id')}`,
    `insert into ${CHANGE_TABLE} (${COLUMNS}) ${computedSql(db, partsWhere('pricing.part_id'))}`,
  ];
}

/**
 * After any write to pricing: nothing when an update set none of the chain's columns or set them to
 * what they were (a sweep of remarks); else the chains of the parts whose rows changed are computed
 * again (about ten pricings a part), so an approved price that moves updates its later pricings. A
 * part's rows missed while the trigger was off are healed at its next write. EXCEPT compares
 * NULL-safely; its `=` on status ignores trailing spaces, which the status check rules out.
 */
function triggerSql(db: Knex): string {
  const touched = CHAIN_COLUMNS.map((c) => `update(${c})`).join(' or ');
  const columns = `id, ${CHAIN_COLUMNS.join(', ')}`;
  // Inline, not a table variable: on Babelfish a table variable in a trigger broke the foreign-key
  // checks of the statement that fired it (their tables' names resolved in the wrong schema).
  const changed = `select part_id from (select ${columns} from inserted except select ${columns} from deleted) n
      union select part_id from (select ${columns} from deleted except select ${columns} from inserted) o`;
  return `create trigger ${CHANGE_TRIGGER} on pricing after insert, update, delete as
begin
  set nocount on;
  if exists (select 1 from inserted) and exists (select 1 from deleted) and not (${touched}) return;
  ${recomputeSql(db, (column) => `${column} in (${changed})`).join(';\n  ')};
end`;
}

/**
 * What keeps the table from being complete as built, in words ([] when complete): the table, the
 * build's finishing mark, or its enabled trigger missing.
 */
export async function changeTableProblems(db: Knex): Promise<string[]> {
  const problems: string[] = [];
  if (!(await objectExists(db, CHANGE_TABLE, 'U'))) problems.push(`no table ${CHANGE_TABLE}`);
  if (!(await objectExists(db, CHANGE_BUILT, 'U'))) problems.push(`no ${CHANGE_BUILT} (never built, or a build did not finish)`);
  const triggers = await db.raw<{ is_disabled: boolean | number }[]>('select is_disabled from sys.triggers where name = ?', [
    CHANGE_TRIGGER,
  ]);
  if (triggers.length === 0) problems.push(`no trigger ${CHANGE_TRIGGER} on pricing (or the login may not see it: VIEW DEFINITION)`);
  else if (triggers[0]!.is_disabled) problems.push(`trigger ${CHANGE_TRIGGER} on pricing is disabled`);
  return problems;
}

/**
 * Runs recomputeSql for `partsWhere` in one transaction. Up to three attempts: under locking read
 * committed a writer's trigger waiting on the parts' locks while this batch waits on its pricing
 * rows is a deadlock, and SQL Server may end the batch (1205); it is idempotent, so it runs again.
 */
async function recompute(db: Knex, partsWhere: (column: string) => string, bindings: readonly number[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (trx) => {
        for (const sql of recomputeSql(db, partsWhere)) await trx.raw(sql, [...bindings]);
      });
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** Recomputes the stored rows of the parts in `lo < id <= hi` (a range of parts' ids). */
const recomputeRange = (db: Knex, lo: number | undefined, hi: number | undefined) =>
  recompute(db, (column) => rangeSql(column, lo, hi).sql, rangeSql('', lo, hi).bindings);

/** Recomputes the stored rows of the parts `partIds`. */
const recomputeParts = (db: Knex, partIds: readonly number[]) =>
  recompute(db, (column) => `${column} in (${partIds.map(() => '?').join(', ')})`, partIds);

export interface ChangeLog {
  (line: string): void;
}

/**
 * Creates what is missing (table, indexes, trigger), fills the table in batches of
 * CHANGE_BATCH_PARTS parts, each one short transaction, then marks it complete. Resumable and
 * idempotent: each batch recomputes its parts. The trigger comes before the fill, so no write is
 * missed: a part written after it exists is recomputed by its trigger, and a batch after or before
 * that write takes its turn on the part's lock (recomputeSql).
 */
export async function buildChangeTable(db: Knex, log: ChangeLog): Promise<void> {
  if (dialectOf(db).priorRow !== 'outer-apply') throw new Error('the change table is SQL Server’s');
  await db.raw(`drop table if exists ${CHANGE_BUILT}`);
  if (!(await objectExists(db, CHANGE_TABLE, 'U'))) {
    for (const sql of TABLE_SQL) await db.raw(sql);
    log(`${CHANGE_TABLE}: created`);
  }
  if (!(await objectExists(db, CHANGE_TRIGGER, 'TR'))) {
    await db.raw(triggerSql(db));
    log(`${CHANGE_TRIGGER} on pricing: created`);
  }
  const started = Date.now();
  let batches = 0;
  await forEachIdRange(db, 'parts', CHANGE_BATCH_PARTS, async (lo, hi) => {
    await recomputeRange(db, lo, hi);
    if (++batches % 10 === 0) log(`${CHANGE_TABLE}: ${batches} batches of ${CHANGE_BATCH_PARTS} parts filled`);
  });
  const [count] = await db.raw<{ n: number }[]>(`select count(*) as n from ${CHANGE_TABLE}`);
  log(
    `${CHANGE_TABLE}: filled in ${batches} batches, ${((Date.now() - started) / 1000).toFixed(1)} s; ${(count?.n ?? 0).toLocaleString('en')} rows`,
  );
  await db.raw(`create table ${CHANGE_BUILT} (built_at datetime2(3) not null)`);
  await db.raw(`insert into ${CHANGE_BUILT} (built_at) values (sysutcdatetime())`);
  log(`complete: ${CHANGE_BUILT} written; MSSQL_CHANGE=table will use the table`);
}

/** Drops the trigger first (writers stop paying at once), then the mark and the table. */
export async function dropChangeTable(db: Knex): Promise<void> {
  await db.raw(`drop trigger if exists ${CHANGE_TRIGGER}`);
  await db.raw(`drop table if exists ${CHANGE_BUILT}`);
  await db.raw(`drop table if exists ${CHANGE_TABLE}`);
}

/** The stored rows that differ from what the pricings compute now. */
export interface ChangeCheck {
  /** Pricings read. */
  rows: number;
  /** Pricings whose stored row is missing or differs, and stored rows of pricings no longer there (by id). */
  wrongIds: number[];
  /** Their parts (now and as stored): what a repair recomputes. */
  partIds: number[];
}

/** Compares every stored row with its computation, a batch of parts per statement: what `verify` reports. */
export async function verifyChangeTable(db: Knex): Promise<ChangeCheck> {
  const wrong = new Set<number>();
  const parts = new Set<number>();
  await forEachIdRange(db, 'parts', CHANGE_BATCH_PARTS, async (lo, hi) => {
    const range = (column: string) => rangeSql(column, lo, hi);
    const rows = await db.raw<{ id: number; part_id: number }[]>(
      `with computed as (${computedSql(db, range('pricing.part_id').sql)}),
         stored as (select ${COLUMNS} from ${CHANGE_TABLE} where ${range('part_id').sql})
       select id, part_id from (select ${COLUMNS} from computed except select ${COLUMNS} from stored) m
       union
       select id, part_id from (select ${COLUMNS} from stored except select ${COLUMNS} from computed) x`,
      [...range('').bindings, ...range('').bindings],
    );
    for (const r of rows) {
      wrong.add(r.id);
      parts.add(r.part_id);
    }
  });
  const [count] = await db.raw<{ n: number }[]>('select count(*) as n from pricing');
  const byNumber = (a: number, b: number) => a - b;
  return { rows: count?.n ?? 0, wrongIds: [...wrong].sort(byNumber), partIds: [...parts].sort(byNumber) };
}

/** Recomputes the parts verify finds wrong, CHANGE_BATCH_PARTS a transaction. Returns what was found. */
export async function repairChangeTable(db: Knex, log: ChangeLog): Promise<ChangeCheck> {
  const found = await verifyChangeTable(db);
  for (let i = 0; i < found.partIds.length; i += CHANGE_BATCH_PARTS) {
    await recomputeParts(db, found.partIds.slice(i, i + CHANGE_BATCH_PARTS));
  }
  if (found.partIds.length > 0) log(`${CHANGE_TABLE}: the pricings of ${found.partIds.length} part(s) computed again`);
  return found;
}

/**
 * The rate filters as conditions on the stored rate (`pricing.change_units`, the table standing in
 * for pricing): the same rows as the exact bounds (whereChangeRate), which stay, but sought in the
 * (status, change_units) index. Decimal text, cast: a bound tedious sent as a float would convert
 * the column (data type precedence) and forgo the seek.
 */
export function whereStoredChangeRate(qb: Knex.QueryBuilder, min: number | undefined, max: number | undefined): void {
  const units = (value: number, direction: 'ceil' | 'floor') => exactTenThousandthsBound(value, direction).toString();
  if (min !== undefined) qb.whereRaw('?? >= cast(? as decimal(38, 0))', ['pricing.change_units', units(min, 'ceil')]);
  if (max !== undefined) qb.whereRaw('?? <= cast(? as decimal(38, 0))', ['pricing.change_units', units(max, 'floor')]);
}

/** Where a statement reads the stored rate as its sort key: `stored_change.change_units`. */
const STORED = 'stored_change';

/**
 * After FROM the change table under pricing's name: its previous price under the name the rate's
 * SQL reads, and its stored rate under the name the sort reads (storedRateSort).
 */
export function joinStoredPrevious(qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return qb
    .joinRaw('cross apply (select ?? as ??) as ??', ['pricing.previous_price', 'unit_price', 'previous_approved'])
    .joinRaw('cross apply (select ?? as ??) as ??', ['pricing.change_units', 'change_units', STORED]);
}

/** For a FROM over pricing itself (the rows of a page sorted by the stored rate): the stored rate under that name. */
export function joinStoredRate(qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return qb.leftJoin({ [STORED]: CHANGE_TABLE }, `${STORED}.id`, 'pricing.id');
}

/**
 * changeRate as a sort key where the change table is read: the stored rate itself (the same
 * number as the rate's SQL, so the same order), nothing computed per row. Only statements that
 * read the table name it: as a column of the seek's OUTER APPLY too, the rate slowed every statement
 * with that apply on Babelfish (bench/README.md, "the change table").
 */
export const storedRateSort = { computed: (client: Knex.Client) => (client.raw('??', [`${STORED}.change_units`]) as Knex.Raw).toQuery() };

const inUse = new WeakMap<Knex, boolean>();

/** Whether the service reads the change table on `db` (chooseMssqlChange found it complete). */
export function usesChangeTable(db: Knex): boolean {
  return inUse.get(db) === true;
}

export function useChangeTable(db: Knex, on: boolean): void {
  inUse.set(db, on);
}

/**
 * SQL Server, at start-up: MSSQL_CHANGE=table reads the change table when it is complete as built;
 * else, and with `window`, the one pass computes the rates. Returns a warning to log when the table
 * was asked for and cannot be used; never throws, so neither start-up nor readiness depends on it.
 */
export async function chooseMssqlChange(db: Knex, wanted: 'window' | 'table'): Promise<string | undefined> {
  useChangeTable(db, false);
  if (wanted === 'window' || dialectOf(db).priorRow !== 'outer-apply') return undefined;
  let problems: string[];
  try {
    problems = await changeTableProblems(db);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return `MSSQL_CHANGE=table, but the change table could not be checked (${why}): rates are computed in one pass until the service restarts`;
  }
  if (problems.length > 0) {
    return `MSSQL_CHANGE=table, but the change table is not complete (${problems.join('; ')}): rates are computed in one pass; build it with \`npm run mssql:change -- build\` (docs/databases.md)`;
  }
  useChangeTable(db, true);
  return undefined;
}
