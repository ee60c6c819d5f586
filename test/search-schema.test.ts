import { expect } from 'chai';
import { likeSearch, lowerAscii } from '../src/queries/search/like.js';
import { pgGramSearch } from '../src/queries/search/pg-grams.js';
import {
  SEARCH_PAD,
  SEARCHED_COLUMNS,
  shortGramsIndex,
  shortGramsSql,
  shortGramTags,
  sqliteSearchTables,
  trigramIndex,
  type SearchedTable,
} from '../src/queries/search/schema.js';
import { sharedTestDb } from './support/context.js';

/**
 * src/queries/search/schema.ts states what the search migrations built; the migrations keep their
 * own literal copies. Here the statements are checked against a migrated database, so that a later
 * migration that renames, re-pads or re-orders something cannot leave the queries on the old shape.
 */
const TABLES = Object.keys(SEARCHED_COLUMNS) as SearchedTable[];

/** Every substring of `width` code points of `text`. */
const windows = (text: string, width: number): string[] => {
  const chars = [...text];
  return chars.slice(0, chars.length - width + 1).map((_, i) => chars.slice(i, i + width).join(''));
};

describe('search schema facts in src agree with the migrated database', () => {
  // The root hook picks the run's database before the first test: read it then, not at load.
  const db = () => sharedTestDb();
  const client = () => String(db().client.config.client);

  describe('SQLite', () => {
    before(function () {
      if (client() !== 'better-sqlite3') this.skip();
    });

    it('each searched table has its FTS5 table over SEARCHED_COLUMNS, in order, and both term lists on it', async () => {
      for (const table of TABLES) {
        const { fts, terms, instances } = sqliteSearchTables(table);
        const columns = await db().raw<{ name: string }[]>(`pragma table_info(${fts})`);
        expect(
          columns.map((c) => c.name),
          fts,
        ).to.deep.equal([...SEARCHED_COLUMNS[table]]);
        const vocab = (await db()('sqlite_master').select('name', 'sql').whereIn('name', [terms, instances])) as {
          name: string;
          sql: string;
        }[];
        const sqlOf = (name: string) => vocab.find((v) => v.name === name)?.sql.replace(/\s+/g, ' ');
        expect(sqlOf(terms), terms).to.contain(`fts5vocab(${fts}, 'row')`);
        expect(sqlOf(instances), instances).to.contain(`fts5vocab(${fts}, 'instance')`);
      }
    });

    it('a row is indexed as lower(text) followed by SEARCH_PAD, column by column', async () => {
      for (const table of TABLES) {
        const { instances } = sqliteSearchTables(table);
        for (const column of SEARCHED_COLUMNS[table]) {
          const row = (await db()(table).select('id', { text: column }).whereNotNull(column).orderBy('id').first()) as {
            id: number;
            text: string;
          };
          const indexed = (await db()(instances).distinct('term').where({ doc: row.id, col: column })) as { term: string }[];
          const expected = new Set(windows(lowerAscii(row.text) + SEARCH_PAD, 3));
          expect(new Set(indexed.map((r) => r.term)), `${table}.${column} of row ${row.id}`).to.deep.equal(expected);
        }
      }
    });
  });

  describe('PostgreSQL', () => {
    before(function () {
      if (client() !== 'pg') this.skip();
    });

    it('short_grams tags each one- and two-character substring with its text position, as shortGramTags spells them', async () => {
      const texts = ['ab支架', 'x'];
      const { rows } = await db().raw<{ rows: { grams: string[] }[] }>('select short_grams(?::text[]) as grams', [texts]);
      const expected = texts.flatMap((text, i) => [...windows(text, 1), ...windows(text, 2)].map((gram) => `${i + 1}:${gram}`));
      expect([...rows[0]!.grams].sort()).to.deep.equal([...new Set(expected)].sort());
      // shortGramTags numbers the columns the same way: the second searched column is position 2.
      expect(shortGramTags('parts', ['part_name'], '支架')).to.deep.equal(['2:支架']);
    });

    it("each searched table's short-gram index is on shortGramsSql's expression: the planner uses it for the queries' condition", async () => {
      for (const table of TABLES) {
        const plan = await db().transaction(async (trx) => {
          await trx.raw('set local enable_seqscan = off');
          const condition = `${shortGramsSql(table, `${table}.`)} && array[?]::text[]`;
          const { rows } = await trx.raw<{
            rows: { 'QUERY PLAN': string }[];
          }>(`explain select id from ${table} where ${condition}`, [`1:ab`]);
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        });
        expect(plan, table).to.contain(`Bitmap Index Scan on ${shortGramsIndex(table)}`);
      }
    });

    it('each searched column has its pg_trgm index on lower(column)', async () => {
      for (const table of TABLES) {
        for (const column of SEARCHED_COLUMNS[table]) {
          const { rows } = await db().raw<{
            rows: { def: string }[];
          }>('select pg_get_indexdef(?::regclass) as def', [trigramIndex(table, column)]);
          expect(rows[0]!.def, `${table}.${column}`).to.match(new RegExp(`gin \\(lower\\(\\(?${column}\\)?(::text)?\\) gin_trgm_ops\\)`));
        }
      }
    });
    it("a search gives the plain LIKE's rows, walked (the parts' matches as a hashed `in (…)`) or collected (as an array)", async () => {
      const scopes = [
        { table: 'pricing', columns: ['pricing_no', 'supplier_name'], key: 'pricing.id' },
        { table: 'parts', columns: ['part_no', 'part_name', 'spec'], key: 'pricing.part_id' },
      ] as const;
      const needles = ['支', '支架', 'BR', '_l', 'Bracket', '精工五金', 'P-100001', '%加厚', '不存在的'];
      const ids = async (strategy: typeof likeSearch, text: string, plan?: 'walk' | 'collect') => {
        const qb = db()('pricing').select('pricing.id');
        strategy.whereContains(qb, 'pricing.id', scopes, text, { joined: false, plan });
        return ((await qb) as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
      };
      const found: string[] = [];
      for (const needle of needles) {
        const expected = await ids(likeSearch, needle);
        for (const plan of ['walk', 'collect'] as const) {
          expect(await ids(pgGramSearch, needle, plan), `${needle} ${plan}`).to.deep.equal(expected);
        }
        if (expected.length > 0) found.push(needle);
      }
      expect(found).to.have.length.above(5);
    });
  });
});
