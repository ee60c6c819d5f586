import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialects/index.js';
import type { SearchStrategyName } from '../../db/dialects/dialect.js';
import { likeSearch } from './like.js';
import { pgGramSearch } from './pg-grams.js';
import { sqliteTrigramSearch } from './sqlite-trigram.js';
import type { ContainsOptions, PlanQuestion, Searches, SearchStrategy } from './types.js';

/**
 * An operation's contains-filters, answered by the strategy of its database: SQLite's trigram
 * tables, PostgreSQL's GIN indexes, LIKE scans on MySQL/MariaDB and SQL Server. Each database's
 * dialect (src/db/dialects/) names its strategy; a new strategy is one file here, one line in
 * STRATEGIES and its name in the dialect.
 */

/** The strategies by the names the dialects (src/db/dialects/) give them. */
const STRATEGIES: Readonly<Record<SearchStrategyName, SearchStrategy>> = {
  'sqlite-trigram': sqliteTrigramSearch,
  'pg-grams': pgGramSearch,
  like: likeSearch,
};

/** The search strategy of a database: its dialect's. */
export function searchFor(db: Knex): SearchStrategy {
  return STRATEGIES[dialectOf(db).search.strategy];
}

/** WHERE each set contains-filter of `filters` matches (empty and absent texts filter nothing). */
export function whereSearches(
  db: Knex,
  qb: Knex.QueryBuilder,
  listedId: string,
  searches: Searches,
  filters: object,
  options: ContainsOptions = {},
): void {
  const strategy = searchFor(db);
  const f = filters as Readonly<Record<string, unknown>>;
  for (const [name, scopes] of Object.entries(searches)) {
    const text = f[name];
    if (typeof text === 'string' && text !== '') strategy.whereContains(qb, listedId, scopes, text, options);
  }
}

/**
 * `select … as total` when the only filter set is one contains-filter that the database's indexes
 * count without reading the listed rows (any other filter needs the rows themselves); else undefined.
 */
export function loneSearchTotal(db: Knex, listedId: string, searches: Searches, filters: object): Knex.QueryBuilder | undefined {
  const set = Object.entries(filters as Readonly<Record<string, unknown>>).filter(
    ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
  );
  if (set.length !== 1) return undefined;
  const [name, text] = set[0]!;
  const scopes = searches[name];
  if (!scopes || typeof text !== 'string') return undefined;
  return searchFor(db).loneTotal(db, listedId, scopes, text);
}

/** Which count a page must run first to choose its SearchPlan (paging/fetch-page.ts), if any. */
export function searchPlanQuestion(
  db: Knex,
  searches: Searches,
  filters: object,
  listedId: string,
  firstSortColumn: string,
): PlanQuestion | undefined {
  return searchFor(db).planQuestion(searches, filters as Readonly<Record<string, unknown>>, listedId, firstSortColumn);
}
