import { expect } from 'chai';
import type { Knex } from 'knex';
import { likeSearch, lowerAscii } from '../src/queries/search/like.js';
import { mssqlTrigramSearch } from '../src/queries/search/mssql-trigram.js';
import { pgGramSearch } from '../src/queries/search/pg-grams.js';
import { buildGramIndex, dropGramIndex } from '../src/queries/search/mssql-gram-index.js';
import {
  MSSQL_GRAMS_FUNCTION,
  mssqlGramsTable,
  mssqlGramsTrigger,
  mssqlTextGrams,
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

  describe('SQL Server (the opt-in gram index, built here and dropped after)', () => {
    before(async function () {
      if (client() !== 'mssql') this.skip();
      this.timeout(120_000);
      await buildGramIndex(db(), () => {});
    });
    after(async function () {
      if (client() === 'mssql') await dropGramIndex(db());
    });

    /** Runs `work` in a transaction that is always rolled back: the shared seed stays as it was. */
    const ROLLBACK = new Error('rolled back on purpose');
    async function rolledBack(work: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
      await db()
        .transaction(async (trx) => {
          await work(trx);
          throw ROLLBACK;
        })
        .catch((e: unknown) => {
          if (e !== ROLLBACK) throw e;
        });
    }

    /** The grams of gramsOfRow's `gram@col:pos` keys. */
    const gramsIn = (keys: readonly string[]) => keys.map((k) => k.slice(0, k.lastIndexOf('@')));

    /** What the table's gram table holds for a row, and what the JS cut of the row's texts says it must (`gram@col:pos`). */
    async function gramsOfRow(q: Knex | Knex.Transaction, table: SearchedTable, id: number): Promise<{ stored: string[]; cut: string[] }> {
      const stored = (await q(mssqlGramsTable(table)).select('gram', 'col', 'pos').where({ id })) as {
        gram: string;
        col: number;
        pos: number;
      }[];
      const row = (await q(table)
        .select(...SEARCHED_COLUMNS[table])
        .where({ id })
        .first()) as Record<string, string | null> | undefined;
      const cut = row
        ? SEARCHED_COLUMNS[table].flatMap((c, i) => mssqlTextGrams(row[c] ?? null).map((g) => `${g.gram}@${i + 1}:${g.pos}`))
        : [];
      return { stored: stored.map((r) => `${r.gram}@${r.col}:${r.pos}`).sort(), cut: cut.sort() };
    }

    it('each gram table is (gram, id, col, pos), gram nvarchar(3) in the collation of the searched columns (Latin1_General_100_BIN2)', async () => {
      // The searched columns' collation, whatever the server calls it (Babelfish: bbf_unicode_bin2).
      const textColumn = (await db()('information_schema.columns')
        .select({ collation: 'collation_name' })
        .where({ table_name: 'pricing', column_name: 'supplier_name' })
        .first()) as { collation: string };
      for (const table of TABLES) {
        const columns = (await db()('information_schema.columns')
          .select({ name: 'column_name', type: 'data_type', length: 'character_maximum_length', collation: 'collation_name' })
          .where({ table_name: mssqlGramsTable(table) })
          .orderBy('ordinal_position')) as { name: string; type: string; length: number | null; collation: string | null }[];
        expect(
          columns.map((c) => [c.name, c.type]),
          table,
        ).to.deep.equal([
          ['gram', 'nvarchar'],
          ['id', 'int'],
          ['col', 'tinyint'],
          ['pos', 'int'],
        ]);
        expect(columns[0]!.length).to.equal(3);
        expect(columns[0]!.collation).to.equal(textColumn.collation);
      }
    });

    it('the function cuts a padded text into its grams of three UTF-16 code units at each position, as mssqlTextGrams does', async () => {
      // Long texts lose nothing: 5,000 units, every position cut (the old function stopped at 1,000).
      const long = [...Array(5000).keys()].map((i) => String.fromCharCode(0x4e00 + ((i * 7) % 997))).join('');
      for (const text of ['zz-test', '测试abcd公司 ', 'ab', 'x', '', 'aaaa', '[样件] 10%_x', long]) {
        const rows = await db().raw<{ gram: string; pos: number }[]>(
          `select gram, pos from ${MSSQL_GRAMS_FUNCTION}(? + nchar(1) + nchar(1))`,
          [text],
        );
        const key = (g: { gram: string; pos: number }) => `${g.pos}:${g.gram}`;
        expect(rows.map(key).sort(), JSON.stringify(text)).to.deep.equal(mssqlTextGrams(text).map(key).sort());
      }
    });

    it("each row's grams are the JS cut of its ASCII-folded, padded texts", async () => {
      for (const table of TABLES) {
        const ids = (await db()(table).select('id').orderBy('id').limit(25)) as { id: number }[];
        for (const { id } of ids) {
          const { stored, cut } = await gramsOfRow(db(), table, id);
          expect(stored, `${table} ${id}`).to.deep.equal(cut);
        }
      }
      // And no gram of a row that is not there.
      for (const table of TABLES) {
        const orphans = await db().raw<{ n: number }[]>(
          `select count(*) as n from ${mssqlGramsTable(table)} g where not exists (select 1 from ${table} t where t.id = g.id)`,
        );
        expect(orphans[0]!.n, table).to.equal(0);
      }
    });

    it('an insert, an update of a searched column, an update of another column and a delete keep the grams right, and heal a row written with the trigger off', async () => {
      await rolledBack(async (trx) => {
        const now = new Date();
        await trx('parts').insert({
          part_no: 'ZZ-Gram-1',
          part_name: 'Φ测试ABCd公司 ',
          spec: null,
          material: 'x',
          unit: 'pcs',
          category: 'x',
          created_at: now,
          updated_at: now,
        });
        const { id } = (await trx('parts').select('id').where({ part_no: 'ZZ-Gram-1' }).first()) as { id: number };
        let grams = await gramsOfRow(trx, 'parts', id);
        expect(gramsIn(grams.stored), 'only ASCII letters fold').to.include('Φ测试').and.include('公司 ').and.include('zz-');
        expect(grams.stored).to.deep.equal(grams.cut);

        await trx('parts').where({ id }).update({ part_name: 'bracket 支架', spec: 'M6_L20' });
        grams = await gramsOfRow(trx, 'parts', id);
        expect(gramsIn(grams.stored)).not.to.include('Φ测试');
        expect(grams.stored).to.deep.equal(grams.cut);

        await trx('parts').where({ id }).update({ material: 'steel' });
        expect((await gramsOfRow(trx, 'parts', id)).stored).to.deep.equal(grams.cut);

        // Several rows in one statement, each keeping its own grams.
        const two = (await trx('parts').select('id').orderBy('id').limit(2)) as { id: number }[];
        await trx('parts')
          .whereIn(
            'id',
            two.map((r) => r.id),
          )
          .update({ spec: trx.raw(`spec + N' Xy'`) });
        for (const r of two) {
          const g = await gramsOfRow(trx, 'parts', r.id);
          expect(gramsIn(g.stored), `part ${r.id}`).to.include(' xy');
          expect(g.stored).to.deep.equal(g.cut);
        }

        await trx('parts').where({ id }).del();
        expect((await gramsOfRow(trx, 'parts', id)).stored).to.deep.equal([]);

        // Written while the trigger was off: a write of another column leaves it so (the trigger does
        // nothing then: `npm run mssql:grams -- repair` mends it); the row's next write of a searched
        // column replaces all its grams with its texts' grams.
        const healed = two[0]!.id;
        await trx.raw(`disable trigger ${mssqlGramsTrigger('parts')} on parts`);
        await trx('parts').where({ id: healed }).update({ part_name: 'Quasar 支架' });
        expect(gramsIn((await gramsOfRow(trx, 'parts', healed)).stored)).not.to.include('qua');
        await trx.raw(`enable trigger ${mssqlGramsTrigger('parts')} on parts`);
        await trx('parts').where({ id: healed }).update({ unit: 'kg' });
        expect(gramsIn((await gramsOfRow(trx, 'parts', healed)).stored)).not.to.include('qua');
        await trx('parts').where({ id: healed }).update({ spec: 'M8' });
        const after = await gramsOfRow(trx, 'parts', healed);
        expect(gramsIn(after.stored)).to.include('qua');
        expect(after.stored).to.deep.equal(after.cut);
      });
    });

    it('a search of any needle gives exactly the rows of the plain LIKE (joined or not, walked or collected)', async () => {
      await rolledBack(async (trx) => {
        // Texts the seed lacks: trailing spaces, ASCII capitals around Greek, a lone `[`.
        const [first] = (await trx('pricing').select('id').orderBy('id').limit(1)) as { id: number }[];
        await trx('pricing').where({ id: first!.id }).update({ supplier_name: 'ΦAbC [测试 公司 ' });
        // A needle twice in one text and in two columns (HJ2025: pricing_no too); one longer than
        // the grams joined by position (the LIKE decides).
        const [, second] = (await trx('pricing').select('id').orderBy('id').limit(2)) as { id: number }[];
        await trx('pricing').where({ id: second!.id }).update({ supplier_name: 'HJ2025 精工五金 精工五金 Kunshan Precision' });
        const scopes = [
          { table: 'pricing', columns: ['pricing_no', 'supplier_name'], key: 'pricing.id' },
          { table: 'parts', columns: ['part_no', 'part_name', 'spec'], key: 'pricing.part_id' },
        ] as const;
        const needles = [
          ...['支', '架', 'a', 'Φ', '[', '%', '_', ' '],
          ...['支架', 'BR', '0%', '_l', '[样', '司 ', 'hj'],
          ...['测试 ', 'Bracket', '10%', 'M6_', '[样件]', 'ΦaB', '公司 ', 'abc [', 'HJ2025', 'P-100001', '不存在的'],
          ...['精工五金', 'bracket-a 支架', 't=3.0 205', '%加厚', '%_[', '😀架'],
          ...['精工五金 精工五金', '精工五金 精工五金 kunshan precision'],
        ];
        const found = new Set<string>();
        // Only 'collect' puts the candidates' union first (mssql-trigram.ts whereCandidateGate).
        for (const [joined, plan] of [
          [false, undefined],
          [true, 'collect'],
          [true, 'walk'],
        ] as const) {
          const ids = async (strategy: typeof likeSearch, text: string) => {
            const qb = trx('pricing').select('pricing.id');
            if (joined) qb.join('parts', 'parts.id', 'pricing.part_id');
            strategy.whereContains(qb, 'pricing.id', scopes, text, { joined, plan });
            return ((await qb) as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
          };
          for (const needle of needles) {
            const expected = await ids(likeSearch, needle);
            const label = `${JSON.stringify(needle)} joined: ${joined}, plan: ${plan}`;
            expect(await ids(mssqlTrigramSearch, needle), label).to.deep.equal(expected);
            if (expected.length > 0) found.add(needle);
            if (joined) continue;
            // The count of a lone search: each row once, however often and wherever it holds the needle.
            const lone = mssqlTrigramSearch.loneTotal(trx, 'pricing.id', scopes, needle);
            if (lone) expect(Number(((await lone) as { total: number }[])[0]!.total), `${label}: lone total`).to.equal(expected.length);
          }
        }
        // Not a comparison of empty answers: every needle but the absent ones finds rows (the emoji: a surrogate pair, LIKE alone).
        expect([...needles].filter((n) => !found.has(n))).to.deep.equal(['不存在的', '%_[', '😀架']);
      });
    });
  });
});
