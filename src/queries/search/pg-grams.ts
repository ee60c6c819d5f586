import type { Knex } from 'knex';
import { lowerAscii, whereLike } from './like.js';
import { MIN_TRIGRAM_NEEDLE, shortGramsSql, shortGramTags, type SearchedTable } from './schema.js';
import { setTexts, type SearchScope, type SearchStrategy } from './types.js';

/**
 * PostgreSQL: contains-filters served by GIN indexes on the lowered searched columns (search/schema.ts):
 * pg_trgm's for needles of three or more characters, the exact short-gram index for shorter ones.
 */

/**
 * The rows of `s.table` whose scope columns contain the text.
 * - Three or more characters: the LIKEs, served by pg_trgm's GIN indexes on lower(col).
 * - One or two: `strpos(lower(col), needle) > 0` over the scope's columns and `short_grams(<the
 *   table's searched columns>) && <the needle tagged with each column of the scope>`. The grams
 *   condition alone is exact (a text contains such a needle exactly when its one- and
 *   two-character substrings hold it) and is what the GIN index answers; strpos, written first, is
 *   what a row-by-row plan evaluates: short_grams is slow per row, and a walk of a sort index past
 *   the rows that do not match would call it for each of them.
 *   strpos rather than LIKE: pg_trgm's indexes would serve a LIKE, reading their whole GIN for a
 *   short needle and making every row a re-check.
 */
function whereMatch(q: Knex.QueryBuilder, s: SearchScope, text: string): void {
  const columns = s.columns.map((c) => `${s.table}.${c}`);
  if ([...text].length >= MIN_TRIGRAM_NEEDLE) {
    whereLike(q, columns, text);
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

/** `select id from <s.table> where <its scope columns contain the text>`. */
function matchingIds(qb: Knex.QueryBuilder, s: SearchScope, text: string): Knex.QueryBuilder {
  return qb
    .from(s.table)
    .select(`${s.table}.id`)
    .where((q) => whereMatch(q, s, text));
}

export const pgGramSearch: SearchStrategy = {
  /**
   * The listed table's own matches, and the other table's as `key = any(array(ids that match))`, or,
   * on a walked page, as `key in (…)`. An array computed once can be a bitmap index condition, so
   * the planner may BitmapOr it with the indexes of the listed table (a rare needle), but a row tested
   * against it is compared with every element; `in (…)` inside the OR is a hashed SubPlan, one probe
   * per walked row (a frequent needle: SearchPlan 'walk').
   */
  whereContains(qb, listedId, scopes, text, options) {
    qb.where((either) => {
      for (const s of scopes) {
        if (s.key === listedId) {
          either.orWhere((own) => whereMatch(own, s, text));
          continue;
        }
        const ids = matchingIds(qb.client.queryBuilder(), s, text);
        if (options.plan === 'walk') either.orWhereIn(s.key, ids);
        else either.orWhereRaw('?? = any(array(?))', [s.key, ids]);
      }
    });
  },

  /**
   * The listed table's own columns and one other table's: |via other| + |own, not via other|. The
   * first is `count(*) where key = any(array(…))`, an index-only scan of the key's index (the
   * matching rows themselves are never read); the second re-checks only the rows the own columns
   * match.
   */
  loneTotal(db, listedId, scopes, text) {
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
              .where((q) => whereMatch(q, own[0]!, text))
              .whereNot(viaOther()),
          ]);
    return db.with(otherIds, matchingIds(db.queryBuilder(), other, text)).select({ total });
  },

  /**
   * Sorted first by a column of the listed table that a set contains-filter searches: 'sorted-search'.
   * Then the matches sit together in the sort order, while the planner assumes they are spread
   * evenly and walks the sort index, reading a row for every name it passes before them; gathering
   * the matches through the GIN index and sorting them reads only the matches.
   * Otherwise, a filter that searches another table (parts): 'walk-or-collect', which form its
   * matches take (whereContains).
   */
  planQuestion(searches, filters, listedId, firstSortColumn) {
    const set = setTexts(searches, filters).map(([name]) => searches[name]!);
    const sortsBySearched = set.some((scopes) =>
      scopes.some((s) => s.key === listedId && s.columns.some((c) => `${s.table}.${c}` === firstSortColumn)),
    );
    if (sortsBySearched) return 'sorted-search';
    return set.some((scopes) => scopes.some((s) => s.key !== listedId)) ? 'walk-or-collect' : undefined;
  },
};
