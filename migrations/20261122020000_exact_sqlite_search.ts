import type { Knex } from 'knex';

/**
 * SQLite only: the trigram search tables become exact, so that a needle of three or more characters
 * is answered by the index alone, without a LIKE over every candidate row.
 *
 * The tables of 20261122010000 index the raw text with FTS5's default folding (Unicode case folding,
 * wider than the ASCII-only folding the contract asks for), so every candidate had to be re-read and
 * re-checked with the LIKE; for a frequent needle that is the cost (1M pricings, `精工五金`, 83k
 * rows: count 150 ms, page 284 ms; bench/README.md). Here they are contentless, case-sensitive
 * trigram tables over lower(col): SQLite's built-in lower() folds ASCII letters only, exactly the
 * contract's folding, and an FTS5 trigram phrase matches exactly the rows containing the text.
 * Triggers keep them in step with their tables (contentless_delete: SQLite 3.43+, bundled by
 * better-sqlite3 12).
 */

const isSqlite = (knex: Knex) => ['better-sqlite3', 'sqlite3'].includes(String(knex.client.config.client));
const searchTable = (table: string) => `${table}_search`;

// Copied from 20261122010000_* as it is there, on purpose: migrations are frozen history, and a later
// edit to a shared helper would silently change what this migration does.
const SEARCHED_COLUMNS = {
  parts: ['part_no', 'part_name', 'spec'],
  pricing: ['pricing_no', 'supplier_code', 'supplier_name'],
  secondary_processes: ['process_no', 'process_name', 'supplier_code', 'supplier_name'],
} as const;

/** 20261122010000_*'s search tables (external content, default folding), which `down` restores. */
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

/** What a search table holds for a column, as SQL over `<prefix><column>` (20261122030000 pads it). */
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

export async function up(knex: Knex): Promise<void> {
  if (isSqlite(knex)) await installSqliteSearch(knex, loweredText);
}

export async function down(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  await dropSqliteSearch(knex);
  await createSqliteSearch(knex);
}
