import type { Knex } from 'knex';

/**
 * The unit-price sort indexes also hold status and part_id, so that a page which walks one of them
 * (a keyword with the trigram tables or search_grams, 'walk' in src/queries/paging/fetch-page.ts)
 * tests the status filter and the keyword's parts against the index entry and reads a row only for
 * the rows it returns. SQLite and SQL Server read index columns before the row (deferred seek,
 * residual predicate); PostgreSQL and MariaDB may ignore them.
 *
 * Why price: the matches of a keyword are often far from evenly spread over prices (1M pricings,
 * `支架` + approved sorted by price descending: brackets are cheap, so the first 20 matches sit
 * among the 1,959 dearest rows; each walked row read in full cost ~8 µs on SQLite: page 20–30 ms,
 * 16 such requests at once queued for 2 s; from the index entries: 2.8 ms).
 * The same index names, so the earlier migrations' `down` still drop them.
 */
const PRICE_INDEXES = [
  { name: 'pricing_unit_price_index', direction: 'asc' },
  { name: 'pricing_unit_price_desc_index', direction: 'desc' },
] as const;

const WALK_COLUMNS = ['unit_price', 'id', 'status', 'part_id'];
const EARLIER_COLUMNS = ['unit_price', 'id'];

/** Drops the index and creates it again over `columns`, the first in `direction`. */
async function recreate(knex: Knex, name: string, direction: 'asc' | 'desc', columns: readonly string[]): Promise<void> {
  await knex.schema.alterTable('pricing', (t) => t.dropIndex([], name));
  const list = columns.map((_, i) => (i === 0 ? `?? ${direction}` : '??')).join(', ');
  await knex.raw(`create index ?? on ?? (${list})`, [name, 'pricing', ...columns]);
}

export async function up(knex: Knex): Promise<void> {
  for (const { name, direction } of PRICE_INDEXES) await recreate(knex, name, direction, WALK_COLUMNS);
}

export async function down(knex: Knex): Promise<void> {
  for (const { name, direction } of PRICE_INDEXES) await recreate(knex, name, direction, EARLIER_COLUMNS);
}
