import type { Knex } from 'knex';

/**
 * SQL Server only: a trigram side table kept by triggers, so that contains-filters seek an index
 * instead of scanning every row with `translate(col, …) like '%x%'` (1M pricings on Babelfish:
 * 5–18 s per keyword request; bench/README.md "Babelfish at 1M pricings"). Full-text search cannot
 * serve them: its word breaker indexes words and prefixes, not arbitrary infixes.
 *
 * search_grams holds (tbl, gram, id) for every distinct substring of three UTF-16 code units of each
 * searched column's ASCII-folded text (`translate(col, 'A…Z', 'a…z')`, exactly what the queries'
 * LIKE folds) followed by two nchar(1): with the padding every position of a text starts a gram, so
 * a text contains a one- or two-unit needle exactly when one of its grams starts with it (the
 * SQLite design, 20261122030000_*). The queries (src/queries/search/mssql-trigram.ts) keep the
 * LIKE on the candidates, so the table only has to be complete, never exact.
 *
 * Nothing happens on the other databases: SQLite and PostgreSQL have their own trigram indexes
 * (20261122010000_* to 20261122040000_*), and MySQL/MariaDB keep the LIKE scans.
 *
 * Everything here is SQL Server 2017+ T-SQL (translate() needs 2017), also run on Babelfish.
 */

const isMssql = (knex: Knex) => knex.client.config.client === 'mssql';

/** Literal copies of what src/queries/search/schema.ts states (migrations are frozen history). */
const GRAMS = 'search_grams';
const TRIGRAMS = 'dbo.search_trigrams';
// Copied from 20261122010000_* as it is there (frozen history too: a later edit to a shared
// constant would silently change what this migration does).
const SEARCHED_COLUMNS = {
  parts: ['part_no', 'part_name', 'spec'],
  pricing: ['pricing_no', 'supplier_code', 'supplier_name'],
  secondary_processes: ['process_no', 'process_name', 'supplier_code', 'supplier_name'],
} as const;
const TABLE_TAGS: Record<keyof typeof SEARCHED_COLUMNS, number> = { parts: 1, pricing: 2, secondary_processes: 3 };
const triggerName = (table: string) => `${table}_search_grams`;

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * `select <tag> as tbl, gram, id` of every gram of each searched column of the rows of `source`
 * (the table itself, or a trigger's `inserted` / `deleted`); distinct, since two columns of a row
 * may share a gram.
 */
function gramsSql(table: keyof typeof SEARCHED_COLUMNS, source: string): string {
  // The columns are Latin1_General_100_BIN2, so translate() maps exactly the 26 letters whatever
  // the database's default collation (like.ts foldAsciiSql: the same expression).
  const texts = SEARCHED_COLUMNS[table].map((c) => `(translate(r.${c}, '${UPPER}', '${UPPER.toLowerCase()}'))`).join(', ');
  return `select distinct cast(${TABLE_TAGS[table]} as tinyint) as tbl, g.gram, r.id
    from ${source} r
    cross apply (values ${texts}) v(s)
    cross apply ${TRIGRAMS}(v.s + nchar(1) + nchar(1)) g`;
}

/**
 * The distinct substrings of three code units of @s (none for a shorter or NULL @s), from a tally of
 * 1000 numbers (the columns are at most 200 units; generate_series would need SQL Server 2022).
 * - Length as `len(@s + N'x') - 1`: len() ignores trailing spaces, and datalength(@s) / 2 is right
 *   on SQL Server but counts UTF-8 bytes on Babelfish; this form is right on both.
 * - COLLATE Latin1_General_100_BIN2 on @s and on the gram: a parameter takes the database's default
 *   collation, under which len()/substring() could count code points (an _SC collation) and DISTINCT
 *   could merge grams that differ in case or width (`Φ`/`φ` under a _CI one) and so lose one.
 *   BIN2 counts UTF-16 code units, as the queries cut needles (Babelfish counts code points: the
 *   queries send needles holding a surrogate to the LIKE alone, so both stay exact).
 */
const TRIGRAMS_FUNCTION = `create function ${TRIGRAMS}(@s nvarchar(4000)) returns table as return
  with d(x) as (select 0 from (values (0), (0), (0), (0), (0), (0), (0), (0), (0), (0)) v(x)),
       t(n) as (
         select top (case when len(@s collate Latin1_General_100_BIN2 + N'x') - 1 > 2
                          then len(@s collate Latin1_General_100_BIN2 + N'x') - 3 else 0 end)
                row_number() over (order by (select null))
         from d a cross join d b cross join d c)
  select distinct substring(@s collate Latin1_General_100_BIN2, t.n, 3) collate Latin1_General_100_BIN2 as gram from t`;

/**
 * After any write: the grams of the old texts that the new ones lack go (EXCEPT: an update of other
 * columns, status or prices, deletes nothing), and every gram of the new texts not yet there comes.
 * The insert checks each gram against the table rather than against the old texts, so grams missed
 * while the trigger was disabled come back with the row's next write, and a drifted table never
 * fails a writer's statement on the primary key. (A stale gram that stays is harmless: the queries
 * keep the LIKE.)
 */
function triggerSql(table: keyof typeof SEARCHED_COLUMNS): string {
  return `create trigger ${triggerName(table)} on ${table} after insert, update, delete as
begin
  set nocount on;
  delete g from ${GRAMS} g
    join (${gramsSql(table, 'deleted')} except ${gramsSql(table, 'inserted')}) o
      on g.tbl = o.tbl and g.gram = o.gram and g.id = o.id;
  insert into ${GRAMS} (tbl, gram, id)
    select n.tbl, n.gram, n.id
    from (${gramsSql(table, 'inserted')}) n
    where not exists (select 1 from ${GRAMS} e where e.tbl = n.tbl and e.gram = n.gram and e.id = n.id);
end`;
}

export async function up(knex: Knex): Promise<void> {
  // SQLite, PostgreSQL and MySQL/MariaDB: nothing (their search structures are their own migrations').
  if (!isMssql(knex)) return;
  await knex.raw(`create table ${GRAMS} (
    tbl tinyint not null,
    gram nvarchar(3) collate Latin1_General_100_BIN2 not null,
    id int not null,
    constraint ${GRAMS}_pk primary key (tbl, gram, id))`);
  await knex.raw(TRIGRAMS_FUNCTION);
  for (const table of Object.keys(SEARCHED_COLUMNS) as (keyof typeof SEARCHED_COLUMNS)[]) {
    await knex.raw(triggerSql(table));
    // Set-based, one statement per table: on a large database this is the long step (bench/README.md
    // "Keyword search on SQL Server" has the sizes and times).
    await knex.raw(`insert into ${GRAMS} (tbl, gram, id) ${gramsSql(table, table)}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!isMssql(knex)) return;
  for (const table of Object.keys(SEARCHED_COLUMNS)) await knex.raw(`drop trigger if exists ${triggerName(table)}`);
  await knex.raw(`drop function if exists ${TRIGRAMS}`);
  await knex.raw(`drop table if exists ${GRAMS}`);
}
