import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialects/index.js';
import type { QueryDeps } from '../deps.js';
import { run } from '../run.js';

/**
 * Answers kept while the database has not changed (count-cache.ts: totals; page-positions.ts:
 * where deep pages start). Each use reads a token first that changes whenever a commit may have
 * happened, and a kept answer is used only under the token it was computed after, so none is ever
 * stale: an answer computed after a commit that followed the token read is kept under a token that
 * no later read returns.
 * The token is each database's dialect's (src/db/dialects/: SQLite's data_version, PostgreSQL's
 * snapshot); MySQL/MariaDB and SQL Server have no equally cheap and exact signal: nothing is kept.
 * The token and the statements it guards must reach the same server: behind a pool of read replicas
 * that lag differently, an answer kept from one replica could be used against another. A read on a
 * replica runs all its statements on one connection (QueryDeps.session, src/db/session.ts), and
 * answers are kept per knex instance, so per server.
 */
/** A value that differs whenever the data may have changed; undefined where there is none. */
export async function changeToken(deps: QueryDeps): Promise<string | undefined> {
  const sql = dialectOf(deps.db).changeTokenSql;
  if (sql === undefined) return undefined;
  const result = await run<{ token: string }[] | { rows: { token: string }[] }>(deps, deps.db.raw(`select ${sql} as token`));
  return (Array.isArray(result) ? result : result.rows)[0]?.token;
}

/** The field in which a statement that reads the token alongside its rows (withChangeToken) returns it. */
export const TOKEN_FIELD = 'change_token';

/**
 * `query` with the change token in each row (TOKEN_FIELD), where the database has one: read in the
 * same statement, so before anything that runs after it, which is all a token read must be (a
 * round trip fewer than changeToken's own statement). Undefined where there is none.
 */
export function withChangeToken(db: Knex, query: Knex.QueryBuilder): Knex.QueryBuilder | undefined {
  const sql = dialectOf(db).changeTokenSql;
  return sql === undefined ? undefined : query.select(db.raw(`${sql} as ??`, [TOKEN_FIELD]));
}

/** The key of a statement: its SQL and bindings. */
export function statementKey(query: Knex.QueryBuilder): string {
  const { sql, bindings } = query.toSQL();
  return JSON.stringify([sql, bindings]);
}

/** Values per key, each under the token it was computed after; the least recently used go first. */
export class KeptUnderToken<V> {
  private readonly entries = new Map<string, { token: string; value: V }>();

  /** The value kept under this token, else undefined (and a value under another token is dropped). */
  get(key: string, token: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.token !== token) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value last kept for this key and the token it was kept under, whatever the current token. */
  peek(key: string): { token: string; value: V } | undefined {
    return this.entries.get(key);
  }

  set(key: string, token: string, value: V, maxKept: number): void {
    this.entries.delete(key);
    this.entries.set(key, { token, value });
    if (this.entries.size > maxKept) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** One store per knex instance (and per kind of answer: each caller keeps its own WeakMap). */
export function keptFor<V>(stores: WeakMap<Knex, KeptUnderToken<V>>, db: Knex): KeptUnderToken<V> {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new KeptUnderToken<V>()));
  return store;
}
