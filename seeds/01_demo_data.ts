import type { Knex } from 'knex';
import { DEMO_SIZES, generateDemoData } from '../src/db/demo-data.js';

/** Children first, so that foreign keys never point at a deleted row. */
const DELETE_ORDER = ['pricing_details', 'secondary_processes', 'pricing', 'parts', 'exchange_rates'] as const;

/** SQL Server accepts at most 2100 parameters in one statement; stay a little under it everywhere. */
const MAX_PARAMETERS = 2000;

/**
 * Replaces the contents of the four tables and the exchange rates with the deterministic demo data (src/db/demo-data.ts),
 * all or nothing: one transaction, so a failed seed leaves the previous data in place.
 */
export async function seed(knex: Knex): Promise<void> {
  const client = String(knex.client.config.client);

  await knex.transaction(async (trx) => {
    for (const table of DELETE_ORDER) await trx(table).del();

    for (const { table, rows } of generateDemoData(DEMO_SIZES)) {
      if (rows.length === 0) continue;
      const chunkSize = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length));
      for (let i = 0; i < rows.length; i += chunkSize) {
        const insert = trx(table).insert(rows.slice(i, i + chunkSize));
        if (client === 'mssql') {
          // The ids are explicit. tedious runs each statement through sp_executesql, and a SET done
          // inside it is undone when it returns (knex/knex#2262), so a separate
          // `SET IDENTITY_INSERT ... ON` would not reach the insert: send all three as one batch.
          const { sql, bindings } = insert.toSQL();
          await trx.raw(`SET IDENTITY_INSERT ?? ON; ${sql}; SET IDENTITY_INSERT ?? OFF`, [table, ...bindings, table]);
        } else {
          await insert;
        }
      }
    }

    if (client === 'pg') {
      // Explicit ids do not advance a serial's sequence; move each one past the highest id.
      for (const table of DELETE_ORDER) {
        await trx.raw(`select setval(pg_get_serial_sequence(?, 'id'), coalesce(max(id), 1), max(id) is not null) from ??`, [table, table]);
      }
    }
    // SQLite and MySQL/MariaDB move their auto-increment counters past explicit ids by themselves;
    // so does SQL Server after an IDENTITY_INSERT.
  });
}
