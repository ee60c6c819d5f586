import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialects/index.js';
import { forEachIdRange, objectExists, rangeSql } from '../id-ranges.js';
import {
  MSSQL_GRAMS_BUILT,
  MSSQL_GRAMS_FUNCTION,
  mssqlGramsTable,
  mssqlGramsTrigger,
  SEARCHED_COLUMNS,
  type SearchedTable,
} from './schema.js';

/**
 * SQL Server's gram index, an opt-in: `npm run mssql:grams -- build|verify|repair|drop`
 * (scripts/mssql-grams.ts) builds, checks and mends it; the service asks only whether it is complete
 * (gramIndexProblems) and otherwise scans with LIKE. One table per searched table, so that a writer's
 * lock escalation on one gram table never blocks the writers of the others.
 *
 * Grams are search/schema.ts mssqlTextGrams: the substring of three UTF-16 code units at each position
 * of each searched column's ASCII-folded text followed by two nchar(1), with the column and the
 * position. A needle's grams at consecutive positions of one column are the needle, so a search
 * can count its rows from the grams alone: a missing gram loses rows, a stale one (a text since
 * changed) can find one.
 */

const TABLES = Object.keys(SEARCHED_COLUMNS) as SearchedTable[];

/** Ids per batch of the fill, the verify and the repair: each batch is one short statement or transaction. */
export const GRAM_BATCH_IDS = 2000;

/** `r.<column>` folded exactly as the queries' LIKE folds it (the dialect's like.foldAsciiSql). */
const folded = (db: Knex, column: string): string => dialectOf(db).like.foldAsciiSql.replace('??', `r.${column}`);

/** A gram table's columns, its key in that order. */
const GRAM_COLUMNS = 'gram, id, col, pos';

/**
 * `select g.gram, r.id, v.col, g.pos` of every gram of the searched columns of the rows of `source`
 * (the table, or a trigger's `inserted` / `deleted`, as `r`) that satisfy `where` (SQL over `r`, may be empty).
 */
function cutSql(db: Knex, table: SearchedTable, source: string, where = ''): string {
  const texts = SEARCHED_COLUMNS[table].map((c, i) => `(${i + 1}, ${folded(db, c)})`).join(', ');
  return `select g.gram, r.id, v.col, g.pos
    from ${source}
    cross apply (values ${texts}) v(col, s)
    cross apply ${MSSQL_GRAMS_FUNCTION}(v.s + nchar(1) + nchar(1)) g${where ? `\n    where ${where}` : ''}`;
}

/** `not exists` the same gram row in the gram table, for `n` (a cut's rows). */
const absentSql = (grams: string): string =>
  `not exists (select 1 from ${grams} e where e.gram = n.gram and e.id = n.id and e.col = n.col and e.pos = n.pos)`;

/**
 * The grams of @s with their positions, however long (nvarchar(max)): positions from a tally of
 * cross joins (16^8 rows, more than nvarchar(max) holds), of which TOP takes only as many as @s
 * needs. The length is `len(@s + N'x') - 1` (len() drops trailing spaces; datalength() counts UTF-8
 * bytes on Babelfish), and COLLATE BIN2 makes len()/substring() count code units whatever the
 * database's default collation.
 */
const FUNCTION_SQL = `create function ${MSSQL_GRAMS_FUNCTION}(@s nvarchar(max)) returns table as return
  with l0(x) as (select 0 from (values (0), (0), (0), (0), (0), (0), (0), (0), (0), (0), (0), (0), (0), (0), (0), (0)) v(x)),
       l1(x) as (select 0 from l0 a cross join l0 b),
       l2(x) as (select 0 from l1 a cross join l1 b),
       l3(x) as (select 0 from l2 a cross join l2 b),
       t(n) as (
         select top (case when len(@s collate Latin1_General_100_BIN2 + N'x') - 1 > 2
                          then len(@s collate Latin1_General_100_BIN2 + N'x') - 3 else 0 end)
                row_number() over (order by (select null))
         from l3)
  select substring(@s collate Latin1_General_100_BIN2, t.n, 3) collate Latin1_General_100_BIN2 as gram, cast(t.n as int) as pos from t`;

const tableSql = (table: SearchedTable): string =>
  `create table ${mssqlGramsTable(table)} (gram nvarchar(3) collate Latin1_General_100_BIN2 not null, id int not null, col tinyint not null, pos int not null)`;

/** The key, and an index by id: verify and repair read a batch of rows' grams by id. */
const keySql = (table: SearchedTable): string[] => {
  const grams = mssqlGramsTable(table);
  return [`alter table ${grams} add constraint ${grams}_pk primary key (${GRAM_COLUMNS})`, `create index ${grams}_id on ${grams} (id)`];
};

/** keySql's statements still to run on an existing table (a build stopped between them). */
async function missingKeySql(db: Knex, table: SearchedTable): Promise<string[]> {
  const grams = mssqlGramsTable(table);
  // By kind, not name: Babelfish shortens and hashes index names in sys.indexes. (type 0: the heap.)
  const rows = await db.raw<{ pk: number; id: number }[]>(
    `select (select count(*) from sys.indexes where object_id = object_id(?) and is_primary_key = 1) as pk,
            (select count(*) from sys.indexes where object_id = object_id(?) and is_primary_key = 0 and type > 0) as id`,
    [grams, grams],
  );
  const [pk, id] = keySql(table);
  return [...(rows[0]?.pk ? [] : [pk!]), ...(rows[0]?.id ? [] : [id!])];
}

/**
 * Rows of `self` (inserted or deleted) whose searched texts differ from the same id's row in
 * `other`, or that have none there (an insert, a delete). `+ N'x'` because `=` ignores trailing
 * spaces on both engines, and `ab` → `ab ` changes the grams; coalesce so that NULL equals NULL.
 */
function changedSql(table: SearchedTable, other: string): string {
  const same = SEARCHED_COLUMNS[table].map((c) => `coalesce(o.${c} + N'x', N'') = coalesce(r.${c} + N'x', N'')`).join(' and ');
  return `not exists (select 1 from ${other} o where o.id = r.id and ${same})`;
}

/**
 * After any write to `table`: nothing when an update set none of the searched columns (a status
 * sweep); else every gram of the rows whose texts changed goes and their new texts' grams come (a
 * changed text shifts the positions after the change). So a row missed while the trigger was off
 * is healed at its next searched-column write. The ids whose grams come are among those whose
 * grams just went, so no new gram can meet a stored one on the primary key: no check per gram,
 * which on a small gram table Babelfish planned as a merge over the whole key (~90 ms an insert).
 */
function triggerSql(db: Knex, table: SearchedTable): string {
  const grams = mssqlGramsTable(table);
  const touched = SEARCHED_COLUMNS[table].map((c) => `update(${c})`).join(' or ');
  return `create trigger ${mssqlGramsTrigger(table)} on ${table} after insert, update, delete as
begin
  set nocount on;
  if exists (select 1 from inserted) and exists (select 1 from deleted) and not (${touched}) return;
  delete g from ${grams} g
    where g.id in (select r.id from deleted r where ${changedSql(table, 'inserted')}
                   union select r.id from inserted r where ${changedSql(table, 'deleted')});
  insert into ${grams} (${GRAM_COLUMNS})
    select n.gram, n.id, n.col, n.pos
    from (${cutSql(db, table, 'inserted r', changedSql(table, 'deleted'))}) n;
end`;
}

/** Gram tables without positions (built by an earlier version), which the queries cannot use. */
async function earlierShape(db: Knex): Promise<string[]> {
  const rows = await db.raw<{ name: string; pos: number | null }[]>(
    TABLES.map(() => 'select ? as name, col_length(?, ?) as pos').join(' union all '),
    TABLES.flatMap((t) => [mssqlGramsTable(t), mssqlGramsTable(t), 'pos']),
  );
  const present = await Promise.all(TABLES.map((t) => objectExists(db, mssqlGramsTable(t), 'U')));
  return rows.filter((r, i) => present[i] && r.pos == null).map((r) => r.name);
}

/**
 * What keeps the index from being complete as built, in words ([] when complete): a gram table,
 * the build's finishing mark, or an enabled trigger missing. The function is left out: the service's
 * read-only login may not see it, and the queries never call it.
 */
export async function gramIndexProblems(db: Knex): Promise<string[]> {
  const problems: string[] = [];
  for (const table of TABLES)
    if (!(await objectExists(db, mssqlGramsTable(table), 'U'))) problems.push(`no table ${mssqlGramsTable(table)}`);
  for (const name of await earlierShape(db)) problems.push(`${name} has no positions (built by an earlier version): run build again`);
  if (!(await objectExists(db, MSSQL_GRAMS_BUILT, 'U'))) problems.push(`no ${MSSQL_GRAMS_BUILT} (never built, or a build did not finish)`);
  const triggers = (await db.raw<{ name: string; is_disabled: boolean | number }[]>(
    `select name, is_disabled from sys.triggers where name in (${TABLES.map(() => '?').join(', ')})`,
    TABLES.map(mssqlGramsTrigger),
  )) as { name: string; is_disabled: boolean | number }[];
  for (const table of TABLES) {
    const trigger = triggers.find((t) => t.name === mssqlGramsTrigger(table));
    if (!trigger) problems.push(`no trigger ${mssqlGramsTrigger(table)} on ${table} (or the login may not see it: VIEW DEFINITION)`);
    else if (trigger.is_disabled) problems.push(`trigger ${mssqlGramsTrigger(table)} on ${table} is disabled`);
  }
  return problems;
}

/** Inserts the grams of `table`'s rows in the range that are not there yet (each call one statement). */
async function fillRange(db: Knex, table: SearchedTable, lo: number | undefined, hi: number | undefined): Promise<void> {
  const grams = mssqlGramsTable(table);
  const range = rangeSql('r.id', lo, hi);
  // REPEATABLEREAD: the batch's rows stay share-locked until its grams are in, so a writer changing
  // one waits and its trigger then replaces them. Under read committed (with READ_COMMITTED_SNAPSHOT
  // on above all) the batch could store the grams of a text already replaced: a stale gram, which
  // can find a row. (Babelfish ignores table hints and has no locking repeatable read.)
  const sql = `insert into ${grams} (${GRAM_COLUMNS})
    select n.gram, n.id, n.col, n.pos from (${cutSql(db, table, `${table} r with (repeatableread)`, range.sql)}) n
    where ${absentSql(grams)}`;
  // A trigger may insert the same gram row between the check and the insert: the key refuses the
  // batch, and the batch, idempotent, runs again.
  for (let attempt = 1; ; attempt++) {
    try {
      return void (await db.raw(sql, range.bindings));
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

export interface GramLog {
  (line: string): void;
}

/**
 * Creates what is missing (function, gram tables, triggers), fills the tables in batches of
 * GRAM_BATCH_IDS rows, each one INSERT of its own (no long transaction, no long lock), then marks
 * the index complete. Resumable: an interrupted build is finished by running it again.
 *
 * The triggers come before the fill, so no row can be missed: a row written after its trigger
 * exists gets its grams from the trigger; a row written before is read by the fill, which runs
 * after. (Fill first, triggers after, would lose the rows written between a batch and the trigger.)
 * A batch reads its rows under repeatable read (fillRange), so a writer racing it cannot leave the
 * grams of a replaced text behind. An index of an earlier shape (no positions) is dropped first.
 */
export async function buildGramIndex(db: Knex, log: GramLog): Promise<void> {
  if ((await earlierShape(db)).length > 0) {
    await dropGramIndex(db);
    log('an index of an earlier shape (grams without positions): dropped, to be built anew');
  }
  await db.raw(`drop table if exists ${MSSQL_GRAMS_BUILT}`);
  // No type: SQL Server files an inline function as 'IF', Babelfish as 'FN'.
  if (!(await objectExists(db, MSSQL_GRAMS_FUNCTION))) await db.raw(FUNCTION_SQL);
  for (const table of TABLES) {
    if (!(await objectExists(db, mssqlGramsTable(table), 'U'))) {
      await db.raw(tableSql(table));
      log(`${mssqlGramsTable(table)}: created`);
    }
    for (const sql of await missingKeySql(db, table)) await db.raw(sql);
    if (!(await objectExists(db, mssqlGramsTrigger(table), 'TR'))) {
      await db.raw(triggerSql(db, table));
      log(`${mssqlGramsTrigger(table)} on ${table}: created`);
    }
  }
  for (const table of TABLES) {
    const started = Date.now();
    let batches = 0;
    await forEachIdRange(db, table, GRAM_BATCH_IDS, async (lo, hi) => {
      await fillRange(db, table, lo, hi);
      if (++batches % 50 === 0) log(`${mssqlGramsTable(table)}: ${batches} batches of ${GRAM_BATCH_IDS} rows filled`);
    });
    const [count] = await db.raw<{ n: number }[]>(`select count(*) as n from ${mssqlGramsTable(table)}`);
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    log(`${mssqlGramsTable(table)}: filled in ${batches} batches, ${secs} s; ${(count?.n ?? 0).toLocaleString('en')} grams`);
  }
  await markBuilt(db);
  log(`complete: ${MSSQL_GRAMS_BUILT} written; MSSQL_SEARCH=grams will use the index`);
}

async function markBuilt(db: Knex): Promise<void> {
  await db.raw(`create table ${MSSQL_GRAMS_BUILT} (built_at datetime2(3) not null)`);
  await db.raw(`insert into ${MSSQL_GRAMS_BUILT} (built_at) values (sysutcdatetime())`);
}

/**
 * For a bulk load that brings its own grams (bench/mssql-grams.ts, COPY on Babelfish): the gram
 * tables without key, trigger or mark, into empty searched tables. finishGramLoad completes them.
 */
export async function createBareGramTables(db: Knex): Promise<void> {
  await dropGramIndex(db);
  for (const table of TABLES) await db.raw(tableSql(table));
}

/** After the load: keys built once over the loaded grams, then the function, the triggers and the mark. */
export async function finishGramLoad(db: Knex): Promise<void> {
  for (const table of TABLES) for (const sql of keySql(table)) await db.raw(sql);
  await db.raw(FUNCTION_SQL);
  for (const table of TABLES) await db.raw(triggerSql(db, table));
  await markBuilt(db);
}

/** Drops the triggers first (writers stop paying at once), then the tables, the function and the mark. */
export async function dropGramIndex(db: Knex): Promise<void> {
  await db.raw(`drop table if exists ${MSSQL_GRAMS_BUILT}`);
  for (const table of TABLES) await db.raw(`drop trigger if exists ${mssqlGramsTrigger(table)}`);
  for (const table of TABLES) await db.raw(`drop table if exists ${mssqlGramsTable(table)}`);
  await db.raw(`drop function if exists ${MSSQL_GRAMS_FUNCTION}`);
}

/** One table's differences between the grams stored and the grams of its rows' texts now. */
export interface TableGramCheck {
  table: SearchedTable;
  /** Rows (ids) read, gram rows compared. */
  rows: number;
  /** Ids with grams missing (the row is not found by some needles), and how many grams in all. */
  missingIds: number[];
  missingGrams: number;
  /** Ids with grams too many (a stale gram, or a deleted row's), and how many grams in all. */
  extraIds: number[];
  extraGrams: number;
}

/** The ids in the range whose stored grams differ from the cut of their texts, set-based: one statement. */
async function diffRange(
  db: Knex,
  table: SearchedTable,
  lo: number | undefined,
  hi: number | undefined,
): Promise<{ id: number; missing: number; extra: number }[]> {
  const rows = rangeSql('r.id', lo, hi);
  const stored = rangeSql('id', lo, hi);
  return db.raw(
    `with cut as (${cutSql(db, table, `${table} r`, rows.sql)}),
       stored as (select ${GRAM_COLUMNS} from ${mssqlGramsTable(table)} where ${stored.sql})
     select id, sum(missing) as missing, sum(extra) as extra from (
       select id, 1 as missing, 0 as extra from (select ${GRAM_COLUMNS} from cut except select ${GRAM_COLUMNS} from stored) m
       union all
       select id, 0 as missing, 1 as extra from (select ${GRAM_COLUMNS} from stored except select ${GRAM_COLUMNS} from cut) x
     ) d group by id order by id`,
    [...rows.bindings, ...stored.bindings],
  );
}

/** Compares every row's stored grams with its texts' grams, batch by batch: what `verify` reports. */
export async function verifyGramIndex(db: Knex, tables: readonly SearchedTable[] = TABLES): Promise<TableGramCheck[]> {
  const checks: TableGramCheck[] = [];
  for (const table of tables) {
    const check: TableGramCheck = { table, rows: 0, missingIds: [], missingGrams: 0, extraIds: [], extraGrams: 0 };
    await forEachIdRange(db, table, GRAM_BATCH_IDS, async (lo, hi) => {
      for (const d of await diffRange(db, table, lo, hi)) {
        if (d.missing > 0) check.missingIds.push(d.id);
        if (d.extra > 0) check.extraIds.push(d.id);
        check.missingGrams += d.missing;
        check.extraGrams += d.extra;
      }
    });
    const [count] = await db.raw<{ n: number }[]>(`select count(*) as n from ${table}`);
    check.rows = count?.n ?? 0;
    checks.push(check);
  }
  return checks;
}

/**
 * Rewrites the grams of exactly the rows verify finds wrong: per batch, in one short transaction,
 * their gram rows go and their texts' grams come. Returns what was found (and mended).
 */
export async function repairGramIndex(db: Knex, log: GramLog): Promise<TableGramCheck[]> {
  const found = await verifyGramIndex(db);
  for (const check of found) {
    const ids = [...new Set([...check.missingIds, ...check.extraIds])];
    const grams = mssqlGramsTable(check.table);
    for (let i = 0; i < ids.length; i += GRAM_BATCH_IDS) {
      const batch = ids.slice(i, i + GRAM_BATCH_IDS);
      const list = batch.map(() => '?').join(', ');
      await db.transaction(async (trx) => {
        await trx.raw(`delete from ${grams} where id in (${list})`, batch);
        await trx.raw(
          `insert into ${grams} (${GRAM_COLUMNS})
            select n.gram, n.id, n.col, n.pos from (${cutSql(db, check.table, `${check.table} r with (repeatableread)`, `r.id in (${list})`)}) n
            where ${absentSql(grams)}`,
          batch,
        );
      });
    }
    if (ids.length > 0) log(`${grams}: grams of ${ids.length} row(s) rewritten`);
  }
  return found;
}
