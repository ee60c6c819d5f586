import type { Knex } from 'knex';

/** One table a contains-filter looks into, and the column of the listed rows that holds its id. */
export interface SearchScope {
  table: string;
  /** Unqualified text columns of `table`. */
  columns: readonly string[];
  /** e.g. 'pricing.id' for the listed table itself, 'pricing.part_id' for parts. */
  key: string;
}

/** An operation's contains-filters, each with the scopes it looks into. */
export type Searches = Readonly<Record<string, readonly SearchScope[]>>;

/**
 * How a search that can be answered either way should run (SQLite's trigram tables, PostgreSQL's
 * other-table matches or its sorts by a searched column):
 * - 'collect': gather every matching rowid through the search tables, then sort them (cheap for
 *   a rare needle, but every match is read); on PostgreSQL, the other table's matches as an array
 *   the planner can use as an index condition;
 * - 'walk': test each row against the matches while walking the sort order's index, stopping after
 *   the page (cheap for a frequent needle; a needle with one match would walk the whole table); on
 *   PostgreSQL, the other table's matches as a hashed `in (…)`, since `= any(array)` compares each
 *   walked row with every element.
 * - 'collect-ids' (PostgreSQL, when the page is sorted by a column the filter searches): gather the
 *   ids and sort values of every match, sort those, then read the page's rows by id (paging/).
 * paging/fetch-page.ts picks one from the count (`prefersWalk`, `MAX_COLLECTED_SHARE`).
 */
export type SearchPlan = 'collect' | 'walk' | 'collect-ids';

/**
 * Which count must come first to pick the SearchPlan: 'walk-or-collect' (SQLite, SQL Server, and
 * PostgreSQL when another table is searched) or 'sorted-search' (PostgreSQL: collect the ids unless
 * they are a large share of the table).
 */
export type PlanQuestion = 'walk-or-collect' | 'sorted-search';

export interface ContainsOptions {
  /**
   * Whether the other tables of the scopes are joined to the listed one. When they are not (counts,
   * deep pages' ids), a strategy without indexes looks them up as `key in (…)` subqueries.
   */
  joined?: boolean;
  plan?: SearchPlan;
}

/**
 * How one database answers contains-filters: ASCII-only case folding, exactly the rows the plain
 * LIKE over the scopes' columns would give, whatever index serves them. The database's dialect names it
 * (searches.ts searchFor).
 */
export interface SearchStrategy {
  /** WHERE any of the scopes' columns contains `text` (non-empty). */
  whereContains(qb: Knex.QueryBuilder, listedId: string, scopes: readonly SearchScope[], text: string, options: ContainsOptions): void;
  /**
   * `select … as total` of the listed rows whose scopes contain `text`, counted by the search
   * indexes without reading the listed rows; undefined where the database has no such shortcut.
   */
  loneTotal(db: Knex, listedId: string, scopes: readonly SearchScope[], text: string): Knex.QueryBuilder | undefined;
  /** The question a page must answer by counting first (see PlanQuestion), or undefined. */
  planQuestion(
    searches: Searches,
    filters: Readonly<Record<string, unknown>>,
    listedId: string,
    firstSortColumn: string,
  ): PlanQuestion | undefined;
}

/** The set contains-filters: name → non-empty text. */
export function setTexts(searches: Searches, filters: Readonly<Record<string, unknown>>): [name: string, text: string][] {
  return Object.keys(searches).flatMap((name) => {
    const text = filters[name];
    return typeof text === 'string' && text !== '' ? [[name, text] as [string, string]] : [];
  });
}
