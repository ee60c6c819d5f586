/**
 * SQL Server's gram index (src/queries/search/mssql-gram-index.ts, the DBA's opt-in) for
 * `npm run bench:data` on Babelfish.
 *
 * `npm run mssql:grams -- build` fills it set-based through T-SQL, which is what production gets;
 * on Babelfish at 1M pricings such a fill through the function (~30M rows) did not finish in an hour.
 * Here the gram tables are created bare (no key, no trigger) over the still empty tables, the grams
 * are cut in JS exactly as the function cuts them (search/schema.ts mssqlTextGrams) and COPYed beside
 * the rows, then the keys are built once and the function, the triggers and the build's mark created
 * (finishGramLoad). checkGramSample compares a sample of rows' stored grams with what the SQL
 * function makes of the same rows.
 */
import type { Knex } from 'knex';
import type { DemoBatch } from '../src/db/demo-data.js';
import { dialectFor } from '../src/db/dialects/index.js';
import { createBareGramTables, finishGramLoad } from '../src/queries/search/mssql-gram-index.js';
import {
  MSSQL_GRAMS_FUNCTION,
  mssqlGramsTable,
  mssqlTextGrams,
  SEARCHED_COLUMNS,
  type SearchedTable,
} from '../src/queries/search/schema.js';

/**
 * The migrations of the old side table and of its removal, run on their own over the empty tables
 * (instant there): `migrate.latest` after the load would otherwise fill the old table over every row.
 */
export const GRAMS_MIGRATIONS = ['20261123000000_mssql_search_grams.ts', '20261125000000_mssql_search_grams_opt_in.ts'];

const SEARCHED = Object.keys(SEARCHED_COLUMNS) as SearchedTable[];
const isSearched = (table: string): table is SearchedTable => table in SEARCHED_COLUMNS;

/** The gram tables, as COPY targets. */
export const GRAM_TABLES = SEARCHED.map(mssqlGramsTable) as `${SearchedTable}_search_grams`[];

export interface GramBatch {
  table: `${SearchedTable}_search_grams`;
  rows: { gram: string; id: number; col: number; pos: number }[];
}

/** The gram table's rows for a batch of a searched table (none for pricing_details). */
function gramBatch(batch: DemoBatch): GramBatch | undefined {
  if (!isSearched(batch.table)) return undefined;
  const table = batch.table;
  const rows: GramBatch['rows'] = [];
  for (const row of batch.rows) {
    SEARCHED_COLUMNS[table].forEach((column, c) => {
      const text = row[column] as string | null;
      // Babelfish cuts by code point, SQL Server by code unit: the two would store different grams.
      if (text !== null && /[\uD800-\uDFFF]/.test(text)) throw new Error(`${table}.${column}: a supplementary character in ${text}`);
      for (const { gram, pos } of mssqlTextGrams(text)) rows.push({ gram, id: row.id as number, col: c + 1, pos });
    });
  }
  return { table: `${table}_search_grams`, rows };
}

/** Each batch, followed by its rows' grams. */
export function* withGrams(batches: Iterable<DemoBatch>): Generator<DemoBatch | GramBatch> {
  for (const batch of batches) {
    yield batch;
    const grams = gramBatch(batch);
    if (grams) yield grams;
  }
}

/** Over TDS, before the COPY: the gram tables, bare (GRAMS_MIGRATIONS ran on the empty tables). */
export async function beforeGramCopy(db: Knex): Promise<void> {
  await createBareGramTables(db);
}

/** Over TDS, after the COPY: keys built once over the loaded grams, then triggers and mark. */
export async function afterGramCopy(db: Knex): Promise<void> {
  await finishGramLoad(db);
}

/**
 * For `perTable` ids spread over each searched table: the grams stored, against the grams the
 * build's SQL (the function over the folded, padded texts) makes of the same rows now.
 * Returns the differences, empty when all agree.
 */
export async function checkGramSample(db: Knex, perTable = 200): Promise<string[]> {
  const problems: string[] = [];
  for (const table of SEARCHED) {
    const [row] = await db.raw<{ n: number }[]>(`select max(id) as n from ${table}`);
    const n = row?.n ?? 1;
    const ids = [...new Set(Array.from({ length: perTable }, (_, i) => 1 + Math.floor((i * (n - 1)) / Math.max(1, perTable - 1))))];
    const texts = SEARCHED_COLUMNS[table].map((_, i) => `(${i + 1}, ${dialectFor('mssql').like.foldAsciiSql})`).join(', ');
    const bound = SEARCHED_COLUMNS[table].map((c) => `r.${c}`);
    type GramRow = { id: number; gram: string; col: number; pos: number };
    const made = await db.raw<GramRow[]>(
      `select r.id, g.gram, v.col, g.pos from ${table} r cross apply (values ${texts}) v(col, s)
        cross apply ${MSSQL_GRAMS_FUNCTION}(v.s + nchar(1) + nchar(1)) g
        where r.id in (${ids.map(() => '?').join(', ')})`,
      [...bound, ...ids],
    );
    const stored = (await db(mssqlGramsTable(table)).select('id', 'gram', 'col', 'pos').whereIn('id', ids)) as GramRow[];
    const key = (r: GramRow) => `${r.id}:${r.col}:${r.pos}:${r.gram}`;
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
