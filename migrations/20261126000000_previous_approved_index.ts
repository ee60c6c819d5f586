import type { Knex } from 'knex';

/**
 * previousApprovedPrice and changeRate (src/queries/operations/pricing-change.ts): each pricing row
 * seeks the latest approved pricing of its part before it, `status = 'approved' and part_id = ?
 * and priced_at <= ?` read backwards. With id and unit_price in the key, the seek reads nothing but
 * this index; and a filter on the rate over one status (`status = 'pending'`, every such row
 * computed) reads its rows from the same index, in part order, next to the approved ones it seeks.
 * Plain key columns: MariaDB has no INCLUDE, and one definition serves the four databases.
 * bench/README.md "Previous approved price and change rate" has the plans and figures.
 */
const INDEX = 'pricing_previous_approved_index';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing', (t) => t.index(['status', 'part_id', 'priced_at', 'id', 'unit_price'], INDEX));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing', (t) => t.dropIndex([], INDEX));
}
