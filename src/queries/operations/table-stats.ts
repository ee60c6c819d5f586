import type { Knex } from 'knex';
import type { Db } from '../../db/connection.js';
import type { QueryDeps } from '../deps.js';
import { run } from '../run.js';
import { toUtcIso } from '../values.js';

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

/**
 * The table statistics route keeps its figures for STATS_MAX_AGE_MS when counting took at least
 * STATS_SLOW_MS: exact counts cost a scan of each table (on SQLite the one connection is blocked
 * meanwhile), and statistics a few seconds old tell the same story; `generatedAt` says when they
 * were taken. Cheap counts (small tables) are taken on every call.
 */
export const STATS_MAX_AGE_MS = 30_000;
export const STATS_SLOW_MS = 50;

export interface TableStatsSnapshot {
  data: TableStat[];
  /** When the counts were taken (ISO 8601, UTC). */
  generatedAt: string;
}

interface StatsEntry {
  snapshot: Promise<TableStatsSnapshot>;
  startedAt: number;
  /** Still counting: concurrent callers share it. */
  pending: boolean;
}

/** Per knex instance, so that apps on different databases (tests) never share figures. */
const statsByDb = new WeakMap<Db, StatsEntry>();

export interface StatsCachePolicy {
  maxAgeMs: number;
  slowMs: number;
}

/**
 * The statistics, counted at most once per `maxAgeMs` per database once counting has proved slow;
 * concurrent callers then share the count in flight. A failure is never kept.
 */
export function cachedTableStats(
  deps: QueryDeps,
  { maxAgeMs, slowMs }: StatsCachePolicy = { maxAgeMs: STATS_MAX_AGE_MS, slowMs: STATS_SLOW_MS },
): Promise<TableStatsSnapshot> {
  const cached = statsByDb.get(deps.db);
  if (cached && (cached.pending || performance.now() - cached.startedAt < maxAgeMs)) return cached.snapshot;
  const startedAt = performance.now();
  const generatedAt = new Date().toISOString();
  const snapshot = queryTableStats(deps).then((data) => ({ data, generatedAt }));
  // Only a count that has been slow before is shared while in flight (and kept): with cheap counts
  // every call counts for itself, so its answer and its Server-Timing are its own.
  const entry: StatsEntry = { snapshot, startedAt, pending: true };
  if (cached) statsByDb.set(deps.db, entry);
  snapshot.then(
    () => {
      entry.pending = false;
      if (performance.now() - startedAt >= slowMs) statsByDb.set(deps.db, entry);
      else if (statsByDb.get(deps.db) === entry) statsByDb.delete(deps.db);
    },
    () => {
      if (statsByDb.get(deps.db) === entry) statsByDb.delete(deps.db);
    },
  );
  return snapshot;
}
