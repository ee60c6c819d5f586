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
  { name: 'pricing_unit_price_index', order: '??', before: ['unit_price', 'id'] },
  { name: 'pricing_unit_price_desc_index', order: '?? desc', before: ['unit_price', 'id'] },
] as const;

async function recreate(knex: Knex, name: string, order: string, columns: readonly string[]): Promise<void> {
  await knex.schema.alterTable('pricing', (t) => t.dropIndex([], name));
  const rest = columns.slice(1).map(() => '??');
  await knex.raw(`create index ?? on ?? (${[order, ...rest].join(', ')})`, [name, 'pricing', ...columns]);
}

export async function up(knex: Knex): Promise<void> {
  for (const { name, order } of PRICE_INDEXES) await recreate(knex, name, order, ['unit_price', 'id', 'status', 'part_id']);
}

export async function down(knex: Knex): Promise<void> {
  for (const { name, order, before } of PRICE_INDEXES) await recreate(knex, name, order, before);
}
