import type { Db } from '../db/connection.js';
import { dbErrorMessage, describeDbError, type DbCause } from '../db/errors.js';
import { migrationNames as recordedMigrationNames } from '../db/paths.js';

/**
 * Why the instance should get no traffic; `ready` when it should. An unavailable database also
 * says why (`cause`: login-failed, host-unknown, …), and `detail` starts with it, for the log.
 */
export type ReadinessState =
  | { ready: true }
  | {
      ready: false;
      reason: 'shutting-down' | 'database-unavailable' | 'database-not-found' | 'schema-not-migrated';
      cause?: DbCause;
      detail: string;
    };

/** How long one database check answers every probe (probes come from each balancer every second or so). */
export const READINESS_MAX_AGE_MS = 1000;

/**
 * The migrations this build expects, by the names knex records. Read from the
 * migrations folder once: it does not change while the process runs.
 */
let expectedMigrations: string[] | undefined;
function migrationNames(): string[] {
  expectedMigrations ??= recordedMigrationNames();
  return expectedMigrations;
}

/**
 * Is the database reachable, does it exist, and is its schema at this build's latest migration?
 * One small read of knex's own `knex_migrations` table, bounded by `timeoutMs`. knex's
 * migrate.list() would create that table when it is missing: a write, and a read-only login may not.
 */
export async function checkDatabase(db: Db, timeoutMs: number): Promise<ReadinessState> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  const read = db
    .select('name')
    .from('knex_migrations')
    .timeout(timeoutMs)
    .then((rows: { name: string }[]) => rows.map((r) => r.name));
  try {
    const applied = await Promise.race([read, timedOut]);
    if (applied === 'timeout') {
      return { ready: false, reason: 'database-unavailable', cause: 'no-answer', detail: `no-answer: nothing within ${timeoutMs} ms` };
    }
    const done = new Set(applied);
    const pending = migrationNames().filter((name) => !done.has(name));
    if (pending.length > 0) {
      return { ready: false, reason: 'schema-not-migrated', detail: `${pending.length} migration(s) not applied: ${pending.join(', ')}` };
    }
    return { ready: true };
  } catch (err) {
    const message = dbErrorMessage(err);
    const failure = describeDbError(err);
    switch (failure?.failure) {
      case 'not-found':
        return { ready: false, reason: 'database-not-found', detail: message };
      case 'schema-missing':
        return {
          ready: false,
          reason: 'schema-not-migrated',
          detail: `no knex_migrations table: the database was never migrated (${message})`,
        };
      default: {
        // A statement that timed out: the database took the connection but did not answer.
        const cause = failure?.cause ?? (failure?.failure === 'timeout' ? 'no-answer' : undefined);
        return {
          ready: false,
          reason: 'database-unavailable',
          ...(cause ? { cause } : {}),
          detail: cause ? `${cause}: ${message}` : message,
        };
      }
    }
  } finally {
    clearTimeout(timer);
    read.catch(() => {}); // lost the race: its outcome no longer matters
  }
}

/**
 * What the readiness probe answers. The moment shutdown begins it is not ready, without asking the
 * database. Otherwise one database check at a time serves every probe for READINESS_MAX_AGE_MS.
 */
export class Readiness {
  private shuttingDown = false;
  private last: { state: Promise<ReadinessState>; settledAt?: number } | undefined;
  /** The last state's reason and cause: a change of either is logged (refused → login failed too). */
  private lastReason: string | undefined = 'unknown';

  constructor(
    private readonly db: Db,
    private readonly checkTimeoutMs: number,
    /** Called when the database side changes (ready ↔ a reason), for the log. */
    private readonly onChange: (state: ReadinessState) => void = () => {},
  ) {}

  beginShutdown(): void {
    this.shuttingDown = true;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  async check(): Promise<ReadinessState> {
    if (this.shuttingDown) return { ready: false, reason: 'shutting-down', detail: 'the instance is shutting down' };
    const last = this.last;
    // A check still running serves every probe that arrives meanwhile; a finished one, for a while.
    if (!last || (last.settledAt !== undefined && Date.now() - last.settledAt >= READINESS_MAX_AGE_MS)) {
      const entry: { state: Promise<ReadinessState>; settledAt?: number } = {
        state: checkDatabase(this.db, this.checkTimeoutMs).then((s) => {
          entry.settledAt = Date.now();
          const reason = s.ready ? undefined : `${s.reason}${s.cause ? ` (${s.cause})` : ''}`;
          if (reason !== this.lastReason) this.onChange(s);
          this.lastReason = reason;
          return s;
        }),
      };
      this.last = entry;
    }
    const state = await this.last!.state;
    return this.shuttingDown ? { ready: false, reason: 'shutting-down', detail: 'the instance is shutting down' } : state;
  }
}
