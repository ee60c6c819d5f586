import type { Knex } from 'knex';

/**
 * Runs after 01_demo_data (knex runs seed files in name order). The SQLite search tables of
 * migrations/20261122010000_* follow their base tables through triggers; a rebuild here makes them
 * exact even for rows written with the triggers missing (e.g. a file restored from elsewhere).
 * Nothing to do on the other databases: their trigram indexes are ordinary indexes.
 */
const SEARCH_TABLES = ['parts_search', 'pricing_search', 'secondary_processes_search'] as const;

export async function seed(knex: Knex): Promise<void> {
  const client = String(knex.client.config.client);
  if (client !== 'better-sqlite3' && client !== 'sqlite3') return;
  for (const fts of SEARCH_TABLES) {
    if (await knex.schema.hasTable(fts)) await knex.raw(`insert into ${fts}(${fts}) values ('rebuild')`);
  }
}
