import type { Knex } from 'knex';
import { likeSearch, lowerAscii, whereLike } from './like.js';
import { MSSQL_GRAM_UNITS, mssqlGramsTable, type SearchedTable } from './schema.js';
import { setTexts, type ContainsOptions, type SearchScope, type SearchStrategy } from './types.js';

/**
 * SQL Server: contains-filters narrowed by the gram index (search/schema.ts mssqlGramsTable, built by
 * search/mssql-gram-index.ts; used only when searches.ts found it complete) and decided by the same
 * LIKE as like.ts. The grams only pick candidate ids
 * (every row containing the needle has all of the needle's grams: a superset); the LIKE on the
 * candidates gives exactly the plain LIKE's rows, so the answers cannot differ from the other
 * databases', even where the side table holds a gram too many.
 */

/**
 * Needles holding a surrogate go to the LIKE alone: SQL Server cuts texts by UTF-16 code unit and
 * Babelfish by code point, so their grams would differ. So do the one- and two-unit needles that
 * prefixBounds cannot bound.
 */
function indexes(folded: string): boolean {
  if (/[\uD800-\uDFFF]/.test(folded)) return false;
  return folded.length >= MSSQL_GRAM_UNITS || prefixBounds(folded) !== undefined;
}

/**
 * `gram > lower and gram < upper` holds every gram that starts with a needle of one or two units:
 * the needle with its last unit - 1 then U+FFFF, and + 1 then U+0001, each as long as a gram. Not
 * `gram >= needle`: SQL Server pads the shorter string with spaces before comparing, so
 * `N'ab' + nchar(1)` sorts below `N'ab'` and texts ending with the needle were lost. A gram starting
 * with the needle differs from both bounds first at the needle's last unit, so padding (SQL Server)
 * or trimming trailing spaces (Babelfish) cannot change the answer.
 * None, so the LIKE alone, for a needle ending in a space (Babelfish would compare the gram `x  ` as
 * `x`; text filters are trimmed, so no request has one), in U+0000 or U+0001 (lower would hold
 * U+0000, which Babelfish's PostgreSQL refuses), U+D7FF or U+E000 (half a surrogate) or U+FFFF.
 */
function prefixBounds(folded: string): { lower: string; upper: string } | undefined {
  const last = folded.charCodeAt(folded.length - 1);
  if (last === 0x20 || last <= 0x01 || last === 0xd7ff || last === 0xe000 || last === 0xffff) return undefined;
  const head = folded.slice(0, -1);
  const fill = MSSQL_GRAM_UNITS - folded.length;
  return {
    lower: head + String.fromCharCode(last - 1) + '\uffff'.repeat(fill),
    upper: head + String.fromCharCode(last + 1) + '\u0001'.repeat(fill),
  };
}

/**
 * At most this many grams of a long needle are intersected: each is an index seek, and a few
 * already leave few candidates (the LIKE decides anyway). Spread over the needle, first and last kept.
 */
const MAX_NEEDLE_GRAMS = 6;

/** The distinct grams of a needle of at least MSSQL_GRAM_UNITS code units (each is a gram of any text holding it). */
function needleGrams(folded: string): string[] {
  const grams: string[] = [];
  for (let i = 0; i + MSSQL_GRAM_UNITS <= folded.length; i++) grams.push(folded.slice(i, i + MSSQL_GRAM_UNITS));
  const distinct = [...new Set(grams)];
  if (distinct.length <= MAX_NEEDLE_GRAMS) return distinct;
  const step = (distinct.length - 1) / (MAX_NEEDLE_GRAMS - 1);
  return Array.from({ length: MAX_NEEDLE_GRAMS }, (_, k) => distinct[Math.round(k * step)]!);
}

/**
 * `select id from <table>_search_grams …`: the ids of `table` whose grams can hold the needle.
 * - three or more code units: the ids having every gram (`… intersect …`, each an index seek);
 * - one or two: the ids having a gram that starts with the needle, a range seek between
 *   prefixBounds: with SEARCH_PAD after each text every position starts a gram, so this holds every
 *   row containing the needle.
 * Every string compared with `gram` is as long as a gram (MSSQL_GRAM_UNITS), so none is padded.
 */
function candidateSql(table: SearchedTable, folded: string): { sql: string; bindings: (string | number)[] } {
  const grams = mssqlGramsTable(table);
  if (folded.length >= MSSQL_GRAM_UNITS) {
    const needle = needleGrams(folded);
    const select = `select id from ${grams} where gram = ?`;
    return { sql: needle.map(() => select).join(' intersect '), bindings: needle };
  }
  // indexes() sent the needles prefixBounds cannot bound to the LIKE alone.
  const { lower, upper } = prefixBounds(folded)!;
  // Bounds as long as the grams: SQL Server pads the shorter side of a comparison with spaces (ANSI).
  return { sql: `select id from ${grams} where gram > ? and gram < ?`, bindings: [lower, upper] };
}

/** `idColumn in (candidates of table)`. */
function whereCandidate(q: Knex.QueryBuilder, idColumn: string, table: SearchedTable, folded: string): void {
  const { sql, bindings } = candidateSql(table, folded);
  q.whereRaw(`?? in (${sql})`, [idColumn, ...bindings]);
}

/**
 * `listedId in (<own candidates> union all <listed ids whose key is a candidate of the other
 * table>)`: every scope's gram candidates as one id set of the listed table, a superset of the
 * matches, ANDed to the exact condition, for the 'collect' plan (a rare needle, by the count).
 * Without it PostgreSQL (Babelfish) sees only OR-ed hashed subplans, estimates half the table, and
 * walks the sort index past every row (1M pricings, `bracket`, 21 rows: page 6.2 s, with it 0.26 s);
 * one IN over a union it plans as a semi-join that collects the candidates. A frequent needle is
 * better walked (`精工五金`, 83k rows: page 0.2 s walked, 1.1 s collected), and its count better
 * without it (`支架`, 48k rows: 0.6 s scanning, 0.7 s collecting; interleaved bench: the count with
 * it made keyword2 and process.keyword 0.7–0.8× as fast), so counts and walks leave it out.
 */
function whereCandidateGate(qb: Knex.QueryBuilder, listedId: string, scopes: readonly SearchScope[], folded: string): void {
  const [listedTable] = listedId.split('.');
  const parts: string[] = [];
  const bindings: (string | number)[] = [];
  scopes.forEach((s, i) => {
    const c = candidateSql(s.table as SearchedTable, folded);
    if (s.key === listedId) parts.push(`select id from (${c.sql}) as gate_${i}`);
    else parts.push(`select gate_${i}.id from ${listedTable} as gate_${i} where gate_${i}.${s.key.split('.')[1]} in (${c.sql})`);
    bindings.push(...c.bindings);
  });
  qb.whereRaw(`?? in (${parts.join(' union all ')})`, [listedId, ...bindings]);
}

/** The scope's rows that contain the text: gram candidates, then the LIKE over the scope's columns. */
function whereMatch(q: Knex.QueryBuilder, idColumn: string, s: SearchScope, text: string): void {
  whereCandidate(q, idColumn, s.table as SearchedTable, lowerAscii(text));
  whereLike(
    q,
    s.columns.map((c) => `${s.table}.${c}`),
    text,
  );
}

export const mssqlTrigramSearch: SearchStrategy = {
  /**
   * `(id in (candidates) and (own LIKEs)) or key in (select id from <other> where id in (its
   * candidates) and (its LIKEs))`, whether or not the other table is joined: its grams are keyed by
   * its own id, so it is looked up once, not row by row through the join. When collecting, the
   * candidates' union comes first (whereCandidateGate).
   */
  whereContains(qb: Knex.QueryBuilder, listedId: string, scopes: readonly SearchScope[], text: string, options: ContainsOptions): void {
    const folded = lowerAscii(text);
    if (!indexes(folded)) {
      likeSearch.whereContains(qb, listedId, scopes, text, options);
      return;
    }
    if (options.plan === 'collect') whereCandidateGate(qb, listedId, scopes, folded);
    qb.where((either) => {
      for (const s of scopes) {
        if (s.key === listedId) {
          either.orWhere((own) => whereMatch(own, listedId, s, text));
        } else {
          const ids = qb.client
            .queryBuilder()
            .from(s.table)
            .select(`${s.table}.id`)
            .where((q: Knex.QueryBuilder) => whereMatch(q, `${s.table}.id`, s, text));
          either.orWhereIn(s.key, ids);
        }
      }
    });
  },
  loneTotal: () => undefined,
  /**
   * Any set contains-filter the grams answer: the count first (SQL Server counts every page
   * anyway), then walk the sort index (frequent needle) or collect the candidates (rare one) by
   * paging/fetch-page.ts prefersWalk.
   */
  planQuestion(searches, filters) {
    return setTexts(searches, filters).some(([, text]) => indexes(lowerAscii(text))) ? 'walk-or-collect' : undefined;
  },
};
