import type { Knex } from 'knex';

/**
 * SQL Server only: the gram side table of 20261123000000_* becomes an opt-in. Its triggers ran in
 * every write of the systems that fill parts, pricing and secondary_processes, and its fill ran in
 * the migration's transaction; a database migrated by this build has neither. The DBA who wants the
 * index builds it with `npm run mssql:grams -- build` (batched, per-table gram tables; docs/databases.md)
 * and the service uses it with MSSQL_SEARCH=grams; without it keyword filters scan with LIKE.
 *
 * Nothing happens on the other databases.
 *
 * `down` restores the old side table, function and triggers (and fills the table, in its
 * transaction, as the old migration did), so that the previous build finds what it queries. It
 * refuses while the opt-in index is built: its tables bear the old triggers' names.
 */

const isMssql = (knex: Knex) => knex.client.config.client === 'mssql';

/** Literal copies of what 20261123000000_* created (migrations are frozen history). */
const GRAMS = 'search_grams';
const TRIGRAMS = 'dbo.search_trigrams';
const SEARCHED_COLUMNS = {
  parts: ['part_no', 'part_name', 'spec'],
  pricing: ['pricing_no', 'supplier_code', 'supplier_name'],
  secondary_processes: ['process_no', 'process_name', 'supplier_code', 'supplier_name'],
} as const;
type Table = keyof typeof SEARCHED_COLUMNS;
const TABLES = Object.keys(SEARCHED_COLUMNS) as Table[];
const TABLE_TAGS: Record<Table, number> = { parts: 1, pricing: 2, secondary_processes: 3 };
const triggerName = (table: string) => `${table}_search_grams`;

export async function up(knex: Knex): Promise<void> {
  if (!isMssql(knex)) return;
  // Triggers first: from here on no writer pays for the side table.
  for (const table of TABLES) await knex.raw(`drop trigger if exists ${triggerName(table)}`);
  await knex.raw(`drop table if exists ${GRAMS}`);
  await knex.raw(`drop function if exists ${TRIGRAMS}`);
}

// --- down: 20261123000000_*'s objects again, as it made them ----------------------------------------

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function gramsSql(table: Table, source: string): string {
  const texts = SEARCHED_COLUMNS[table].map((c) => `(translate(r.${c}, '${UPPER}', '${UPPER.toLowerCase()}'))`).join(', ');
  return `select distinct cast(${TABLE_TAGS[table]} as tinyint) as tbl, g.gram, r.id
    from ${source} r
    cross apply (values ${texts}) v(s)
    cross apply ${TRIGRAMS}(v.s + nchar(1) + nchar(1)) g`;
}

const TRIGRAMS_FUNCTION = `create function ${TRIGRAMS}(@s nvarchar(4000)) returns table as return
  with d(x) as (select 0 from (values (0), (0), (0), (0), (0), (0), (0), (0), (0), (0)) v(x)),
       t(n) as (
         select top (case when len(@s collate Latin1_General_100_BIN2 + N'x') - 1 > 2
                          then len(@s collate Latin1_General_100_BIN2 + N'x') - 3 else 0 end)
                row_number() over (order by (select null))
         from d a cross join d b cross join d c)
  select distinct substring(@s collate Latin1_General_100_BIN2, t.n, 3) collate Latin1_General_100_BIN2 as gram from t`;

function triggerSql(table: Table): string {
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

export async function down(knex: Knex): Promise<void> {
  if (!isMssql(knex)) return;
  for (const table of TABLES) {
    const [row] = await knex.raw<{ id: number | null }[]>('select object_id(?) as id', [triggerName(table)]);
    if (row?.id != null) {
      throw new Error(
        `${triggerName(table)} exists (the gram index of \`npm run mssql:grams -- build\`): drop it first with \`npm run mssql:grams -- drop\``,
      );
    }
  }
  await knex.raw(`create table ${GRAMS} (
    tbl tinyint not null,
    gram nvarchar(3) collate Latin1_General_100_BIN2 not null,
    id int not null,
    constraint ${GRAMS}_pk primary key (tbl, gram, id))`);
  await knex.raw(TRIGRAMS_FUNCTION);
  for (const table of TABLES) {
    await knex.raw(triggerSql(table));
    await knex.raw(`insert into ${GRAMS} (tbl, gram, id) ${gramsSql(table, table)}`);
  }
}
