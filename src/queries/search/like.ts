import type { Knex } from 'knex';
import { dialectFor, dialectOf } from '../../db/dialects/index.js';
import type { ContainsOptions, SearchScope, SearchStrategy } from './types.js';

/**
 * Contains-filters as LIKE scans: what MySQL/MariaDB and SQL Server get (no index serves `like '%x%'`
 * there), and what the indexed strategies fall back to. Everything the user typed reaches SQL only as a bound parameter; column names
 * come from our own code.
 */

/**
 * A LIKE pattern matching `text` literally anywhere, ASCII letters folded; its wildcards made
 * literal as the database's dialect does it (`!` escapes; SQL Server's one-character classes).
 */
export function containsPattern(text: string, client: string): string {
  return `%${dialectFor(client).like.escape(lowerAscii(text))}%`;
}

/** Only ASCII letters fold: that is what SQLite's LIKE and lower() do, and Chinese has no case. */
export function lowerAscii(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * `fold(col) like pattern` over one or more columns (OR-ed), case-insensitive for ASCII only (the
 * dialect may leave the fold out where it cannot matter: letterlessUnfolded). Where the columns
 * compare binary (letterlessUnfolded), a needle with letters is first looked for by its longest run
 * without letters in the column itself: the fold changes only letters, so wherever the needle is in
 * the fold that run is in the column, and a plain LIKE spares most rows the fold (translate() or 26
 * replace()s a row).
 */
export function whereLike(qb: Knex.QueryBuilder, columns: readonly string[], text: string): void {
  const { sql, bindings } = likeCondition(qb.client, columns, text);
  qb.whereRaw(sql, bindings);
}

/** whereLike's condition as SQL with its bindings (`??` a column), for a condition rendered later. */
export function likeCondition(client: Knex.Client, columns: readonly string[], text: string): { sql: string; bindings: string[] } {
  const like = dialectOf(client).like;
  const folded = lowerAscii(text);
  const pattern = `%${like.escape(folded)}%`;
  const hasLetters = /[a-z]/.test(folded);
  const condition = `${like.letterlessUnfolded && !hasLetters ? '??' : like.foldAsciiSql} like ?${like.escapeClause}`;
  const run = like.letterlessUnfolded && hasLetters ? longestRunWithoutLetters(folded) : '';
  const runPattern = `%${like.escape(run)}%`;
  const parts: string[] = [];
  const bindings: string[] = [];
  for (const column of columns) {
    if (run.length < MIN_PREFILTER_RUN) {
      parts.push(condition);
      bindings.push(column, pattern);
    } else {
      parts.push(`(?? like ?${like.escapeClause} and ${condition})`);
      bindings.push(column, runPattern, column, pattern);
    }
  }
  return { sql: `(${parts.join(' or ')})`, bindings };
}

/** Shorter runs (a lone `-` or space) are in most texts: the plain LIKE would spare few folds. */
const MIN_PREFILTER_RUN = 2;

/** The longest stretch of `folded` holding no ASCII letter (the first of equal ones). */
function longestRunWithoutLetters(folded: string): string {
  return folded.split(/[a-z]+/).reduce((longest, run) => (run.length > longest.length ? run : longest), '');
}

/**
 * The same condition without the other tables joined (`joined: false`): the listed table's own
 * columns as LIKEs, each other table as `key in (ids of that table whose columns match)`. Exact
 * because each key is a NOT NULL foreign key: a listed row has exactly one such row. For counts:
 * the other table is searched once instead of once per listed row through the join.
 */
function whereLikeSemiJoin(qb: Knex.QueryBuilder, listedId: string, scopes: readonly SearchScope[], text: string): void {
  qb.where((either) => {
    for (const s of scopes) {
      const columns = s.columns.map((c) => `${s.table}.${c}`);
      if (s.key === listedId) {
        either.orWhere((own) => whereLike(own, columns, text));
      } else {
        const ids = qb.client.queryBuilder().from(s.table).select(`${s.table}.id`);
        whereLike(ids, columns, text);
        either.orWhereIn(s.key, ids);
      }
    }
  });
}

export const likeSearch: SearchStrategy = {
  whereContains(qb: Knex.QueryBuilder, listedId: string, scopes: readonly SearchScope[], text: string, options: ContainsOptions): void {
    if (options.joined === false) whereLikeSemiJoin(qb, listedId, scopes, text);
    else
      whereLike(
        qb,
        scopes.flatMap((s) => s.columns.map((c) => `${s.table}.${c}`)),
        text,
      );
  },
  loneTotal: () => undefined,
  planQuestion: () => undefined,
};
