import type { Knex } from 'knex';
import { likeSearch, lowerAscii } from './like.js';
import { MIN_TRIGRAM_NEEDLE, SEARCH_PAD, sqliteSearchTables } from './schema.js';
import { setTexts, type ContainsOptions, type SearchPlan, type SearchScope, type SearchStrategy } from './types.js';

/**
 * SQLite: contains-filters answered by the contentless FTS5 trigram tables (search/schema.ts), which
 * index lower(col) (padded), case-sensitively, so they match exactly the rows whose text contains
 * the needle, folded as LIKE folds, whatever its length: `key in (rowids of <table>_search matching
 * the phrase)` per table, and no LIKE. A needle holding the padding character goes to the LIKE.
 */

/** Whether the search tables answer this needle (any length, unless it holds the padding). */
const indexes = (text: string): boolean => !text.includes(SEARCH_PAD[0]!);

/** `key in (rowids whose columns contain the text)`, OR-ed per table. */
function whereTrigramMatch(qb: Knex.QueryBuilder, scopes: readonly SearchScope[], text: string, plan: SearchPlan): void {
  qb.where((either) => {
    for (const s of scopes) {
      const rowids = trigramRowids(qb.client.queryBuilder(), s, text);
      // Unary + makes the key unusable as an index lookup, so SQLite keeps to the sort index.
      if (plan === 'walk') either.orWhereRaw('+?? in ?', [s.key, rowids]);
      else either.orWhereIn(s.key, rowids);
    }
  });
}

/**
 * The ids of the listed rows whose columns contain the text, as a UNION of trigram rowids, without
 * reading a row of the listed table (`count(*) … where id in (…)` would look every match up to see
 * that it exists). Exact because the triggers keep every rowid of a search table an id of its table.
 */
function trigramMatchIds(db: Knex, listedId: string, scopes: readonly SearchScope[], text: string): Knex.QueryBuilder {
  const listedTable = listedId.split('.')[0]!;
  const [first, ...rest] = scopes.map((s) => {
    const rowids = trigramRowids(db.queryBuilder(), s, text);
    return s.key === listedId ? rowids : db(listedTable).select(listedId).whereIn(s.key, rowids);
  });
  return rest.length > 0 ? first!.union(rest) : first!;
}

/**
 * The rowids of `<table>_search` whose scope columns contain the text.
 * - Three or more characters: `match` the text as one phrase.
 * - One or two: the index terms (trigrams) that start with the text, read from the term list by a
 *   range scan inside the same statement. Up to MAX_OR_TERMS of them: `match` them OR-ed (none: a
 *   query that matches nothing, `x NOT x`). More: their occurrences from the instance list,
 *   filtered by column. An FTS5 OR visits each of its terms for every row it returns, so its cost
 *   grows with terms × rows, while the instance list is read once but costs more per row.
 *   Both branches are in the statement, and the term count empties one of them: the OR becomes a
 *   query that matches nothing, the instance range an empty one (a guard in WHERE did not stop
 *   SQLite from scanning the instances).
 * Every trigram has exactly three characters, so the terms starting with an n-character text run
 * from the text itself to the text followed by (3 − n) times the highest code point, inclusive
 * (terms compare as UTF-8 bytes, i.e. by code point).
 */
function trigramRowids(qb: Knex.QueryBuilder, s: SearchScope, text: string): Knex.QueryBuilder {
  const { fts, terms: termList, instances } = sqliteSearchTables(s.table);
  const folded = lowerAscii(text);
  const length = [...folded].length;
  const inColumns = `{${s.columns.join(' ')}} : `;
  if (length >= MIN_TRIGRAM_NEEDLE) {
    return qb
      .from(fts)
      .select('rowid')
      .whereRaw('?? match ?', [fts, inColumns + ftsPhrase(folded)]);
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
    .from(instances)
    .distinct({ rowid: 'doc' }) // a row holds a term as often as it occurs: counts need each row once
    .where('term', '>=', folded)
    .whereRaw(`term <= (select case when count(*) > ${MAX_OR_TERMS} then ? else '' end from ??)`, [last, terms])
    .whereIn('col', [...s.columns]);
  return qb
    .withMaterialized(terms, (q) =>
      q
        .from(termList)
        .select('term')
        .where('term', '>=', folded)
        .where('term', '<=', last)
        .limit(MAX_OR_TERMS + 1),
    )
    .from(fts)
    .select('rowid')
    .whereRaw(`?? match ${orOfTerms}`, [fts, inColumns, `${never} NOT ${never}`, `${never} NOT ${never}`, terms])
    .unionAll(byInstances); // one of the two is empty, so no row comes twice
}

/** Above this many index terms, a short needle is looked up by instances, not by an FTS5 OR. */
const MAX_OR_TERMS = 200;

/** An FTS5 phrase: the text in double quotes, its own double quotes doubled. */
const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

export const sqliteTrigramSearch: SearchStrategy = {
  whereContains(qb: Knex.QueryBuilder, listedId: string, scopes: readonly SearchScope[], text: string, options: ContainsOptions): void {
    if (indexes(text)) whereTrigramMatch(qb, scopes, text, options.plan ?? 'collect');
    else likeSearch.whereContains(qb, listedId, scopes, text, options);
  },
  /** count(*) of the union of trigram rowids (trigramMatchIds). */
  loneTotal(db: Knex, listedId: string, scopes: readonly SearchScope[], text: string): Knex.QueryBuilder | undefined {
    if (!indexes(text)) return undefined;
    return db.from(trigramMatchIds(db, listedId, scopes, text).as('matches')).count({ total: '*' });
  },
  /** Any set contains-filter the trigram tables answer: walk or collect, by the count. */
  planQuestion(searches, filters) {
    return setTexts(searches, filters).some(([, text]) => indexes(text)) ? 'walk-or-collect' : undefined;
  },
};
