import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialects/index.js';
import type { SearchStrategyName } from '../../db/dialects/dialect.js';
import { likeSearch, lowerAscii } from './like.js';
import { pgGramSearch } from './pg-grams.js';
import { sqliteTrigramSearch } from './sqlite-trigram.js';
import { setTexts, type ContainsOptions, type PlanQuestion, type Searches, type SearchStrategy } from './types.js';

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

/**
 * An operation's contains-filters as one request set them, bound to its database's strategy: the
 * only place a request asks which strategy answers it.
 */
export interface RequestSearches {
  /**
   * WHERE each set contains-filter matches (absent and empty texts filter nothing), or, for a filter
   * with NamedCodes, the row's code is one whose name contains the text.
   */
  where(qb: Knex.QueryBuilder, options?: ContainsOptions): void;
  /**
   * `select … as total` when the only filter set is one contains-filter that the database's indexes
   * count without reading the listed rows (any other filter needs the rows themselves); else undefined.
   */
  loneTotal(): Knex.QueryBuilder | undefined;
  /** Which count a page sorted first by `firstSortColumn` must run first to choose its SearchPlan, if any. */
  planQuestion(firstSortColumn: string | undefined): PlanQuestion | undefined;
}

/**
 * A code column of the listed table whose codes a contains-filter also finds by their names: the
 * rows whose code's name contains the text match too (电镀 finds the plating category, whatever
 * its rows' texts say).
 */
export interface NamedCodes {
  /** The qualified column, e.g. 'secondary_processes.category'. */
  column: string;
  /** Each code's name, as the staff call it. */
  names: Readonly<Record<string, string>>;
}

/** The codes whose name contains `text`, folded as the contains-filters fold (ASCII letters only). */
export function codesNamed(named: NamedCodes, text: string): string[] {
  const needle = lowerAscii(text);
  return Object.keys(named.names).filter((code) => lowerAscii(named.names[code]!).includes(needle));
}

export function requestSearches(
  db: Knex,
  listedId: string,
  searches: Searches,
  filters: object,
  namedCodes: Readonly<Record<string, NamedCodes>> = {},
): RequestSearches {
  const strategy = STRATEGIES[dialectOf(db).search.strategy];
  const f = filters as Readonly<Record<string, unknown>>;
  const texts = setTexts(searches, f).map(([name, text]) => {
    const named = namedCodes[name];
    return { name, text, named, codes: named ? codesNamed(named, text) : [] };
  });
  return {
    where(qb, options = {}) {
      for (const { name, text, named, codes } of texts) {
        if (codes.length === 0) strategy.whereContains(qb, listedId, searches[name]!, text, options);
        else
          qb.where((either) => {
            strategy.whereContains(either, listedId, searches[name]!, text, options);
            either.orWhereIn(named!.column, codes);
          });
      }
    },
    loneTotal() {
      const set = Object.values(f).filter((v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
      // A name that matches codes adds rows the search indexes alone do not count.
      if (set.length !== 1 || texts.length !== 1 || texts[0]!.codes.length > 0) return undefined;
      const { name, text } = texts[0]!;
      return strategy.loneTotal(db, listedId, searches[name]!, text);
    },
    planQuestion(firstSortColumn) {
      // A computed first key is no searched column: the plain plans.
      return firstSortColumn === undefined || texts.length === 0
        ? undefined
        : strategy.planQuestion(searches, f, listedId, firstSortColumn);
    },
  };
}
