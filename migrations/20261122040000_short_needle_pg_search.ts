import type { Knex } from 'knex';

/**
 * PostgreSQL only: needles of one or two characters (`支架`, `镀`), which pg_trgm cannot extract a
 * trigram from (`%支架%` read the whole GIN index or scanned: 1M pricings, count 300–330 ms).
 *
 * `short_grams(texts)` is every substring of one or two characters of each text, tagged with the
 * text's position (`2:支架`); each searched table gets one GIN index over short_grams of its lowered
 * searched columns, in SEARCHED_COLUMNS order. A column contains a needle of one or two characters
 * exactly when its grams hold the needle, so `short_grams(…) && array['1:支架', '3:支架']` is the
 * exact answer of `lower(col1) like '%支架%' or lower(col3) like …`, and GIN's `&&` needs no re-check.
 * The query side builds the same expression from shortGramsSql (src/queries/search/schema.ts).
 */

const isPg = (knex: Knex) => ['pg', 'postgres', 'postgresql'].includes(String(knex.client.config.client));

// Copied from 20261122010000_* as it is there, on purpose: migrations are frozen history, and a later
// edit to a shared constant would silently change what this migration does.
const SEARCHED_COLUMNS = {
  parts: ['part_no', 'part_name', 'spec'],
  pricing: ['pricing_no', 'supplier_code', 'supplier_name'],
  secondary_processes: ['process_no', 'process_name', 'supplier_code', 'supplier_name'],
} as const;

/** SQL of the indexed expression for `table`, its columns qualified by `prefix` (e.g. 'pricing.'). */
export function shortGramsSql(table: keyof typeof SEARCHED_COLUMNS, prefix = ''): string {
  return `short_grams(array[${SEARCHED_COLUMNS[table].map((c) => `lower(${prefix}${c})`).join(', ')}])`;
}

/** The tags of `columns` of `table` in shortGramsSql (1-based positions). */
export function shortGramTags(table: keyof typeof SEARCHED_COLUMNS, columns: readonly string[], needle: string): string[] {
  const all: readonly string[] = SEARCHED_COLUMNS[table];
  return columns.map((c) => {
    if (!all.includes(c)) throw new Error(`${table}.${c} is not in the short-gram index (SEARCHED_COLUMNS)`);
    return `${all.indexOf(c) + 1}:${needle}`;
  });
}

export async function up(knex: Knex): Promise<void> {
  if (!isPg(knex)) return;
  await knex.raw(`create or replace function short_grams(texts text[]) returns text[]
    language sql immutable strict parallel safe as $$
      select coalesce(array_agg(distinct t.n::text || ':' || substr(t.text, s.i, w.len)), '{}')
      from unnest(texts) with ordinality as t(text, n)
      cross join lateral generate_series(1, char_length(t.text)) as s(i)
      cross join (values (1), (2)) as w(len)
      where s.i + w.len - 1 <= char_length(t.text)
    $$`);
  // A GIN build sorts its entries in maintenance_work_mem; the default 64 MB spills at 1M rows.
  await knex.raw(`set maintenance_work_mem = '256MB'`);
  for (const table of Object.keys(SEARCHED_COLUMNS) as (keyof typeof SEARCHED_COLUMNS)[]) {
    await knex.raw(`create index ?? on ?? using gin (${shortGramsSql(table)})`, [`${table}_short_grams`, table]);
  }
  await knex.raw('reset maintenance_work_mem');
  // ANALYZE gathers the element statistics of the indexed expressions; without them the planner
  // guesses 0.5 % of rows for `&&`. (A higher COST for short_grams was tried: it pushed ordinary
  // plans over jit_above_cost, and JIT compiling took 350 ms. The queries keep short_grams away from
  // row-by-row plans instead: src/queries/search/pg-grams.ts whereMatch.)
  for (const table of Object.keys(SEARCHED_COLUMNS)) await knex.raw('analyze ??', [table]);
}

export async function down(knex: Knex): Promise<void> {
  if (!isPg(knex)) return;
  for (const table of Object.keys(SEARCHED_COLUMNS)) await knex.raw('drop index if exists ??', [`${table}_short_grams`]);
  await knex.raw('drop function if exists short_grams(text[])');
}
