/**
 * The facts about the search structures that the queries rely on: which columns are indexed, what
 * the tables and indexes are called, how texts are padded and grams tagged. The migrations that
 * create them (20261122010000_* to 20261122040000_*) are frozen history and keep their own literal
 * copies; test/search-schema.test.ts checks on migrated databases that these agree with what is
 * there, so a later migration that changes one must change this file too.
 */

/** table → searched text columns (every column any contains-filter of that table looks at). */
export const SEARCHED_COLUMNS = {
  parts: ['part_no', 'part_name', 'spec'],
  pricing: ['pricing_no', 'supplier_code', 'supplier_name'],
  secondary_processes: ['process_no', 'process_name', 'supplier_code', 'supplier_name'],
} as const;

export type SearchedTable = keyof typeof SEARCHED_COLUMNS;

/** Trigram indexes (pg_trgm, an FTS5 phrase) need a needle of at least three characters (code points). */
export const MIN_TRIGRAM_NEEDLE = 3;

/**
 * SQLite: the contentless FTS5 trigram table over lower(col) of each searched column of `table`
 * (in SEARCHED_COLUMNS order), and its two fts5vocab views: each distinct trigram ('row') and each
 * occurrence with its row and column ('instance').
 */
export function sqliteSearchTables(table: string): { fts: string; terms: string; instances: string } {
  return { fts: `${table}_search`, terms: `${table}_search_terms`, instances: `${table}_search_instances` };
}

/**
 * SQLite: what follows lower(col) in the search tables. With it every position of a text starts a
 * trigram, so a text contains a one- or two-character needle exactly when one of its trigrams
 * starts with the needle.
 */
export const SEARCH_PAD = '\u0001\u0001';

/** PostgreSQL: the GIN index over short_grams of `table`'s lowered searched columns. */
export const shortGramsIndex = (table: SearchedTable): string => `${table}_short_grams`;

/** PostgreSQL: the pg_trgm GIN index on lower(column). */
export const trigramIndex = (table: SearchedTable, column: string): string => `${table}_${column}_trgm`;

/**
 * PostgreSQL: SQL of the expression the short-gram index is built on, its columns qualified by
 * `prefix` (e.g. 'pricing.'). short_grams(texts) is every substring of one or two characters of
 * each text, tagged with the text's 1-based position in the array: `2:支架`.
 */
export function shortGramsSql(table: SearchedTable, prefix = ''): string {
  return `short_grams(array[${SEARCHED_COLUMNS[table].map((c) => `lower(${prefix}${c})`).join(', ')}])`;
}

/** PostgreSQL: the tags of `needle` in `columns` of `table`, as shortGramsSql's grams spell them. */
export function shortGramTags(table: SearchedTable, columns: readonly string[], needle: string): string[] {
  const all: readonly string[] = SEARCHED_COLUMNS[table];
  return columns.map((c) => {
    if (!all.includes(c)) throw new Error(`${table}.${c} is not in the short-gram index (SEARCHED_COLUMNS)`);
    return `${all.indexOf(c) + 1}:${needle}`;
  });
}
