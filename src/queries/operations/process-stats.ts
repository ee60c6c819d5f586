import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialects/index.js';
import type { PriceBasis, ProcessCategory } from '../../domain.js';
import type { QueryDeps } from '../deps.js';
import { run } from '../run.js';
import { halfOfUnits, moneyFromUnits, moneyUnits, toDateOnly, toUtcIso } from '../values.js';
import { filteredSecondaryProcesses, type SecondaryProcessFilters } from './secondary-process.js';

/**
 * What a process costs (docs/api.md, the process statistics operation): the prices the
 * secondary-process list's filters select, grouped by process name (trimmed), category, price basis
 * and currency, since a price per kg is no price per piece and a USD price no CNY one. Per group its
 * count, lowest, median and highest price, and its latest price in force on a day. One statement:
 * window functions number each group's prices, keep the middle one or two and the latest, and rank
 * the groups.
 */

/** At most this many groups, the most quoted first. */
export const PROCESS_STATS_LIMIT = 200;

export interface ProcessPriceRef {
  id: number;
  processNo: string;
  unitPrice: number;
  supplierName: string;
  validFrom: string;
  updatedAt: string;
}

export interface ProcessStatsGroup {
  processName: string;
  category: ProcessCategory;
  priceBasis: PriceBasis;
  currency: string;
  count: number;
  min: number;
  median: number;
  max: number;
  latest: ProcessPriceRef | null;
}

export interface ProcessStats {
  on: string;
  limit: number;
  totalGroups: number;
  groups: ProcessStatsGroup[];
}

/** A group's key: the columns its prices share. */
const GROUP_KEY = ['s.name_key', 's.category', 's.price_basis', 's.currency'] as const;

/**
 * The matching prices with the group's figures on each: count, min and max; each price's place by
 * price (then id) and by recency (in force on the day first, then newest valid_from, updated_at, id).
 */
function placedPrices(deps: QueryDeps, f: SecondaryProcessFilters, on: string): Knex.QueryBuilder {
  const db = deps.db;
  const t = 'secondary_processes';
  const prices = filteredSecondaryProcesses(deps, f, { withParts: false })
    .select({
      id: `${t}.id`,
      process_no: `${t}.process_no`,
      category: `${t}.category`,
      price_basis: `${t}.price_basis`,
      currency: `${t}.currency`,
      unit_price: `${t}.unit_price`,
      supplier_name: `${t}.supplier_name`,
      valid_from: `${t}.valid_from`,
      updated_at: `${t}.updated_at`,
    })
    .select(db.raw(`${dialectOf(db).trimWhiteSpace(db.raw('??', [`${t}.process_name`]).toQuery())} as ??`, ['name_key']))
    // The secondary-process list's validOn rule, and active.
    .select(
      db.raw(`case when ?? = 'active' and ?? <= ? and (?? is null or ?? >= ?) then 1 else 0 end as ??`, [
        `${t}.status`,
        `${t}.valid_from`,
        on,
        `${t}.valid_to`,
        `${t}.valid_to`,
        on,
        'in_force',
      ]),
    );
  // `fn` over the price's group, in `order` (directions are our own words, not bindings).
  const over = (fn: string, fnBindings: string[], name: string, order: [string, 'asc' | 'desc'][] = []) =>
    db.raw(
      `${fn} over (partition by ${GROUP_KEY.map(() => '??').join(', ')}` +
        `${order.length > 0 ? ` order by ${order.map(([, direction]) => `?? ${direction}`).join(', ')}` : ''}) as ??`,
      [...fnBindings, ...GROUP_KEY, ...order.map(([column]) => column), name],
    );
  return db
    .from(prices.as('s'))
    .select('s.*')
    .select(
      over('count(*)', [], 'price_count'),
      over('min(??)', ['s.unit_price'], 'low'),
      over('max(??)', ['s.unit_price'], 'high'),
      over('row_number()', [], 'price_place', [
        ['s.unit_price', 'asc'],
        ['s.id', 'asc'],
      ]),
      over('row_number()', [], 'latest_place', [
        ['s.in_force', 'desc'],
        ['s.valid_from', 'desc'],
        ['s.updated_at', 'desc'],
        ['s.id', 'desc'],
      ]),
    );
}

/**
 * The rows that say something: each group's middle price or two (2 × place is the count, count + 1
 * or count + 2) and its latest, with the group's rank (count descending, then the key) and the
 * number of groups (one latest each); then only the first PROCESS_STATS_LIMIT groups.
 */
function statsQuery(deps: QueryDeps, f: SecondaryProcessFilters, on: string): Knex.QueryBuilder {
  const db = deps.db;
  const key = ['r.name_key', 'r.category', 'r.price_basis', 'r.currency'];
  const ranked = db
    .from(placedPrices(deps, f, on).as('r'))
    .select('r.*')
    .select(
      db.raw(`dense_rank() over (order by ?? desc, ${key.map(() => '??').join(', ')}) as ??`, ['r.price_count', ...key, 'group_place']),
      db.raw(`sum(case when ?? = 1 then 1 else 0 end) over () as ??`, ['r.latest_place', 'total_groups']),
    )
    .where((told) => {
      told
        .where('r.latest_place', 1)
        .orWhereRaw('2 * ?? in (??, ?? + 1, ?? + 2)', ['r.price_place', 'r.price_count', 'r.price_count', 'r.price_count']);
    });
  return db
    .from(ranked.as('g'))
    .select(
      'g.id',
      'g.process_no',
      'g.name_key',
      'g.category',
      'g.price_basis',
      'g.currency',
      'g.unit_price',
      'g.supplier_name',
      'g.valid_from',
      'g.updated_at',
      'g.in_force',
      'g.price_count',
      'g.low',
      'g.high',
      'g.price_place',
      'g.latest_place',
      'g.group_place',
      'g.total_groups',
    )
    .where('g.group_place', '<=', PROCESS_STATS_LIMIT)
    .orderBy('g.group_place', 'asc')
    .orderBy('g.price_place', 'asc');
}

interface StatsRow {
  id: unknown;
  process_no: unknown;
  name_key: unknown;
  category: unknown;
  price_basis: unknown;
  currency: unknown;
  unit_price: unknown;
  supplier_name: unknown;
  valid_from: unknown;
  updated_at: unknown;
  in_force: unknown;
  price_count: unknown;
  low: unknown;
  high: unknown;
  price_place: unknown;
  latest_place: unknown;
  group_place: unknown;
  total_groups: unknown;
}

export async function queryProcessStats(deps: QueryDeps, f: SecondaryProcessFilters, on: string): Promise<ProcessStats> {
  const rows = await run<StatsRow[]>(deps, statsQuery(deps, f, on));
  const byGroup = new Map<number, StatsRow[]>();
  for (const r of rows) byGroup.set(Number(r.group_place), [...(byGroup.get(Number(r.group_place)) ?? []), r]);
  const groups = [...byGroup.values()].map((told) => groupOf(told));
  return { on, limit: PROCESS_STATS_LIMIT, totalGroups: rows.length > 0 ? Number(rows[0]!.total_groups) : 0, groups };
}

/** One group from its rows: the middle one or two (by place) and the latest. */
function groupOf(told: readonly StatsRow[]): ProcessStatsGroup {
  const first = told[0]!;
  const count = Number(first.price_count);
  const middle = told.filter((r) => [count, count + 1, count + 2].includes(2 * Number(r.price_place))).map((r) => moneyUnits(r.unit_price));
  const medianUnits = middle.length === 1 ? middle[0]! : halfOfUnits(middle[0]! + middle[1]!);
  const latest = told.find((r) => Number(r.latest_place) === 1 && Number(r.in_force) === 1);
  return {
    // Trimmed by the database already; a driver that passed the text through another type would not add white space.
    processName: String(first.name_key).trim(),
    category: String(first.category) as ProcessCategory,
    priceBasis: String(first.price_basis) as PriceBasis,
    currency: String(first.currency),
    count,
    min: moneyFromUnits(moneyUnits(first.low)),
    median: moneyFromUnits(medianUnits),
    max: moneyFromUnits(moneyUnits(first.high)),
    latest: latest
      ? {
          id: Number(latest.id),
          processNo: String(latest.process_no),
          unitPrice: moneyFromUnits(moneyUnits(latest.unit_price)),
          supplierName: String(latest.supplier_name),
          validFrom: toDateOnly(latest.valid_from),
          updatedAt: toUtcIso(latest.updated_at),
        }
      : null,
  };
}
