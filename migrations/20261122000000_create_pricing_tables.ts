import type { Knex } from 'knex';

const COST_TYPES = ['material', 'process', 'secondary_process', 'other', 'management_fee', 'profit'] as const;
const PRICING_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'expired'] as const;
const PROCESS_CATEGORIES = ['plating', 'heat_treatment', 'painting', 'anodizing', 'machining', 'welding', 'other'] as const;
const PRICE_BASES = ['piece', 'kg', 'dm2', 'batch'] as const;
const PROCESS_STATUSES = ['active', 'inactive'] as const;

/**
 * Unicode text compared by code point on every database, so that sorting on a text column and
 * equality give the same answer on SQLite (BINARY), PostgreSQL ("C"), MySQL (utf8mb4_bin) and
 * SQL Server (BIN2). Case-insensitive search is done with lower() in the queries instead.
 * knex's `.collate()` exists only for MySQL, hence specificType for the other two.
 */
function text(knex: Knex, t: Knex.CreateTableBuilder, name: string, length: number): Knex.ColumnBuilder {
  switch (knex.client.config.client) {
    case 'pg':
      return t.specificType(name, `varchar(${length}) collate "C"`);
    case 'mssql':
      return t.specificType(name, `nvarchar(${length}) collate Latin1_General_100_BIN2`);
    case 'mysql2':
    case 'mysql':
      return t.string(name, length).collate('utf8mb4_bin');
    default:
      return t.string(name, length);
  }
}

/** UTC instants: datetime2(3) on SQL Server, datetime(3) on MySQL, timestamptz on PostgreSQL. */
function utcTimestamp(knex: Knex, t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  // knex's mssql dialect drops the precision (datetime2 = 7 digits); milliseconds are all we keep.
  if (knex.client.config.client === 'mssql') return t.specificType(name, 'datetime2(3)');
  return t.datetime(name, { useTz: knex.client.config.client === 'pg', precision: 3 });
}

/**
 * A table-level CHECK: MariaDB rejects a named constraint inside a column definition (which is what
 * knex's column `.checkIn(values, name)` writes), while every dialect accepts it at table level.
 */
function oneOf(t: Knex.CreateTableBuilder, column: string, values: readonly string[], name: string): void {
  t.check(`?? in (${values.map(() => '?').join(', ')})`, [column, ...values], name);
}

function money(t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return t.decimal(name, 18, 4);
}

function tableOptions(knex: Knex, t: Knex.CreateTableBuilder): void {
  const client = knex.client.config.client;
  if (client === 'mysql2' || client === 'mysql') {
    t.charset('utf8mb4');
    t.collate('utf8mb4_bin');
    t.engine('InnoDB');
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('parts', (t) => {
    tableOptions(knex, t);
    t.increments('id').primary();
    text(knex, t, 'part_no', 64).notNullable().unique({ indexName: 'parts_part_no_unique' });
    text(knex, t, 'part_name', 200).notNullable().index('parts_part_name_index');
    text(knex, t, 'spec', 200).nullable();
    text(knex, t, 'drawing_no', 64).nullable();
    text(knex, t, 'material', 64).notNullable();
    text(knex, t, 'unit', 16).notNullable();
    text(knex, t, 'category', 64).notNullable();
    utcTimestamp(knex, t, 'created_at').notNullable();
    utcTimestamp(knex, t, 'updated_at').notNullable().index('parts_updated_at_index');
  });

  await knex.schema.createTable('pricing', (t) => {
    tableOptions(knex, t);
    t.increments('id').primary();
    text(knex, t, 'pricing_no', 32).notNullable().unique({ indexName: 'pricing_pricing_no_unique' });
    t.integer('part_id').unsigned().notNullable().references('id').inTable('parts').withKeyName('pricing_part_id_foreign');
    text(knex, t, 'supplier_code', 32).notNullable();
    text(knex, t, 'supplier_name', 200).notNullable();
    text(knex, t, 'currency', 3).notNullable().defaultTo('CNY');
    money(t, 'material_cost').notNullable().defaultTo(0);
    money(t, 'process_cost').notNullable().defaultTo(0);
    money(t, 'secondary_process_cost').notNullable().defaultTo(0);
    money(t, 'other_cost').notNullable().defaultTo(0);
    money(t, 'management_fee').notNullable().defaultTo(0);
    money(t, 'profit').notNullable().defaultTo(0);
    money(t, 'unit_price').notNullable();
    t.decimal('tax_rate', 9, 4).notNullable();
    money(t, 'unit_price_with_tax').notNullable();
    text(knex, t, 'status', 16).notNullable();
    oneOf(t, 'status', PRICING_STATUSES, 'pricing_status_check');
    text(knex, t, 'priced_by', 64).notNullable();
    utcTimestamp(knex, t, 'priced_at').notNullable();
    t.date('valid_from').notNullable();
    t.date('valid_to').nullable();
    text(knex, t, 'remark', 500).nullable();
    utcTimestamp(knex, t, 'created_at').notNullable();
    utcTimestamp(knex, t, 'updated_at').notNullable();

    t.index(['part_id', 'status', 'priced_at'], 'pricing_part_status_priced_index');
    t.index(['priced_at', 'id'], 'pricing_priced_at_index');
    t.index(['unit_price', 'id'], 'pricing_unit_price_index');
    t.index(['updated_at', 'id'], 'pricing_updated_at_index');
    t.index(['status', 'priced_at'], 'pricing_status_priced_at_index');
    t.index(['supplier_code'], 'pricing_supplier_code_index');
    t.index(['supplier_name'], 'pricing_supplier_name_index');
  });

  await knex.schema.createTable('pricing_details', (t) => {
    tableOptions(knex, t);
    t.increments('id').primary();
    t.integer('pricing_id').unsigned().notNullable().references('id').inTable('pricing').withKeyName('pricing_details_pricing_id_foreign');
    t.integer('line_no').notNullable();
    text(knex, t, 'cost_type', 32).notNullable();
    oneOf(t, 'cost_type', COST_TYPES, 'pricing_details_cost_type_check');
    text(knex, t, 'item_name', 200).notNullable();
    text(knex, t, 'spec', 200).nullable();
    money(t, 'quantity').notNullable();
    text(knex, t, 'unit', 16).notNullable();
    money(t, 'unit_price').notNullable();
    money(t, 'amount').notNullable();
    text(knex, t, 'remark', 500).nullable();
    t.unique(['pricing_id', 'line_no'], { indexName: 'pricing_details_pricing_line_unique' });
  });

  await knex.schema.createTable('secondary_processes', (t) => {
    tableOptions(knex, t);
    t.increments('id').primary();
    text(knex, t, 'process_no', 32).notNullable().unique({ indexName: 'secondary_processes_process_no_unique' });
    t.integer('part_id').unsigned().notNullable().references('id').inTable('parts').withKeyName('secondary_processes_part_id_foreign');
    text(knex, t, 'process_name', 100).notNullable();
    text(knex, t, 'category', 32).notNullable();
    oneOf(t, 'category', PROCESS_CATEGORIES, 'secondary_processes_category_check');
    text(knex, t, 'supplier_code', 32).notNullable();
    text(knex, t, 'supplier_name', 200).notNullable();
    text(knex, t, 'price_basis', 16).notNullable();
    oneOf(t, 'price_basis', PRICE_BASES, 'secondary_processes_price_basis_check');
    money(t, 'unit_price').notNullable();
    text(knex, t, 'currency', 3).notNullable().defaultTo('CNY');
    t.integer('lead_time_days').notNullable();
    text(knex, t, 'status', 16).notNullable();
    oneOf(t, 'status', PROCESS_STATUSES, 'secondary_processes_status_check');
    t.date('valid_from').notNullable();
    t.date('valid_to').nullable();
    text(knex, t, 'remark', 500).nullable();
    utcTimestamp(knex, t, 'created_at').notNullable();
    utcTimestamp(knex, t, 'updated_at').notNullable();

    t.index(['part_id'], 'secondary_processes_part_id_index');
    t.index(['updated_at', 'id'], 'secondary_processes_updated_at_index');
    t.index(['unit_price', 'id'], 'secondary_processes_unit_price_index');
    t.index(['process_name', 'id'], 'secondary_processes_process_name_index');
    t.index(['valid_from', 'id'], 'secondary_processes_valid_from_index');
    t.index(['valid_to'], 'secondary_processes_valid_to_index');
    t.index(['category'], 'secondary_processes_category_index');
    t.index(['status'], 'secondary_processes_status_index');
    t.index(['supplier_code'], 'secondary_processes_supplier_code_index');
    t.index(['supplier_name'], 'secondary_processes_supplier_name_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('secondary_processes');
  await knex.schema.dropTableIfExists('pricing_details');
  await knex.schema.dropTableIfExists('pricing');
  await knex.schema.dropTableIfExists('parts');
}
