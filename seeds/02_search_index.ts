import type { Knex } from 'knex';
import { refillPaddedSearch } from '../migrations/20261122030000_short_needle_sqlite_search.js';

/**
 * Runs after 01_demo_data (knex runs seed files in name order). The SQLite search tables
 * (migrations/20261122020000_* and 20261122030000_*) follow their base tables through triggers; re-filling them here
 * makes them exact even for rows written with the triggers missing (e.g. a file restored from
 * elsewhere). Nothing to do on the other databases: their trigram indexes are ordinary indexes.
 */
export async function seed(knex: Knex): Promise<void> {
  await refillPaddedSearch(knex);
}
