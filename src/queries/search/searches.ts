import type { Knex } from 'knex';
import { clientOf } from '../../db/connection.js';
import { likeSearch } from './like.js';
import { mssqlTrigramSearch } from './mssql-trigram.js';
import { pgGramSearch } from './pg-grams.js';
import { sqliteTrigramSearch } from './sqlite-trigram.js';
import type { ContainsOptions, PlanQuestion, Searches, SearchStrategy } from './types.js';

/**
 * An operation's contains-filters, answered by the strategy of its database: SQLite's trigram
 * tables, PostgreSQL's GIN indexes, SQL Server's gram side table, LIKE scans on MySQL/MariaDB. A new
 * strategy is one file and one line in strategyFor.
 */

function strategyFor(client: string): SearchStrategy {
  switch (client) {
    case 'better-sqlite3':
      return sqliteTrigramSearch;
    case 'pg':
      return pgGramSearch;
    case 'mssql':
      return mssqlTrigramSearch;
    default:
      return likeSearch;
  }
}

const strategies = new WeakMap<Knex, SearchStrategy>();

/** The search strategy of a database, chosen once per knex instance. */
export function searchFor(db: Knex): SearchStrategy {
  let strategy = strategies.get(db);
  if (!strategy) strategies.set(db, (strategy = strategyFor(clientOf(db))));
  return strategy;
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
