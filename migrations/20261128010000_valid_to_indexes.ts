import type { Knex } from 'knex';

/**
 * The lists' validToFrom / validToTo and the home page's counts (approved prices ending soon,
 * active process prices past their end): `status in (…) and valid_to` within a range is a range of
 * these indexes, not a pass over every row of the status.
 */
const INDEXES = [
  { table: 'pricing', name: 'pricing_status_valid_to_index' },
  { table: 'secondary_processes', name: 'secondary_processes_status_valid_to_index' },
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const { table, name } of INDEXES) await knex.schema.alterTable(table, (t) => t.index(['status', 'valid_to'], name));
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, name } of INDEXES) await knex.schema.alterTable(table, (t) => t.dropIndex([], name));
}
