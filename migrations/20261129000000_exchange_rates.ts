import type { Knex } from 'knex';

/**
 * 汇率: written by the finance system, read here only. A rate holds from valid_from until the next
 * row of the same currency; the rate in force on a day is that currency's row with the latest
 * valid_from on or before the day (then the higher id), which the one index answers by a seek per
 * currency. No unique key: a second row for the same day is the finance system's to write, and
 * the higher id wins.
 */
export async function up(knex: Knex): Promise<void> {
  const client = String(knex.client.config.client);
  await knex.schema.createTable('exchange_rates', (t) => {
    if (client === 'mysql2' || client === 'mysql') {
      t.charset('utf8mb4');
      t.collate('utf8mb4_bin');
      t.engine('InnoDB');
    }
    t.increments('id').primary();
    // Three ASCII capitals, compared by code point everywhere (the pricing tables' text rule).
    if (client === 'pg') t.specificType('currency', 'varchar(3) collate "C"').notNullable();
    else if (client === 'mssql') t.specificType('currency', 'nvarchar(3) collate Latin1_General_100_BIN2').notNullable();
    else if (client === 'mysql2' || client === 'mysql') t.string('currency', 3).collate('utf8mb4_bin').notNullable();
    else t.string('currency', 3).notNullable();
    t.decimal('rate_to_cny', 18, 8).notNullable();
    t.date('valid_from').notNullable();
    if (client === 'mssql') t.specificType('source', 'nvarchar(200)').nullable();
    else t.string('source', 200).nullable();
    for (const name of ['created_at', 'updated_at']) {
      if (client === 'mssql') t.specificType(name, 'datetime2(3)').notNullable();
      else t.datetime(name, { useTz: client === 'pg', precision: 3 }).notNullable();
    }
    t.index(['currency', 'valid_from', 'id'], 'exchange_rates_currency_valid_from_index');
    t.index(['valid_from'], 'exchange_rates_valid_from_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('exchange_rates');
}
