import type { Knex } from 'knex';
import { keptFor, statementKey, type KeptUnderToken } from './data-token.js';
import { run, type QueryDeps } from './query-deps.js';

/**
 * Where deep pages start, kept while the data has not changed (data-token.ts). OFFSET makes the
 * database pass every row before the page (1M pricings, current=5000: 100k index entries, on
 * PostgreSQL 8–11 ms against 2–4 ms for page 1); a page that starts after a row whose position is
 * known seeks to it instead (keyset, seek.ts), and passes only the rows between. Each deep page
 * remembers the id just before it and its last id, so the same page asked again, the next page or
 * any later one starts from there. Only positions are kept, never rows: every page reads its rows.
 */

/** Row index in the ordering (0-based) → that row's id. */
type Positions = Map<number, number>;

const keptPositions = new WeakMap<Knex, KeptUnderToken<Positions>>();

/** Orderings (filters + sort) kept per database, and positions kept per ordering. */
const MAX_KEPT_ORDERINGS = 200;
const MAX_POSITIONS = 64;

/**
 * The ids of rows [offset, offset + limit) of `idsFrom()`: the ids of the matching rows in page
 * order, or with an id, those strictly after that row. `token` is read before any statement here.
 */
export async function deepPageIds(
  deps: QueryDeps,
  idsFrom: (afterId?: number) => Knex.QueryBuilder,
  offset: number,
  limit: number,
  token: Promise<string | undefined>,
): Promise<number[]> {
  const current = await token;
  if (current === undefined || offset === 0) return idsOf(deps, idsFrom().limit(limit).offset(offset));

  const store = keptFor(keptPositions, deps.db);
  const key = statementKey(idsFrom());
  const positions = store.get(key, current) ?? new Map<number, number>();
  const start = nearestBefore(positions, offset);
  let ids: number[];
  if (start) {
    ids = await idsOf(deps, idsFrom(start.id).limit(limit).offset(offset - start.index - 1));
  } else {
    // One row more, at the front: the position the same page starts from when asked again.
    const withPrevious = await idsOf(deps, idsFrom().limit(limit + 1).offset(offset - 1));
    if (withPrevious.length > 0) positions.set(offset - 1, withPrevious[0]!);
    ids = withPrevious.slice(1);
  }
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
