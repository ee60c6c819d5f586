import { acquireWithin, releaseConnection, type Db, type PooledConnection } from './connection.js';
import { QueryTimeoutError } from './errors.js';

/** A session's connection for one statement; `done` once the driver has finished with it. */
export interface Lease {
  connection: PooledConnection;
  done(err?: unknown): void;
}

/**
 * The statements of one read on one connection, one at a time. A read replica's change token and
 * the statements it guards must reach the same server: behind one address there may be several
 * replicas, each at its own point of replay, and a pool hands out connections to any of them.
 * The connection is taken at the first statement, within `acquireMs`, and given back by close().
 */
export class Session {
  private connection: Promise<PooledConnection> | undefined;
  /** Settles when the last statement asked for is done: the next one waits for it. */
  private tail: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    readonly db: Db,
    private readonly acquireMs: number,
    /** Told of every statement that failed (the replica's monitor hears of lost connections). */
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /**
   * The connection once the statements before this one are done, within `withinMs` (a statement's
   * deadline: QUERY_TIMEOUT_MS, which bounds its wait as it bounds a pool's).
   */
  async lease(withinMs: number): Promise<Lease> {
    if (this.closed) throw new Error('session used after it was closed');
    const turn = this.tail;
    let finish!: () => void;
    // The next statement waits for this one, whether it runs, fails, or never got its turn.
    this.tail = new Promise<void>((resolve) => (finish = resolve));
    const deadline = performance.now() + withinMs;
    try {
      await within(turn, withinMs, () => new QueryTimeoutError(withinMs));
      this.connection ??= acquireWithin(this.db, Math.max(1, Math.min(this.acquireMs, deadline - performance.now())));
      const connection = await this.connection;
      return {
        connection,
        done: (err) => {
          if (err !== undefined) this.onError(err);
          finish();
        },
      };
    } catch (err) {
      // Not run: the next statement may go once the one before this one is done.
      void turn.then(finish);
      throw err;
    }
  }

  /** Gives the connection back once the last statement is done (the pool drops it if it broke). */
  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
    const connection = await this.connection?.catch(() => undefined);
    if (connection) releaseConnection(this.db, connection);
  }
}

/** `work`, or the error `late()` makes once `ms` have passed. */
async function within<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(late()), ms)));
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
  }
}
