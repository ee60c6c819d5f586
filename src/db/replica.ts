import type { DbConfig, ReplicaConfig } from '../config.js';
import { createDb, type Db, type DbLog } from './connection.js';
import { dialectOf } from './dialects/index.js';
import { dbErrorMessage, describeDbError } from './errors.js';
import { ReplicaMonitor, type ReplicaStatus } from './replica-monitor.js';
import { Session } from './session.js';

export type { ReplicaState, ReplicaStatus } from './replica-monitor.js';

/** The server that answered a read. */
export type ReadServer = 'replica' | 'primary';

/** Why a read that failed on the replica was sent to the primary. */
export type FallbackReason = 'unavailable' | 'replay-conflict';

/** Told of each read and each fallback (the metrics count them). */
export interface ReadObserver {
  read(server: ReadServer): void;
  fallback(reason: FallbackReason): void;
}

export interface ReadReplicaLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Knex instances that read a replica: a read's deps name the server it ran on (serverOf). */
const replicaDbs = new WeakSet<Db>();

/**
 * DATABASE_READ_URL: the replica's pool, the monitor that says whether reads go there, and what
 * happens to a read that fails on it. The primary (DATABASE_URL) stays the fallback.
 */
export class ReadReplica {
  private readonly observers = new Set<ReadObserver>();

  constructor(
    /** The replica's pool, for the requests' reads. */
    readonly db: Db,
    readonly monitor: ReplicaMonitor,
    /** A read waits this long at most for a replica connection (REPLICA_CONNECT_TIMEOUT_MS) before it goes to the primary. */
    readonly acquireMs: number,
    private readonly log: ReadReplicaLog,
    /** What close() also ends (the monitor's own connections). */
    private readonly owned: Db[] = [],
  ) {
    replicaDbs.add(db);
  }

  status(): ReplicaStatus {
    return this.monitor.status();
  }

  /** Counts reads and fallbacks for `observer` until the returned function is called. */
  observe(observer: ReadObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  noteRead(server: ReadServer): void {
    for (const o of this.observers) o.read(server);
  }

  /** Whether a read that failed on the replica goes to the primary, and why; undefined: the error is the answer. */
  fallbackReason(err: unknown): FallbackReason | undefined {
    const failure = describeDbError(err)?.failure;
    if (failure === 'unavailable' || failure === 'not-found') return 'unavailable';
    const e = (err && typeof err === 'object' ? err : {}) as { code?: unknown; number?: unknown; message?: unknown };
    if (dialectOf(this.db).replica?.isReplayConflict(e)) return 'replay-conflict';
    return undefined;
  }

  /**
   * A statement that ran out of QUERY_TIMEOUT_MS while the monitor found the replica unreachable: a
   * partition (connections open, nothing answered), not a slow query. It goes to the primary too.
   */
  timedOutWhileLost(err: unknown): boolean {
    return describeDbError(err)?.failure === 'timeout' && this.monitor.status().state === 'unreachable';
  }

  noteFallback(reason: FallbackReason, err: unknown): void {
    // A replay conflict is the replica at work, not the replica gone: it stays in use.
    if (reason === 'unavailable') this.monitor.noteFailure(err);
    this.log.warn(
      { replica: this.monitor.status().state, reason, cause: describeDbError(err)?.cause, detail: dbErrorMessage(err) },
      `a read failed on the read replica (${reason === 'replay-conflict' ? 'cancelled by replay' : (describeDbError(err)?.cause ?? reason)}); it is answered from the primary`,
    );
    for (const o of this.observers) o.fallback(reason);
  }

  /** A statement of a read on the replica failed: a lost connection takes the replica out of use at once. */
  noteStatementError(err: unknown): void {
    if (this.fallbackReason(err) === 'unavailable') this.monitor.noteFailure(err);
  }

  async close(): Promise<void> {
    await this.monitor.stop();
    await Promise.allSettled([this.db.destroy(), ...this.owned.map((db) => db.destroy())]);
  }
}

/**
 * The replica of `config` and its monitor, which has taken its first reading (so that a replica
 * in good health is read from the first request on) and checks on in the background.
 */
export async function openReadReplica(primaryConfig: DbConfig, config: ReplicaConfig, log: ReadReplicaLog & DbLog): Promise<ReadReplica> {
  const db = createDb(config.db, log);
  // The monitor's own single connections: a pool busy with requests is no sign of a replica gone.
  // Their failed connects are its state changes; knex's warning at every check would repeat them.
  const quiet: DbLog = {
    warn: (obj, msg) => log.debug(obj, msg),
    error: (obj, msg) => log.error(obj, msg),
    debug: (obj, msg) => log.debug(obj, msg),
  };
  const own = (c: DbConfig) => createDb({ ...c, poolMin: 0, poolMax: 1 }, quiet);
  const [monitorPrimary, monitorReplica] = [own(primaryConfig), own(config.db)];
  const monitor = new ReplicaMonitor(monitorPrimary, monitorReplica, {
    maxLagMs: config.maxLagMs,
    checkIntervalMs: config.checkIntervalMs,
    returnAfterMs: config.returnAfterMs,
    checkTimeoutMs: primaryConfig.checkTimeoutMs,
    log,
  });
  await monitor.check();
  monitor.start();
  return new ReadReplica(db, monitor, config.db.acquireTimeoutMs, log, [monitorPrimary, monitorReplica]);
}

/** The server a read's knex instance reads (for the log of a read that failed). */
export function serverOf(db: Db): ReadServer {
  return replicaDbs.has(db) ? 'replica' : 'primary';
}

/** What routedRead needs of an operation's dependencies (QueryDeps has it). */
export interface RoutedDeps {
  db: Db;
  session?: Session;
  replica?: ReadReplica;
}

export interface RoutedReadOptions<T> {
  /**
   * The read goes on after `work` has answered (an export streams its batches): the replica's
   * connection is held until this settles. A failure after `work` has answered cannot go to the
   * primary any more (an export's bytes are out).
   */
  holdUntil?: (result: T) => Promise<unknown>;
}

/**
 * Runs a read (an operation: every statement it needs) on the replica while the monitor says so,
 * else on the primary. On the replica all its statements share one connection (src/db/session.ts):
 * a change token and the answers it keeps come from the same server. A read that fails there at
 * the connection, is cancelled by replay, or times out while the replica has stopped answering, runs
 * again once on the primary: reads are idempotent.
 * Without a replica (no DATABASE_READ_URL) it is `work(deps)`.
 */
export async function routedRead<D extends RoutedDeps, T>(
  deps: D,
  work: (deps: D) => Promise<T>,
  options: RoutedReadOptions<T> = {},
): Promise<T> {
  const replica = deps.replica;
  if (!replica) return work(deps);
  const onPrimary = { ...deps, replica: undefined };
  if (!replica.monitor.usable) {
    replica.noteRead('primary');
    return work(onPrimary);
  }
  const session = new Session(replica.db, replica.acquireMs, (err) => replica.noteStatementError(err));
  replica.noteRead('replica');
  let result: T;
  try {
    result = await work({ ...deps, db: replica.db, session, replica: undefined });
  } catch (err) {
    void session.close();
    const reason = replica.fallbackReason(err) ?? (replica.timedOutWhileLost(err) ? 'unavailable' : undefined);
    if (!reason) throw err;
    replica.noteFallback(reason, err);
    replica.noteRead('primary');
    return work(onPrimary);
  }
  const held = options.holdUntil?.(result);
  void (held ?? Promise.resolve()).catch(() => {}).finally(() => void session.close());
  return result;
}
