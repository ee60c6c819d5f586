/**
 * The SQL Server gram side table (migrations/20261123000000_mssql_search_grams.ts) for
 * `npm run bench:data` on Babelfish.
 *
 * The migration fills it set-based through T-SQL, which is what production gets (on real SQL Server
 * that is one INSERT … SELECT per table, bench/README.md has its size); on Babelfish at 1M pricings
 * that fill (~30M rows through the inline function) did not finish in an hour. Here the migration
 * runs while the tables are still empty (its fill is instant), its triggers are disabled and the
 * primary key dropped during the COPY of the rows, the grams are cut in JS exactly as the migration
 * cuts them (search/schema.ts mssqlTextGrams) and COPYed beside the rows, then the key is rebuilt
 * once and the triggers enabled. checkGramSample compares a sample of rows' stored grams with what
 * the SQL function makes of the same rows.
 */
import type { Knex } from 'knex';
import type { DemoBatch } from '../src/db/demo-data.js';
import { foldAsciiSql } from '../src/queries/search/like.js';
import {
  MSSQL_GRAM_TAGS,
  MSSQL_GRAMS_TABLE,
  MSSQL_TRIGRAMS_FUNCTION,
  mssqlGramsTrigger,
  mssqlTextGrams,
  SEARCHED_COLUMNS,
  type SearchedTable,
} from '../src/queries/search/schema.js';

/** The migration that creates the side table, run on its own before the load. */
export const GRAMS_MIGRATION = '20261123000000_mssql_search_grams.ts';
/** The side table's primary key, as the migration names it. */
const GRAMS_KEY = `${MSSQL_GRAMS_TABLE}_pk`;

const SEARCHED = Object.keys(SEARCHED_COLUMNS) as SearchedTable[];
const isSearched = (table: string): table is SearchedTable => table in SEARCHED_COLUMNS;

export interface GramBatch {
  table: typeof MSSQL_GRAMS_TABLE;
  rows: { tbl: number; gram: string; id: number }[];
}

/** The side table's rows for a batch of a searched table (none for pricing_details). */
function gramBatch(batch: DemoBatch): GramBatch | undefined {
  if (!isSearched(batch.table)) return undefined;
  const table = batch.table;
  const tbl = MSSQL_GRAM_TAGS[table];
  const rows: GramBatch['rows'] = [];
  for (const row of batch.rows) {
    const grams = new Set<string>();
    for (const column of SEARCHED_COLUMNS[table]) {
      const text = row[column] as string | null;
      // Babelfish cuts by code point, SQL Server by code unit: the two would store different grams.
      if (text !== null && /[\uD800-\uDFFF]/.test(text)) throw new Error(`${table}.${column}: a supplementary character in ${text}`);
      for (const gram of mssqlTextGrams(text)) grams.add(gram);
    }
    for (const gram of grams) rows.push({ tbl, gram, id: row.id as number });
  }
  return { table: MSSQL_GRAMS_TABLE, rows };
}

/** Each batch, followed by its rows' grams. */
export function* withGrams(batches: Iterable<DemoBatch>): Generator<DemoBatch | GramBatch> {
  for (const batch of batches) {
    yield batch;
    const grams = gramBatch(batch);
    if (grams) yield grams;
  }
}

/** Over TDS, before the COPY: the side table exists (GRAMS_MIGRATION ran on empty tables); triggers off, key dropped. */
export async function beforeGramCopy(db: Knex): Promise<void> {
  for (const table of SEARCHED) await db.raw(`disable trigger ${mssqlGramsTrigger(table)} on ${table}`);
  await db.raw(`alter table ${MSSQL_GRAMS_TABLE} drop constraint ${GRAMS_KEY}`);
}

/** Over TDS, after the COPY: the key built once over the loaded grams, the triggers back on. */
export async function afterGramCopy(db: Knex): Promise<void> {
  await db.raw(`alter table ${MSSQL_GRAMS_TABLE} add constraint ${GRAMS_KEY} primary key (tbl, gram, id)`);
  for (const table of SEARCHED) await db.raw(`enable trigger ${mssqlGramsTrigger(table)} on ${table}`);
}

/**
 * For `perTable` ids spread over each searched table: the grams stored, against the grams the
 * migration's SQL (the function over the folded, padded texts) makes of the same rows now.
 * Returns the differences, empty when all agree.
 */
export async function checkGramSample(db: Knex, perTable = 200): Promise<string[]> {
  const problems: string[] = [];
  for (const table of SEARCHED) {
    const [row] = await db.raw<{ n: number }[]>(`select max(id) as n from ${table}`);
    const n = row?.n ?? 1;
    const ids = [...new Set(Array.from({ length: perTable }, (_, i) => 1 + Math.floor((i * (n - 1)) / Math.max(1, perTable - 1))))];
    const texts = SEARCHED_COLUMNS[table].map(() => `(${foldAsciiSql('mssql')})`).join(', ');
    const bound = SEARCHED_COLUMNS[table].map((c) => `r.${c}`);
    const made = await db.raw<{ id: number; gram: string }[]>(
      `select distinct r.id, g.gram from ${table} r cross apply (values ${texts}) v(s)
        cross apply ${MSSQL_TRIGRAMS_FUNCTION}(v.s + nchar(1) + nchar(1)) g
        where r.id in (${ids.map(() => '?').join(', ')})`,
      [...bound, ...ids],
    );
    const stored = (await db(MSSQL_GRAMS_TABLE).select('id', 'gram').where('tbl', MSSQL_GRAM_TAGS[table]).whereIn('id', ids)) as {
      id: number;
      gram: string;
    }[];
    const key = (r: { id: number; gram: string }) => `${r.id}:${r.gram}`;
    const madeKeys = new Set(made.map(key));
    const storedKeys = new Set(stored.map(key));
    const missing = [...madeKeys].filter((k) => !storedKeys.has(k));
    const extra = [...storedKeys].filter((k) => !madeKeys.has(k));
    if (missing.length > 0 || extra.length > 0)
      problems.push(
        `${table}: ${missing.length} grams missing (${missing.slice(0, 3).join(' ')}), ${extra.length} extra (${extra.slice(0, 3).join(' ')})`,
      );
    console.log(`  grams of ${ids.length} ${table} rows: ${stored.length} stored, ${made.length} by the SQL function`);
  }
  return problems;
}
