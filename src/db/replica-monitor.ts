import type { Db } from './connection.js';
import { dialectOf } from './dialects/index.js';
import type { DialectReplica, LagQuery, ReplicaReading } from './dialects/dialect.js';
import { dbErrorMessage, describeDbError } from './errors.js';

/**
 * Whether reads go to the read replica, measured in the background (never per request): its lag,
 * whether it answers, whether it still follows the primary.
 * - in-use: reads go to it;
 * - lagging: it answers, but reads go to the primary: its lag is above REPLICA_MAX_LAG_MS, it no
 *   longer follows the primary (promoted), or it has not yet been healthy for REPLICA_RETURN_AFTER_MS;
 * - unreachable: its last check, or a read on it, failed at the connection; reads go to the primary.
 */
export type ReplicaState = 'in-use' | 'lagging' | 'unreachable';

export interface ReplicaStatus {
  state: ReplicaState;
  /** The last measured lag; null while it cannot be measured (unreachable, promoted, no permission). */
  lagMs: number | null;
}

export interface ReplicaMonitorOptions {
  maxLagMs: number;
  checkIntervalMs: number;
  returnAfterMs: number;
  /** Bound on one reading (DB_CHECK_TIMEOUT_MS): nothing by then is unreachable. */
  checkTimeoutMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** What one check found. */
type Observation =
  | { kind: 'unreachable'; why: string }
  | { kind: 'not-following'; why: string }
  | { kind: 'unknown'; why: string }
  | { kind: 'measured'; lagMs: number; behind: boolean; why: string };

/** A place in the primary's log the replica had not applied yet, and when it was first seen. */
interface Sample {
  at: number;
  position: bigint;
}

/** Beyond this many samples (a replica stuck for an hour at one check a second), every other one goes. */
const MAX_SAMPLES = 4000;

/**
 * The monitor reads through knex instances of its own (one connection each), so that a replica
 * pool busy with requests never looks like an unreachable replica.
 */
export class ReplicaMonitor {
  private readonly facts: DialectReplica;
  private inUse = false;
  private state: ReplicaState = 'unreachable';
  private lagMs: number | null = null;
  private checked = false;
  /** Since when the replica has been healthy with room to spare (lag at most half the maximum). */
  private calmSince: number | undefined;
  private samples: Sample[] = [];
  private referenceSeen = false;
  private logged: string | undefined;
  private running: Promise<ReplicaStatus> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly primary: Db,
    private readonly replica: Db,
    private readonly options: ReplicaMonitorOptions,
  ) {
    const facts = dialectOf(replica).replica;
    if (!facts) throw new Error(`no read replica on ${dialectOf(replica).client}`);
    this.facts = facts;
  }

  /** Do reads go to the replica now? */
  get usable(): boolean {
    return this.inUse;
  }

  status(): ReplicaStatus {
    return { state: this.state, lagMs: this.lagMs };
  }

  /** Checks every REPLICA_CHECK_INTERVAL_MS until stop(), each after the one before has ended. */
  start(): void {
    const tick = async () => {
      await this.check();
      if (!this.stopped) this.timer = setTimeout(() => void tick(), this.options.checkIntervalMs).unref();
    };
    this.timer = setTimeout(() => void tick(), this.options.checkIntervalMs).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  /** One reading now (a check already running answers instead). */
  check(): Promise<ReplicaStatus> {
    this.running ??= this.observe()
      .then((observation) => this.apply(observation))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * A read on the replica failed at the connection: reads go to the primary at once, until checks
   * have found it healthy for REPLICA_RETURN_AFTER_MS.
   */
  noteFailure(err: unknown): void {
    this.calmSince = undefined;
    if (!this.inUse) return;
    this.inUse = false;
    this.lagMs = null;
    const cause = describeDbError(err)?.cause ?? 'error';
    this.announce('unreachable', 'read-failed', { cause, detail: dbErrorMessage(err) }, `a read on it failed (${cause})`);
  }

  private async observe(): Promise<Observation> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.options.checkTimeoutMs)));
    const reading = this.facts.observe({ primary: this.query(this.primary), replica: this.query(this.replica) });
    try {
      const result = await Promise.race([reading, late]);
      if (result === 'late') return { kind: 'unreachable', why: `no-answer: nothing within ${this.options.checkTimeoutMs} ms` };
      return this.interpret(result);
    } catch (err) {
      const failure = describeDbError(err);
      const message = dbErrorMessage(err);
      if (failure?.failure === 'unavailable' || failure?.failure === 'not-found' || failure?.failure === 'timeout') {
        return { kind: 'unreachable', why: `${failure.cause ?? failure.failure}: ${message}` };
      }
      // It answered, but refused the lag query (a permission the login lacks): read it, lag unknown.
      return { kind: 'unknown', why: `the lag query failed: ${message}` };
    } finally {
      clearTimeout(timer);
      reading.catch(() => {}); // lost the race: its outcome no longer matters
    }
  }

  private query(db: Db): LagQuery {
    return async (sql) => {
      const result: unknown = await db.raw(sql).timeout(this.options.checkTimeoutMs);
      // pg: { rows }; mysql2: [rows, fields]; tedious: rows.
      if (!Array.isArray(result)) return (result as { rows: Record<string, unknown>[] }).rows;
      return (Array.isArray(result[0]) ? result[0] : result) as Record<string, unknown>[];
    };
  }

  private interpret(reading: ReplicaReading): Observation {
    if (!reading.following) return { kind: 'not-following', why: reading.detail };
    if (reading.lagUnknown) return { kind: 'unknown', why: reading.lagUnknown };
    const lagMs = this.lagOf(reading, performance.now());
    if (lagMs === null) return { kind: 'unknown', why: `no position to compare (${reading.detail})` };
    return { kind: 'measured', lagMs: Math.round(lagMs), behind: this.samples.length > 0, why: reading.detail };
  }

  /**
   * How long ago the primary first stood past the place the replica has applied: the age of the
   * oldest write the replica lacks, to within one check (0 when it lacks none). Each check notes
   * the primary's position when it is new; the notes the replica has passed are dropped.
   */
  private lagOf(reading: ReplicaReading, now: number): number | null {
    const applied = reading.appliedPosition;
    if (applied === undefined) return reading.behindMs ?? null;
    const reference = reading.primaryPosition ?? reading.receivedPosition;
    if (reference !== undefined) {
      const last = this.samples.at(-1);
      // A position behind the last note is another log (a failover, a new timeline): start again.
      if (last && reference < last.position) this.samples = [];
      if (!last || reference > last.position) {
        // The first note of all: a replica already behind gets the server's own estimate of how far.
        const backdate = this.referenceSeen ? 0 : Math.max(0, reading.behindMs ?? 0);
        this.samples.push({ at: now - backdate, position: reference });
      }
      this.referenceSeen = true;
    }
    while (this.samples.length > 0 && this.samples[0]!.position <= applied) this.samples.shift();
    if (this.samples.length > MAX_SAMPLES) this.samples = this.samples.filter((_, i) => i === 0 || i % 2 === 1);
    if (!this.referenceSeen) return reading.behindMs ?? null;
    return this.samples.length > 0 ? now - this.samples[0]!.at : 0;
  }

  private apply(observation: Observation): ReplicaStatus {
    const now = performance.now();
    const { maxLagMs, returnAfterMs } = this.options;
    const lagMs = observation.kind === 'measured' ? observation.lagMs : null;
    const healthy = observation.kind === 'unknown' || (lagMs !== null && lagMs <= maxLagMs);
    // Back only with room to spare, and after a while: a lag that hovers at the limit does not flap.
    const calm = observation.kind === 'unknown' || (lagMs !== null && lagMs <= maxLagMs / 2);
    if (this.inUse && !healthy) this.inUse = false;
    if (!this.inUse) {
      if (!calm) this.calmSince = undefined;
      else {
        this.calmSince ??= now;
        // At start-up there is nothing to flap from: a first check that finds it lacking nothing is
        // enough. One that finds it behind only has the server's estimate, so it proves itself first.
        const caughtUp = observation.kind === 'unknown' || (observation.kind === 'measured' && !observation.behind);
        if ((!this.checked && caughtUp) || now - this.calmSince >= returnAfterMs) this.inUse = true;
      }
    }
    this.checked = true;
    this.lagMs = lagMs;
    const state: ReplicaState = this.inUse ? 'in-use' : observation.kind === 'unreachable' ? 'unreachable' : 'lagging';
    // Why it is lagging: over the limit, not following, or still proving itself.
    const kind = state === 'lagging' && observation.kind !== 'not-following' ? (calm ? 'returning' : 'over') : observation.kind;
    this.announce(
      state,
      `${kind}${observation.kind === 'unknown' ? `:${observation.why}` : ''}`,
      { lagMs, detail: observation.why },
      this.reason(state, kind, observation),
    );
    return this.status();
  }

  private reason(state: ReplicaState, kind: string, observation: Observation): string {
    const { maxLagMs, returnAfterMs } = this.options;
    if (state === 'in-use') {
      return observation.kind === 'unknown'
        ? `its lag cannot be measured (${observation.why}): REPLICA_MAX_LAG_MS is not enforced`
        : `lag ${observation.kind === 'measured' ? observation.lagMs : '?'} ms`;
    }
    if (state === 'unreachable') return observation.why;
    if (kind === 'not-following') return `it no longer follows the primary: ${observation.why}`;
    if (kind === 'returning') return `healthy again; reads return to it once it has stayed so for ${returnAfterMs} ms`;
    const lag = this.lagMs ?? 0;
    return lag > maxLagMs
      ? `lag ${lag} ms is above REPLICA_MAX_LAG_MS (${maxLagMs})`
      : `lag ${lag} ms: reads return to it once the lag has stayed at most ${maxLagMs / 2} ms (half of REPLICA_MAX_LAG_MS) for ${returnAfterMs} ms`;
  }

  /** One log line at each change of state (or of why it is not in use). */
  private announce(state: ReplicaState, key: string, fields: object, why: string): void {
    this.state = state;
    const logged = `${state}/${key}`;
    if (logged === this.logged) return;
    this.logged = logged;
    const where = state === 'in-use' ? 'reads go to it' : 'reads go to the primary';
    if (state === 'in-use' && !key.startsWith('unknown'))
      this.options.log.info({ replica: state, ...fields }, `read replica ${state}: ${why}; ${where}`);
    else this.options.log.warn({ replica: state, ...fields }, `read replica ${state}: ${why}; ${where}`);
  }
}
