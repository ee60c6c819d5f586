import type { Knex } from 'knex';
import type { QueryDeps } from '../deps.js';
import type { Searches } from '../search/types.js';

/** How one filter narrows a list, given its value; called only when the filter is set. */
export type Predicate<V> = (qb: Knex.QueryBuilder, value: V, deps: QueryDeps) => void;

/** An operation's table of predicates: one entry per filter that is not a contains-filter. */
export type Predicates = Readonly<Record<string, Predicate<never>>>;

/**
 * The filters a list operation reads, derived from what reads them: a text per contains-filter of
 * `S` and the value each predicate of `P` takes, all optional. The request schema is built against
 * this type (src/schemas/requests.ts), so a field that no query reads does not compile.
 */
export type FiltersOf<S extends Searches, P extends Predicates> = {
  [K in keyof S | keyof P]?: K extends keyof P ? (P[K] extends Predicate<infer V> ? V : never) : string;
};

/** Each set filter's predicate (absent and empty filter nothing), in the table's order, which the SQL keeps. */
export function wherePredicates(qb: Knex.QueryBuilder, predicates: Predicates, filters: object, deps: QueryDeps): void {
  const f = filters as Readonly<Record<string, unknown>>;
  for (const [name, predicate] of Object.entries(predicates)) {
    const value = f[name];
    if (value !== undefined && value !== '') predicate(qb, value as never, deps);
  }
}
