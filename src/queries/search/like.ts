import type { Knex } from 'knex';
import type { ContainsOptions, SearchScope, SearchStrategy } from './types.js';

/**
 * Contains-filters as LIKE scans: what MySQL/MariaDB get (no index serves `like '%x%'` there), what
 * the indexed strategies fall back to, and what SQL Server's (mssql-trigram.ts) checks its
 * candidates with. Everything the user typed reaches SQL only as a bound parameter; column names
 * come from our own code.
 */

const LIKE_ESCAPE = '!';

/**
 * A LIKE pattern matching `text` literally anywhere. `!` is the escape character because `\`
 * is itself an escape in MySQL string literals.
 * SQL Server also treats `[` as a wildcard; there each of `%`, `_` and `[` becomes a one-character
 * class (`[%]`, `[_]`, `[[]`, SQL Server's documented way to match them literally) and no ESCAPE
 * clause is needed (likeEscapeSql). Babelfish mishandles an escape character right after `%`
 * (`'a%b' like '%!%%' escape '!'` is false there), which every needle starting with a special hit.
 */
export function containsPattern(text: string, client: string): string {
  if (client === 'mssql') return `%${lowerAscii(text).replace(/[%_[]/g, (c) => `[${c}]`)}%`;
  return `%${lowerAscii(text).replace(/[!%_]/g, (c) => LIKE_ESCAPE + c)}%`;
}

/** What follows `like ?`: the ESCAPE clause containsPattern's pattern needs, if any. */
function likeEscapeSql(client: string): string {
  // The escape character is our constant, written as a literal: only the user's text is a parameter.
  return client === 'mssql' ? '' : ` escape '${LIKE_ESCAPE}'`;
}

/** Only ASCII letters fold: that is what SQLite's LIKE and lower() do, and Chinese has no case. */
export function lowerAscii(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

const UPPER_ASCII = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * SQL for a column (`??`) with only its ASCII letters lower-cased, so that every database folds
 * exactly what SQLite does. lower() does that on SQLite and on PostgreSQL under the columns'
 * "C" collation, but MySQL/MariaDB and SQL Server also fold Greek, Cyrillic and full-width
 * letters (Φ in a spec would then miss a search for Φ): there the 26 letters are mapped one by one
 * (SQL Server 2017+ has translate(); MySQL has not, hence the nested replace()).
 */
export function foldAsciiSql(client: string): string {
  switch (client) {
    case 'mysql2':
    case 'mysql':
      return [...UPPER_ASCII].reduce((sql, c) => `replace(${sql}, '${c}', '${c.toLowerCase()}')`, '??');
    case 'mssql':
      return `translate(??, '${UPPER_ASCII}', '${UPPER_ASCII.toLowerCase()}')`;
    default:
      return 'lower(??)';
  }
}

/** `fold(col) like pattern` over one or more columns (OR-ed), case-insensitive for ASCII only. */
export function whereLike(qb: Knex.QueryBuilder, columns: readonly string[], text: string): void {
  const client = qb.client.config.client as string;
  const pattern = containsPattern(text, client);
  const condition = `${foldAsciiSql(client)} like ?${likeEscapeSql(client)}`;
  qb.where((inner) => {
    for (const column of columns) {
      inner.orWhereRaw(condition, [column, pattern]);
    }
  });
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
