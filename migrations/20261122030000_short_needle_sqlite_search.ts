import type { Knex } from 'knex';
import { SEARCHED_COLUMNS } from './20261122010000_search_and_sort_indexes.js';
import { installSqliteSearch, refillSqliteSearch, up as installUnpadded, type IndexedText } from './20261122020000_exact_sqlite_search.js';

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
