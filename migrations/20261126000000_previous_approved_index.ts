import type { Knex } from 'knex';

/**
 * previousApprovedPrice, previousApprovedPricingNo and changeRate
 * (src/queries/operations/pricing-change.ts): each pricing row seeks the latest approved pricing of
 * its part before it, `status = 'approved' and part_id = ? and priced_at <= ?` read backwards. With
 * id and unit_price in the key and pricing_no carried along, the seek reads nothing but this index;
 * and a filter on the rate over one status (`status = 'pending'`, every such row computed) reads
 * its rows from the same index, in part order, next to the approved ones it seeks.
 * pricing_no is an INCLUDE column where the database has them (PostgreSQL, SQL Server), the last
 * key column elsewhere (SQLite, MariaDB). bench/README.md "Previous approved price and change rate".
 */
const INDEX = 'pricing_previous_approved_index';
const KEY = ['status', 'part_id', 'priced_at', 'id', 'unit_price'];

export async function up(knex: Knex): Promise<void> {
  const client = String(knex.client.config.client);
  if (client === 'pg' || client === 'mssql') {
    await knex.raw(`create index ?? on ?? (${KEY.map(() => '??').join(', ')}) include (??)`, [INDEX, 'pricing', ...KEY, 'pricing_no']);
  } else {
    await knex.schema.alterTable('pricing', (t) => t.index([...KEY, 'pricing_no'], INDEX));
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing', (t) => t.dropIndex([], INDEX));
}
