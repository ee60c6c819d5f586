import type { Knex } from 'knex';

/**
 * Indexes for large tables (bench/README.md has the plans and figures behind each one).
 *
 * Sorting: descending twins of the default sorts' indexes (see DESCENDING_INDEXES).
 *
 * Contains-search (`lower(col) like '%x%'`) cannot use a B-tree on any database. Where a database
 * has a trigram index, the answers stay exactly those of the plain LIKE (src/queries/search/):
 * - SQLite: FTS5 tables with the trigram tokenizer over the searched columns, as external-content
 *   tables kept in step by triggers (and rebuilt here and by seeds/02_search_index.ts); they only
 *   narrow the candidate rows, the LIKE stays the final filter.
 * - PostgreSQL: pg_trgm GIN indexes on lower(col), the very expression the queries filter on.
 * - MySQL/MariaDB and SQL Server have no equivalent: nothing is created and LIKE scans.
 */

/** table → searched text columns (every column any contains-filter of that table looks at). */
const SEARCHED_COLUMNS = {
  parts: ['part_no', 'part_name', 'spec'],
  pricing: ['pricing_no', 'supplier_code', 'supplier_name'],
  secondary_processes: ['process_no', 'process_name', 'supplier_code', 'supplier_name'],
} as const;

const searchTable = (table: string) => `${table}_search`;

async function createSqliteSearch(knex: Knex): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
    const fts = searchTable(table);
    const cols = columns.join(', ');
    const newCols = columns.map((c) => `new.${c}`).join(', ');
    const oldCols = columns.map((c) => `old.${c}`).join(', ');
    await knex.raw(`create virtual table ${fts} using fts5(${cols}, content='${table}', content_rowid='id', tokenize='trigram')`);
    await knex.raw(`create trigger ${table}_search_ai after insert on ${table} begin
      insert into ${fts}(rowid, ${cols}) values (new.id, ${newCols}); end`);
    await knex.raw(`create trigger ${table}_search_ad after delete on ${table} begin
      insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.id, ${oldCols}); end`);
    await knex.raw(`create trigger ${table}_search_au after update on ${table} begin
      insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.id, ${oldCols});
      insert into ${fts}(rowid, ${cols}) values (new.id, ${newCols}); end`);
    await knex.raw(`insert into ${fts}(${fts}) values ('rebuild')`);
  }
}

async function createPgTrigram(knex: Knex): Promise<void> {
  try {
    await knex.raw('create extension if not exists pg_trgm');
  } catch {
    // A login without CREATE on the database: the queries still work, LIKE just scans.
    return;
  }
  for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
    for (const column of columns) {
      await knex.raw(`create index if not exists ?? on ?? using gin (lower(??) gin_trgm_ops)`, [`${table}_${column}_trgm`, table, column]);
    }
  }
}

/**
 * The default sorts (newest first, then id ascending) in index order: with only (col, id) the
 * database must sort the ties itself, and SQLite then prefers to read the whole join and sort it.
 * Plain SQL: knex's index builder has no per-column direction; every supported database takes it.
 */
const DESCENDING_INDEXES = [
  ['pricing', 'priced_at', 'pricing_priced_at_desc_index'],
  ['pricing', 'updated_at', 'pricing_updated_at_desc_index'],
  ['pricing', 'unit_price', 'pricing_unit_price_desc_index'],
  ['secondary_processes', 'updated_at', 'secondary_processes_updated_at_desc_index'],
] as const;

/**
 * Status + price range sorted by price (with or without a date range): the sort can stop after one
 * page, and the count reads this index alone (1M pricings, SQLite: page 197 ms + count 183 ms →
 * 0.6 ms + 5 ms).
 */
const STATUS_PRICE_INDEX = 'pricing_status_unit_price_index';

export async function up(knex: Knex): Promise<void> {
  const client = String(knex.client.config.client);
  for (const [table, column, name] of DESCENDING_INDEXES) {
    await knex.raw('create index ?? on ?? (?? desc, ??)', [name, table, column, 'id']);
  }
  await knex.schema.alterTable('pricing', (t) => t.index(['status', 'unit_price', 'priced_at'], STATUS_PRICE_INDEX));
  if (client === 'better-sqlite3' || client === 'sqlite3') await createSqliteSearch(knex);
  if (client === 'pg') await createPgTrigram(knex);
}

export async function down(knex: Knex): Promise<void> {
  const client = String(knex.client.config.client);
  for (const [table, , name] of DESCENDING_INDEXES) await knex.schema.alterTable(table, (t) => t.dropIndex([], name));
  await knex.schema.alterTable('pricing', (t) => t.dropIndex([], STATUS_PRICE_INDEX));
  if (client === 'better-sqlite3' || client === 'sqlite3') {
    for (const table of Object.keys(SEARCHED_COLUMNS)) {
      for (const op of ['ai', 'ad', 'au']) await knex.raw(`drop trigger if exists ${table}_search_${op}`);
      await knex.raw(`drop table if exists ${searchTable(table)}`);
    }
  }
  if (client === 'pg') {
    for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
      for (const column of columns) await knex.raw('drop index if exists ??', [`${table}_${column}_trgm`]);
    }
  }
}
