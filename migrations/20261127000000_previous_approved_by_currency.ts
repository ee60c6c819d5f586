import type { Knex } from 'knex';

/**
 * previousApprovedPrice compares like with like: the latest approved pricing of the same part in the
 * same currency (src/queries/operations/pricing-change.ts). Its seek, `status = 'approved' and
 * part_id = ? and currency = ? and priced_at <= ?` read backwards, needs currency before priced_at
 * in the key, or it would read (and pass) the other currency's rows. The index is otherwise as
 * before: id and unit_price in the key, pricing_no carried (INCLUDE on PostgreSQL and SQL Server,
 * the last key column elsewhere), so the seek reads nothing but the index.
 */
const INDEX = 'pricing_previous_approved_index';
const BEFORE = ['status', 'part_id', 'priced_at', 'id', 'unit_price'];
const KEY = ['status', 'part_id', 'currency', 'priced_at', 'id', 'unit_price'];

async function create(knex: Knex, key: string[]): Promise<void> {
  const client = String(knex.client.config.client);
  if (client === 'pg' || client === 'mssql') {
    await knex.raw(`create index ?? on ?? (${key.map(() => '??').join(', ')}) include (??)`, [INDEX, 'pricing', ...key, 'pricing_no']);
  } else {
    await knex.schema.alterTable('pricing', (t) => t.index([...key, 'pricing_no'], INDEX));
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing', (t) => t.dropIndex([], INDEX));
  await create(knex, KEY);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing', (t) => t.dropIndex([], INDEX));
  await create(knex, BEFORE);
}
