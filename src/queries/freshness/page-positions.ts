import type { Knex } from 'knex';
import { keptFor, statementKey, type KeptUnderToken } from './data-token.js';
import type { QueryDeps } from '../deps.js';
import { run } from '../run.js';

/**
 * Where deep pages start, kept while the data has not changed (freshness/data-token.ts). OFFSET makes the
 * database pass every row before the page, so a deep page costs more than page 1; a page that
 * starts after a row whose position is known seeks to it instead (keyset, paging/seek.ts), and
 * passes only the rows between. Each deep page remembers the id just before it and its last id, so
 * the same page asked again, the next page or any later one starts from there. Only positions are
 * kept, never rows: every page reads its rows.
 * A request that read an older token may replace a newer request's positions with its own: they
 * are then lost for reuse, never used stale.
 */

/** Row index in the ordering (0-based) → that row's id. */
type Positions = Map<number, number>;

const keptPositions = new WeakMap<Knex, KeptUnderToken<Positions>>();

/** Orderings (filters + sort) kept per database, and positions kept per ordering. */
const MAX_KEPT_ORDERINGS = 200;
const MAX_POSITIONS = 64;

/**
 * The ids of rows [offset, offset + limit) of `idsFrom()`: the ids of the matching rows in page
 * order, or with an id, those strictly after that row. `plain` is `idsFrom()` with that LIMIT and
 * OFFSET: what runs where nothing can be kept. `token` is read before any statement here.
 */
export async function deepPageIds(
  deps: QueryDeps,
  plain: Knex.QueryBuilder,
  idsFrom: (afterId?: number) => Knex.QueryBuilder,
  offset: number,
  limit: number,
  token: () => Promise<string | undefined>,
): Promise<number[]> {
  const current = offset > 0 ? await token() : undefined;
  if (current === undefined) return idsOf(deps, plain);

  const store = keptFor(keptPositions, deps.db);
  const key = statementKey(idsFrom());
  const positions = store.get(key, current) ?? new Map<number, number>();
  const start = nearestBefore(positions, offset);
  // Rows to pass before the page; when there are any, one of them is read too: the row just before
  // the page, where the same page starts from when it is asked again.
  const skip = start ? offset - start.index - 1 : offset;
  const extra = skip > 0 ? 1 : 0;
  const from = start ? idsFrom(start.id) : idsFrom();
  const read = await idsOf(deps, from.limit(limit + extra).offset(skip - extra));
  if (extra > 0 && read.length > 0) positions.set(offset - 1, read[0]!);
  const ids = read.slice(extra);
  if (ids.length > 0) positions.set(offset + ids.length - 1, ids[ids.length - 1]!);
  while (positions.size > MAX_POSITIONS) positions.delete(positions.keys().next().value!);
  store.set(key, current, positions, MAX_KEPT_ORDERINGS);
  return ids;
}

/** The known row closest before `offset`. */
function nearestBefore(positions: Positions, offset: number): { index: number; id: number } | undefined {
  let best: { index: number; id: number } | undefined;
  for (const [index, id] of positions) if (index < offset && (!best || index > best.index)) best = { index, id };
  return best;
}

async function idsOf(deps: QueryDeps, query: Knex.QueryBuilder): Promise<number[]> {
  return (await run<{ id: number | string }[]>(deps, query)).map((r) => Number(r.id));
}
