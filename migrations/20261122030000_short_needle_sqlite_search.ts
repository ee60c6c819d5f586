import type { Knex } from 'knex';

/**
 * SQLite only: the search tables also answer needles of one or two characters (`支架`, `镀`), which
 * a trigram phrase cannot express and which otherwise scan every row (1M pricings: 410–510 ms).
 *
 * Each column is indexed as lower(col) followed by two U+0001 characters. Then every position of the
 * text starts a trigram, so a text contains a one- or two-character needle exactly when one of its
 * trigrams starts with the needle. The index's term list answers that by a range scan (fts5vocab):
 * `<table>_search_terms` ('row': each distinct trigram) and `<table>_search_instances`
 * ('instance': each occurrence, with its row and column); src/queries/search/sqlite-trigram.ts `trigramRowids` uses
 * them. Phrases of three or more characters match as before; a needle that itself contains U+0001
 * is not sent to the index.
 */
export const SEARCH_PAD = '\u0001\u0001';

const paddedText: IndexedText = (column) => `lower(${column}) || char(1, 1)`;
const isSqlite = (knex: Knex) => ['better-sqlite3', 'sqlite3'].includes(String(knex.client.config.client));

// --- Copied from 20261122010000_* and 20261122020000_* as they are there, on purpose: migrations are
// frozen history, and a later edit to a shared helper would silently change what this migration does.

const SEARCHED_COLUMNS = {
  parts: ['part_no', 'part_name', 'spec'],
  pricing: ['pricing_no', 'supplier_code', 'supplier_name'],
  secondary_processes: ['process_no', 'process_name', 'supplier_code', 'supplier_name'],
} as const;

const searchTable = (table: string) => `${table}_search`;
/** What a search table holds for a column, as SQL over `<prefix><column>`. */
type IndexedText = (column: string) => string;
const loweredText: IndexedText = (column) => `lower(${column})`;
const indexed = (text: IndexedText, prefix: string, columns: readonly string[]) => columns.map((c) => text(prefix + c)).join(', ');

/** Re-fill the search tables from their base tables. */
async function refillSqliteSearch(knex: Knex, text: IndexedText = loweredText): Promise<void> {
  if (!isSqlite(knex)) return;
  for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
    const fts = searchTable(table);
    await knex.raw(`delete from ${fts}`);
    await knex.raw(`insert into ${fts}(rowid, ${columns.join(', ')}) select id, ${indexed(text, '', columns)} from ${table}`);
  }
}

async function dropSqliteSearch(knex: Knex): Promise<void> {
  for (const table of Object.keys(SEARCHED_COLUMNS)) {
    for (const op of ['ai', 'ad', 'au']) await knex.raw(`drop trigger if exists ${table}_search_${op}`);
    await knex.raw(`drop table if exists ${searchTable(table)}`);
  }
}

/** (Re)create the search tables and their triggers, indexing `text` of each column, and fill them. */
async function installSqliteSearch(knex: Knex, text: IndexedText): Promise<void> {
  await dropSqliteSearch(knex);
  for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
    const fts = searchTable(table);
    const cols = columns.join(', ');
    await knex.raw(
      `create virtual table ${fts} using fts5(${cols}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`,
    );
    await knex.raw(`create trigger ${table}_search_ai after insert on ${table} begin
      insert into ${fts}(rowid, ${cols}) values (new.id, ${indexed(text, 'new.', columns)}); end`);
    await knex.raw(`create trigger ${table}_search_ad after delete on ${table} begin
      delete from ${fts} where rowid = old.id; end`);
    await knex.raw(`create trigger ${table}_search_au after update of id, ${cols} on ${table} begin
      delete from ${fts} where rowid = old.id;
      insert into ${fts}(rowid, ${cols}) values (new.id, ${indexed(text, 'new.', columns)}); end`);
  }
  await refillSqliteSearch(knex, text);
}

/** 20261122020000_*'s `up`: the unpadded exact search tables, which `down` restores. */
async function installUnpadded(knex: Knex): Promise<void> {
  if (isSqlite(knex)) await installSqliteSearch(knex, loweredText);
}

// --- This migration -------------------------------------------------------------------------------

/** Re-fill the search tables from their base tables (the seed runs this after loading demo data). */
export async function refillPaddedSearch(knex: Knex): Promise<void> {
  await refillSqliteSearch(knex, paddedText);
}

/** The term lists of each search table: [fts5vocab table, its type]. */
const termTables = () =>
  Object.keys(SEARCHED_COLUMNS).flatMap((table) => [
    [`${table}_search`, `${table}_search_terms`, 'row'] as const,
    [`${table}_search`, `${table}_search_instances`, 'instance'] as const,
  ]);

export async function up(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  await installSqliteSearch(knex, paddedText);
  for (const [fts, terms, type] of termTables()) {
    await knex.raw(`create virtual table ${terms} using fts5vocab(${fts}, '${type}')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  for (const [, terms] of termTables()) await knex.raw(`drop table if exists ${terms}`);
  await installUnpadded(knex);
}
