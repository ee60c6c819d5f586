import type { Knex } from 'knex';
import type { SEARCHED_COLUMNS } from '../../migrations/20261122010000_search_and_sort_indexes.js';
import { SEARCH_PAD } from '../../migrations/20261122030000_short_needle_sqlite_search.js';
import { shortGramsSql, shortGramTags } from '../../migrations/20261122040000_short_needle_pg_search.js';
import { nextDay, startOfDayIn } from '../time-zone.js';

/**
 * Filters shared by the list operations. Everything the user typed reaches SQL only as a bound
 * parameter; column names come from our own code.
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
export function whereContains(qb: Knex.QueryBuilder, columns: readonly string[], text: string | undefined): void {
  if (text === undefined || text === '') return;
  const client = qb.client.config.client as string;
  const pattern = containsPattern(text, client);
  const condition = `${foldAsciiSql(client)} like ?${likeEscapeSql(client)}`;
  qb.where((inner) => {
    for (const column of columns) {
      inner.orWhereRaw(condition, [column, pattern]);
    }
  });
}

/** One table a contains-filter looks into, and the column of the listed rows that holds its id. */
export interface SearchScope {
  table: string;
  /** Unqualified text columns of `table`. */
  columns: readonly string[];
  /** e.g. 'pricing.id' for the listed table itself, 'pricing.part_id' for parts. */
  key: string;
}

type SearchedTable = keyof typeof SEARCHED_COLUMNS;

/** Trigram indexes (pg_trgm, an FTS5 phrase) need a needle of at least three characters (code points). */
const MIN_TRIGRAM_NEEDLE = 3;

/**
 * Whether SQLite's search tables answer this needle: any length (migrations/20261122030000_* pads
 * every indexed text with two U+0001, so shorter needles are trigram prefixes), unless the needle
 * contains the padding character itself.
 */
const sqliteIndexes = (text: string): boolean => !text.includes(SEARCH_PAD[0]!);

/**
 * `whereContains` over columns of one or more tables, answered by an index where the database has
 * one (migrations/20261122010000_* to 20261122040000_*), with exactly the plain LIKE's answer:
 * - SQLite: `key in (rowids of <table>_search matching the phrase)` per table, and no LIKE: the
 *   contentless FTS5 trigram tables index lower(col) (padded), case-sensitively, so they match exactly
 *   the rows whose text contains the needle, folded as LIKE folds, whatever its length;
 * - PostgreSQL, needle ≥ 3 characters: the listed table's own LIKEs, and `key = any(array(ids of the
 *   other table whose LIKEs match))`, each served by pg_trgm's GIN indexes on lower(col); shorter
 *   needles: the same shape over the exact short-gram GIN indexes (wherePgMatch).
 * The other databases get the plain LIKE alone (`joined: false`: the other
 * tables as `key in (…)` subqueries, see whereContainsSemiJoin).
 */
export function whereContainsIndexed(
  qb: Knex.QueryBuilder,
  listedId: string,
  scopes: readonly SearchScope[],
  text: string | undefined,
  options: { joined?: boolean; plan?: SearchPlan } = {},
): void {
  if (text === undefined || text === '') return;
  const newQuery = (): Knex.QueryBuilder => qb.client.queryBuilder();
  const client = qb.client.config.client as string;
  if (client === 'better-sqlite3' && sqliteIndexes(text)) {
    whereTrigramMatch(qb, scopes, text, newQuery, options.plan ?? 'collect');
  } else if (client === 'pg') {
    // `key = any(array(…))` rather than `key in (…)`: an array computed once can be a bitmap index
    // condition, so the planner may BitmapOr it with the indexes of the listed table, or walk the
    // sort index for frequent needles (1M pricings, `精工五金`: page 743 ms → 4 ms).
    qb.where((either) => {
      for (const s of scopes) {
        if (s.key === listedId) either.orWhere((own) => wherePgMatch(own, s, text));
        else either.orWhereRaw('?? = any(array(?))', [s.key, pgMatchingIds(newQuery(), s, text)]);
      }
    });
  } else if (options.joined === false) {
    whereContainsSemiJoin(qb, listedId, scopes, text, newQuery);
  } else {
    whereContains(qb, scopes.flatMap((s) => s.columns.map((c) => `${s.table}.${c}`)), text);
  }
}

/**
 * How SQLite should use a trigram search:
 * - 'collect': gather every matching rowid through the search tables, then sort them (cheap for
 *   a rare needle, but every match is read: 1M pricings, `精工五金`, 83k rows: page 1 in 217 ms);
 * - 'walk': test each row against the matches while walking the sort order's index, stopping after
 *   the page (the same needle: 21 ms; a needle with one match would walk the whole table).
 * - 'collect-ids' (PostgreSQL, when the page is sorted by a column the filter searches): gather the
 *   ids and sort values of every match, sort those, then read the page's rows by id (paging.ts).
 * fetchPage picks one from the count (paging.ts `prefersWalk`, `MAX_COLLECTED_SHARE`).
 */
export type SearchPlan = 'collect' | 'walk' | 'collect-ids';

/** SQLite: `key in (rowids whose columns contain the text)`, OR-ed per table. */
function whereTrigramMatch(
  qb: Knex.QueryBuilder,
  scopes: readonly SearchScope[],
  text: string,
  newQuery: () => Knex.QueryBuilder,
  plan: SearchPlan,
): void {
  qb.where((either) => {
    for (const s of scopes) {
      const rowids = trigramRowids(newQuery(), s, text);
      // Unary + makes the key unusable as an index lookup, so SQLite keeps to the sort index.
      if (plan === 'walk') either.orWhereRaw('+?? in ?', [s.key, rowids]);
      else either.orWhereIn(s.key, rowids);
    }
  });
}

/** Whether some contains-filter of `filters` is answered by SQLite's trigram tables (see SearchPlan). */
export function hasTrigramSearch(
  db: Knex,
  searches: Readonly<Record<string, readonly SearchScope[]>>,
  filters: Readonly<Record<string, unknown>>,
): boolean {
  if (db.client.config.client !== 'better-sqlite3') return false;
  return Object.keys(searches).some((name) => {
    const text = filters[name];
    return typeof text === 'string' && text !== '' && sqliteIndexes(text);
  });
}

/**
 * PostgreSQL: whether the page is sorted first by a column of the listed table that a set
 * contains-filter searches. Then the matches sit together in the sort order (processName `镀` sorted
 * by processName: the 50k matches come after 232k other names), while the planner assumes they are
 * spread evenly and walks the sort index, reading a row for every name it passes (bench data, 300k
 * processes: 100–220 ms; gathering the matches through the GIN index and sorting them: 30 ms).
 */
export function sortsBySearchedColumn(
  db: Knex,
  listedId: string,
  searches: Readonly<Record<string, readonly SearchScope[]>>,
  filters: Readonly<Record<string, unknown>>,
  firstSortColumn: string,
): boolean {
  if (db.client.config.client !== 'pg') return false;
  return Object.entries(searches).some(([name, scopes]) => {
    const text = filters[name];
    if (typeof text !== 'string' || text === '') return false;
    return scopes.some((s) => s.key === listedId && s.columns.some((c) => `${s.table}.${c}` === firstSortColumn));
  });
}

/**
 * SQLite: the ids of the listed rows whose columns contain the text, as a
 * UNION of trigram rowids, without reading a row of the listed table. `count(*) … where id in (…)`
 * looks every match up to see that it exists (1M pricings, `精工五金`, 83k rows: 108 ms); counting
 * the union takes 17 ms. Exact because the triggers keep every rowid of a search table an id of its
 * table. Undefined where it does not apply (other databases, a needle holding U+0001).
 */
function trigramMatchIds(
  db: Knex,
  listedId: string,
  scopes: readonly SearchScope[],
  text: string,
): Knex.QueryBuilder | undefined {
  if (db.client.config.client !== 'better-sqlite3' || text === '' || !sqliteIndexes(text)) return undefined;
  const listedTable = listedId.split('.')[0]!;
  const [first, ...rest] = scopes.map((s) => {
    const rowids = trigramRowids(db.queryBuilder(), s, text);
    return s.key === listedId ? rowids : db(listedTable).select(listedId).whereIn(s.key, rowids);
  });
  return rest.length > 0 ? first!.union(rest) : first;
}

/**
 * `select … as total` when the only filter set is one contains-filter that an index counts without
 * reading the listed rows (any other filter needs the rows themselves); else undefined.
 * - SQLite: count(*) of the union of trigram rowids (trigramMatchIds).
 * - PostgreSQL, the listed table's own columns and one other table's: |via other| + |own, not via
 *   other|. The first is `count(*) where key = any(array(…))`, an index-only scan of the key's index
 *   (1M pricings, `支架`: 48k rows, 390 → 35 ms: the heap of 48k rows is never read); the second
 *   re-checks only the rows the own columns match.
 */
export function loneSearchTotal(
  db: Knex,
  listedId: string,
  searches: Readonly<Record<string, readonly SearchScope[]>>,
  filters: object,
): Knex.QueryBuilder | undefined {
  const set = Object.entries(filters).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
  if (set.length !== 1) return undefined;
  const [name, text] = set[0]!;
  const scopes = searches[name];
  if (!scopes || typeof text !== 'string') return undefined;
  const client = db.client.config.client;
  if (client === 'better-sqlite3') {
    const ids = trigramMatchIds(db, listedId, scopes, text);
    return ids && db.from(ids.as('matches')).count({ total: '*' });
  }
  if (client !== 'pg') return undefined;
  const own = scopes.filter((s) => s.key === listedId);
  const others = scopes.filter((s) => s.key !== listedId);
  if (others.length !== 1 || own.length > 1) return undefined;
  const other = others[0]!;
  const listedTable = listedId.split('.')[0]!;
  // The other table is searched once; both counts read its ids (a CTE used twice is materialized).
  const otherIds = `${other.table}_matching`;
  const viaOther = () => db.raw('?? = any(array(select id from ??))', [other.key, otherIds]);
  const viaOtherCount = db(listedTable).count({ n: '*' }).where(viaOther());
  const total =
    own.length === 0
      ? viaOtherCount
      : db.raw('(?) + (?)', [
          viaOtherCount,
          db(listedTable)
            .count({ n: '*' })
            .where((q) => wherePgMatch(q, own[0]!, text))
            .whereNot(viaOther()),
        ]);
  return db.with(otherIds, pgMatchingIds(db.queryBuilder(), other, text)).select({ total });
}

/**
 * The rowids of `<table>_search` whose scope columns contain the text (SQLite).
 * - Three or more characters: `match` the text as one phrase.
 * - One or two: the index terms (trigrams) that start with the text, read from the term list by a
 *   range scan inside the same statement. Up to MAX_OR_TERMS of them: `match` them OR-ed (none: a
 *   query that matches nothing, `x NOT x`). More: their occurrences from the instance list,
 *   filtered by column. An FTS5 OR visits each of its terms for every row it returns, so its cost
 *   grows with terms × rows (a trial with 20k terms took 3 s), while the instance list is read once
 *   but costs more per row (1M pricings, `镀`, 4 terms, 50k rows: 8 ms OR-ed, 28 ms by instances).
 *   Both branches are in the statement, and the term count empties one of them: the OR becomes a
 *   query that matches nothing, the instance range an empty one (a guard in WHERE did not stop
 *   SQLite from scanning the instances: 41 ms instead of 10).
 * Every trigram has exactly three characters, so the terms starting with an n-character text run
 * from the text itself to the text followed by (3 − n) times the highest code point, inclusive
 * (terms compare as UTF-8 bytes, i.e. by code point).
 */
function trigramRowids(qb: Knex.QueryBuilder, s: SearchScope, text: string): Knex.QueryBuilder {
  const fts = `${s.table}_search`;
  const folded = lowerAscii(text);
  const length = [...folded].length;
  const inColumns = `{${s.columns.join(' ')}} : `;
  if (length >= MIN_TRIGRAM_NEEDLE) {
    return qb.from(fts).select('rowid').whereRaw('?? match ?', [fts, inColumns + ftsPhrase(folded)]);
  }
  const last = folded + '\u{10FFFF}'.repeat(3 - length);
  // The term list computes each term's counts from its postings: read it once per statement.
  const terms = `${fts}_short_terms`;
  const never = ftsPhrase(SEARCH_PAD[0]!.repeat(3));
  const orOfTerms = `(select case when count(*) <= ${MAX_OR_TERMS}
      then ? || '(' || coalesce(group_concat('"' || replace(term, '"', '""') || '"', ' OR '), ?) || ')'
      else ? end from ??)`;
  const byInstances = qb.client
    .queryBuilder()
    .from(`${fts}_instances`)
    .distinct({ rowid: 'doc' }) // a row holds a term as often as it occurs: counts need each row once
    .where('term', '>=', folded)
    .whereRaw(`term <= (select case when count(*) > ${MAX_OR_TERMS} then ? else '' end from ??)`, [last, terms])
    .whereIn('col', [...s.columns]);
  return qb
    .withMaterialized(terms, (q) => q.from(`${fts}_terms`).select('term').where('term', '>=', folded).where('term', '<=', last).limit(MAX_OR_TERMS + 1))
    .from(fts)
    .select('rowid')
    .whereRaw(`?? match ${orOfTerms}`, [fts, inColumns, `${never} NOT ${never}`, `${never} NOT ${never}`, terms])
    .unionAll(byInstances); // one of the two is empty, so no row comes twice
}

/** Above this many index terms, a short needle is looked up by instances, not by an FTS5 OR. */
const MAX_OR_TERMS = 200;

/** An FTS5 phrase: the text in double quotes, its own double quotes doubled. */
const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/**
 * The same condition without the other tables joined (`joined: false`): the listed table's own
 * columns as LIKEs, each other table as `key in (ids of that table whose columns match)`. Exact
 * because each key is a NOT NULL foreign key: a listed row has exactly one such row. For counts:
 * the other table is searched once (100k parts) instead of once per listed row through the join
 * (SQLite, 1M pricings, `支架`: 5.2 s → 0.5 s).
 */
function whereContainsSemiJoin(
  qb: Knex.QueryBuilder,
  listedId: string,
  scopes: readonly SearchScope[],
  text: string,
  newQuery: () => Knex.QueryBuilder,
): void {
  qb.where((either) => {
    for (const s of scopes) {
      const columns = s.columns.map((c) => `${s.table}.${c}`);
      if (s.key === listedId) {
        either.orWhere((own) => whereContains(own, columns, text));
      } else {
        const ids = newQuery().from(s.table).select(`${s.table}.id`);
        whereContains(ids, columns, text);
        either.orWhereIn(s.key, ids);
      }
    }
  });
}

/**
 * PostgreSQL: the rows of `s.table` whose scope columns contain the text.
 * - Three or more characters: the LIKEs, served by pg_trgm's GIN indexes on lower(col).
 * - One or two: `strpos(lower(col), needle) > 0` over the scope's columns and `short_grams(<the
 *   table's searched columns>) && <the needle tagged with each column of the scope>`
 *   (migrations/20261122040000_*). The grams condition alone is exact (a text contains such a
 *   needle exactly when its one- and two-character substrings hold it) and is what the GIN index
 *   answers; strpos, written first, is what a row-by-row plan evaluates: short_grams costs ~40 µs a
 *   row, so a walk of a sort index past rows that do not match (processName `镀` sorted by name:
 *   232k rows) took 5–10 s with it alone. strpos rather than LIKE: pg_trgm's indexes would serve a
 *   LIKE, reading their whole GIN for a short needle and making every row a re-check (1.2 s).
 */
function wherePgMatch(q: Knex.QueryBuilder, s: SearchScope, text: string): void {
  const columns = s.columns.map((c) => `${s.table}.${c}`);
  if ([...text].length >= MIN_TRIGRAM_NEEDLE) {
    whereContains(q, columns, text);
    return;
  }
  const needle = lowerAscii(text);
  const table = s.table as SearchedTable;
  const tags = shortGramTags(table, s.columns, needle);
  q.where((strpos) => {
    for (const c of columns) strpos.orWhereRaw('strpos(lower(??), ?) > 0', [c, needle]);
  });
  q.whereRaw(`${shortGramsSql(table, `${table}.`)} && array[${tags.map(() => '?').join(', ')}]::text[]`, tags);
}

/** PostgreSQL: `select id from <s.table> where <its scope columns contain the text>`. */
function pgMatchingIds(qb: Knex.QueryBuilder, s: SearchScope, text: string): Knex.QueryBuilder {
  return qb.from(s.table).select(`${s.table}.id`).where((q) => wherePgMatch(q, s, text));
}

/**
 * `join parts on parts.id = <partIdColumn>`. When no filter looks at parts the listed table must
 * drive the join (its sort indexes give the page, parts is looked up by primary key); MySQL/MariaDB
 * instead scanned parts, joined every pricing and sorted them all (1M pricings, page 1: > 15 s →
 * 22 ms), so there the join is a STRAIGHT_JOIN.
 */
export function joinParts(qb: Knex.QueryBuilder, partIdColumn: string, options: { filtersOnParts: boolean }): void {
  const client = qb.client.config.client as string;
  if (!options.filtersOnParts && (client === 'mysql2' || client === 'mysql')) {
    qb.joinRaw('straight_join ?? on ?? = ??', ['parts', 'parts.id', partIdColumn]);
  } else {
    qb.join('parts', 'parts.id', partIdColumn);
  }
}

export function whereIn(qb: Knex.QueryBuilder, column: string, values: readonly string[] | undefined): void {
  if (values && values.length > 0) qb.whereIn(column, [...new Set(values)]);
}

export function whereRange(qb: Knex.QueryBuilder, column: string, min: number | undefined, max: number | undefined): void {
  if (min !== undefined) qb.where(column, '>=', min);
  if (max !== undefined) qb.where(column, '<=', max);
}

/** priced_at within calendar days [from, to] of the business time zone (both inclusive). */
export function whereDayRange(
  qb: Knex.QueryBuilder,
  column: string,
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): void {
  if (from) qb.where(column, '>=', startOfDayIn(from, timeZone));
  if (to) qb.where(column, '<', startOfDayIn(nextDay(to), timeZone));
}
