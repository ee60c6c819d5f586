import { createRequire } from 'node:module';
import type { Knex } from 'knex';

/**
 * knex's `mssql` client (knex 3.x) with two corrections that hold on SQL Server as on Babelfish.
 *
 * 1. Each connection runs its own requests. knex keeps one request queue on the client's
 *    prototype, shared by every connection of every knex instance, and `_chomp(connection)` pops
 *    its newest entry onto whichever connection asks: under concurrency a statement runs on
 *    another request's connection (outside its transaction, or stalling when that connection is
 *    busy). Here the queue is per connection, first in first out, and every completed request
 *    (also a failed or streamed one) starts the next.
 *
 * 2. The row count of `update()` / `del()` is read by position from the `select @@rowcount` knex
 *    appends, not from the column named `''`.
 *
 * knex looks the count up as `response[0]['']`, which relies on SQL Server leaving the column
 * unnamed. Engines that name it (Babelfish for PostgreSQL calls it `rowcount`) hand knex
 * `undefined`, and knex's migration lock, which checks that its `update` touched one row,
 * then stops with "Migration table is already locked". Reading the first column of the batch's
 * last row is the same value on SQL Server, whatever the column is called.
 */

const require = createRequire(import.meta.url);
// Not part of knex's typed surface; the dialect class that knex's client name for SQL Server resolves to.
const KnexMssqlClient = require('knex/lib/dialects/mssql/index.js') as new (config: Knex.Config) => KnexClientLike;

const KNEX_DIALECT_NAME = (KnexMssqlClient.prototype as unknown as { dialect: string }).dialect;

/** The private methods of knex's mssql client that MssqlClient replaces or calls. */
export const KNEX_MSSQL_INTERNALS = ['_enqueueRequest', '_chomp', '_makeRequest', '_stream', '_query', 'processResponse'];

/**
 * The corrections below lean on private methods of knex's mssql client, so package-lock.json holds
 * knex's exact version; an upgrade that renames one must stop the service at start-up, not reorder
 * statements silently.
 */
export function assertKnexMssqlInternals(prototype: object, knexVersion: string): void {
  const missing = KNEX_MSSQL_INTERNALS.filter((name) => typeof (prototype as Record<string, unknown>)[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(
      `knex ${knexVersion}: its mssql client no longer has ${missing.join(', ')}, which ` +
        'src/db/mssql-client.ts overrides or calls. Go back to the knex version package-lock.json held, ' +
        'or port src/db/mssql-client.ts to the new knex.',
    );
  }
}

assertKnexMssqlInternals(KnexMssqlClient.prototype as object, (require('knex/package.json') as { version: string }).version);

interface TediousColumn {
  value: unknown;
  metadata: { colName: string };
}

interface MssqlQueryResult {
  method?: string;
  returning?: unknown;
  output?: unknown;
  response: TediousColumn[][];
}

interface KnexClientLike {
  processResponse(query: MssqlQueryResult | null | undefined, runner: unknown): unknown;
}

/** The parts of tedious' Connection and Request used here. */
interface TediousConnection {
  state: { name: string };
  execSql(request: TediousRequest): void;
}
interface TediousRequest {
  once(event: 'requestCompleted', listener: () => void): unknown;
  setTimeout(timeoutMs: number): void;
}

const queues = new WeakMap<TediousConnection, TediousRequest[]>();
const deadlines = new WeakMap<object, number>();

/**
 * Until cleared (`undefined`), every statement sent on `connection` is cancelled on the server when
 * `timeoutMs` from now have passed, instead of after the connection's requestTimeout
 * (QUERY_TIMEOUT_MS): its caller's deadline.
 */
export function setRequestDeadline(connection: object, timeoutMs: number | undefined): void {
  if (timeoutMs === undefined) deadlines.delete(connection);
  else deadlines.set(connection, performance.now() + timeoutMs);
}

const ROW_COUNT_METHODS = new Set(['insert', 'del', 'update', 'counter']);

export class MssqlClient extends KnexMssqlClient {
  constructor(config: Knex.Config) {
    // Everything that asks "which database is this?" (dialects/index.ts dialectOf) reads
    // config.client: keep it knex's own name for this dialect.
    super({ ...config, client: KNEX_DIALECT_NAME });
  }

  _enqueueRequest(request: TediousRequest, connection: TediousConnection): void {
    const deadline = deadlines.get(connection);
    if (deadline !== undefined) request.setTimeout(Math.max(1, Math.round(deadline - performance.now())));
    let queue = queues.get(connection);
    if (!queue) queues.set(connection, (queue = []));
    queue.push(request);
    // After the callback: tedious is back in LoggedIn once the current tick ends.
    request.once('requestCompleted', () => process.nextTick(() => this._chomp(connection)));
    this._chomp(connection);
  }

  _chomp(connection: TediousConnection): void {
    if (connection.state.name !== 'LoggedIn') return;
    const next = queues.get(connection)?.shift();
    if (next) connection.execSql(next);
  }

  override processResponse(query: MssqlQueryResult | null | undefined, runner: unknown): unknown {
    if (query && !query.output && query.returning === '@@rowcount' && ROW_COUNT_METHODS.has(query.method ?? '')) {
      const lastRow = query.response[query.response.length - 1];
      return lastRow?.[0]?.value;
    }
    return super.processResponse(query, runner);
  }
}
