import type { Knex } from 'knex';
import type { QueryDeps } from '../deps.js';
import type { SearchScope } from '../search/types.js';

/** How one filter narrows a list, given its value; called only when the filter is set. */
export type Predicate<V> = (qb: Knex.QueryBuilder, value: V, deps: QueryDeps) => void;

/** An operation's table of predicates: one entry per filter that is not a contains-filter. */
export type Predicates = Readonly<Record<string, Predicate<never>>>;

/** Predicates of some of the filters `F` (src/resources), each taking its filter's value. */
export type PredicatesOf<F> = { readonly [K in keyof F]?: Predicate<NonNullable<F[K]>> };

/** Contains-filters among the filters `F`, each with the scopes it looks into. */
export type SearchesOf<F> = { readonly [K in keyof F]?: readonly SearchScope[] };

/** `true` only when every filter of `F` is read by a search of `S` or a predicate of `P`. */
export type ReadsEvery<F, S, P> = [Exclude<keyof F, keyof S | keyof P>] extends [never] ? true : false;

/** Each set filter's predicate (absent and empty filter nothing), in the table's order, which the SQL keeps. */
export function wherePredicates(qb: Knex.QueryBuilder, predicates: Predicates, filters: object, deps: QueryDeps): void {
  const f = filters as Readonly<Record<string, unknown>>;
  for (const [name, predicate] of Object.entries(predicates)) {
    const value = f[name];
    if (value !== undefined && value !== '') predicate(qb, value as never, deps);
  }
}
