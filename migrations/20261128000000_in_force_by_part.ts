import type { Knex } from 'knex';

/**
 * The priced BOM (src/queries/operations/bom-price.ts) picks, for each part, its approved pricing
 * in force on a day with the latest priced_at, then the higher id: `part_id in (…) and status =
 * 'approved'`, the days tested, ranked per part by (priced_at, id). pricing_part_status_priced_index
 * (part_id, status, priced_at) becomes (part_id, status, priced_at, id) carrying valid_from and
 * valid_to, so the pick reads only this index, already in the rank's order within each part; the
 * latest approved pricing of a part (details by part number) reads it as before. valid_from and
 * valid_to are INCLUDE columns where the database has them (PostgreSQL, SQL Server), the last key
 * columns elsewhere (SQLite, MariaDB). The same number of indexes: writers pay for no new one.
 * pricing_previous_approved_index is untouched.
 */
const INDEX = 'pricing_part_status_priced_index';
const KEY = ['part_id', 'status', 'priced_at', 'id'];
const CARRIED = ['valid_from', 'valid_to'];

const list = (names: string[]) => names.map(() => '??').join(', ');

/** Drops the index and creates it again on `columns` (after `include`, the INCLUDE columns). */
async function recreate(knex: Knex, columns: string[], include: string[] = []): Promise<void> {
  const client = String(knex.client.config.client);
  if (client === 'mysql' || client === 'mysql2') {
    // In one ALTER: the foreign key on part_id needs an index that starts with it at every moment.
    const all = [...columns, ...include];
    await knex.raw(`alter table ?? drop index ??, add index ?? (${list(all)})`, ['pricing', INDEX, INDEX, ...all]);
    return;
  }
  await knex.schema.alterTable('pricing', (t) => t.dropIndex([], INDEX));
  if (include.length > 0 && (client === 'pg' || client === 'mssql')) {
    await knex.raw(`create index ?? on ?? (${list(columns)}) include (${list(include)})`, [INDEX, 'pricing', ...columns, ...include]);
  } else {
    await knex.schema.alterTable('pricing', (t) => t.index([...columns, ...include], INDEX));
  }
}

export async function up(knex: Knex): Promise<void> {
  await recreate(knex, KEY, CARRIED);
}

export async function down(knex: Knex): Promise<void> {
  await recreate(knex, ['part_id', 'status', 'priced_at']);
}
