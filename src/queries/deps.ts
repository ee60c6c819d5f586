import type { Db } from '../db/connection.js';
import type { ReadReplica } from '../db/replica.js';
import type { Session } from '../db/session.js';

/** What every query module needs: the database and the few settings that shape its SQL. */
export interface QueryDeps {
  db: Db;
  /** Business time zone for calendar-day filters (APP_TIMEZONE). */
  timeZone: string;
  queryTimeoutMs: number;
  /** Which totals freshness/count-cache.ts keeps (default COUNT_CACHE_POLICY there). */
  countCache?: CountCachePolicy;
  /** From this offset on a page picks its ids first (paging/page-queries.ts DEFERRED_JOIN_MIN_OFFSET, the default). */
  deferredJoinMinOffset?: number;
  /** The request's, when it reports time spent on the database (src/http/server-timing.ts). */
  clock?: StatementClock;
  /** Every statement on this one connection (a read on a replica: src/db/session.ts), instead of one from the pool each. */
  session?: Session;
  /**
   * Where reads may go instead of `db` (DATABASE_READ_URL). Only routedRead (src/db/replica.ts)
   * looks at it: it hands the operation deps whose `db` is the server chosen, without it.
   */
  replica?: ReadReplica;
}

/** Told when each statement starts and ends (run.ts). */
export interface StatementClock {
  started(): void;
  finished(): void;
}

/** Which slow counts are kept while the data is unchanged (freshness/count-cache.ts). */
export interface CountCachePolicy {
  /** Counts that took less than this run again each time; COUNT_CACHE_MIN_MS (0: every count is kept). */
  slowMs: number;
  /** How many distinct count statements are kept per database (least recently used dropped). */
  maxKept: number;
}
