import type { Knex } from 'knex';
import { run, type QueryDeps } from './query-deps.js';
import { toUtcIso } from './values.js';

/** The four tables, their Chinese labels, and whether they carry updated_at. */
export const TABLES = [
  { table: 'parts', label: '物料', hasUpdatedAt: true },
  { table: 'pricing', label: '核价记录', hasUpdatedAt: true },
  { table: 'pricing_details', label: '核价明细', hasUpdatedAt: false },
  { table: 'secondary_processes', label: '二次加工报价', hasUpdatedAt: true },
] as const;

export interface TableStat {
  table: string;
  label: string;
  rowCount: number;
  lastUpdatedAt: string | null;
}

/** Row count and newest updated_at of one table; exported so that tests can compile it per dialect. */
export function buildTableStatQuery(deps: QueryDeps, table: string, hasUpdatedAt: boolean): Knex.QueryBuilder {
  const qb = deps.db(table).count({ rowCount: '*' });
  if (hasUpdatedAt) qb.max({ lastUpdatedAt: 'updated_at' });
  return qb;
}

export async function queryTableStats(deps: QueryDeps): Promise<TableStat[]> {
  return Promise.all(
    TABLES.map(async ({ table, label, hasUpdatedAt }) => {
      const qb = buildTableStatQuery(deps, table, hasUpdatedAt);
      const [row] = await run<{ rowCount: number | string; lastUpdatedAt?: unknown }[]>(deps, qb);
      const last = row?.lastUpdatedAt;
      return {
        table,
        label,
        rowCount: Number(row?.rowCount ?? 0),
        lastUpdatedAt: last === null || last === undefined ? null : toUtcIso(last),
      };
    }),
  );
}
