import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths.js';
import type { DbCause } from '../failures.js';
import { LIKE_ESCAPED_BY_BANG, NULLS_LAST_SYNTAX, TRIMMED_WHITE_SPACE, type Dialect } from './dialect.js';

/** better-sqlite3's codes; extended codes such as SQLITE_CANTOPEN_ISDIR count as their base code. */
const CAUSE_BY_CODE: Readonly<Record<string, DbCause>> = {
  SQLITE_CANTOPEN: 'cannot-open',
  SQLITE_NOTADB: 'cannot-open',
  SQLITE_BUSY: 'database-busy',
};

/** SQLite through better-sqlite3: the embedded database, one file, one connection. */
export const sqlite: Dialect = {
  client: 'better-sqlite3',

  knexConfig(db, common) {
    const filename = path.resolve(PROJECT_ROOT, db.filename);
    // A fresh clone has no data/ folder; better-sqlite3 creates the file but not its folder.
    if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
    return {
      ...common,
      connection: { filename },
      useNullAsDefault: true,
      // better-sqlite3 is synchronous: one connection avoids "database is locked" and is as fast.
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          cachePreparedStatements(conn, SQLITE_STATEMENT_CACHE_SIZE);
          // Which connection a data_version was read on (queries/freshness/data-token.ts): the counter is
          // per connection, so a new connection's values say nothing about an old one's.
          const id = ++sqliteConnections;
          conn.function('connection_id', { deterministic: true }, () => id);
          done(null, conn);
        },
      },
    };
  },

  errors: {
    causeByCode: CAUSE_BY_CODE,
    causeOf(code) {
      const base = /^SQLITE_[A-Z]+/.exec(code)?.[0];
      return base !== undefined && Object.hasOwn(CAUSE_BY_CODE, base) ? CAUSE_BY_CODE[base] : undefined;
    },
    timeoutCodes: [],
    schemaMissingCodes: [],
    // knex prefixes the statement: "select … - no such table: …".
    schemaMissingMessages: [/(^| - )no such table: /i],
  },

  search: { strategy: 'sqlite-trigram' },
  // lower() folds ASCII letters only.
  like: { ...LIKE_ESCAPED_BY_BANG, foldAsciiSql: 'lower(??)' },

  // connection_id() (knexConfig: the counters are per connection) : data_version (changes when any
  // other connection commits) : total_changes() (this connection's writes).
  changeTokenSql: `(select connection_id() || ':' || data_version || ':' || total_changes() from pragma_data_version)`,
  cancellation: { kind: 'in-process' },
  embedded: true,
  storableInstants: [-Infinity, Infinity],
  // No LATERAL. A scalar subquery in a derived table would be flattened into every reference.
  priorRow: 'scalar',
  exact: {
    // Decimals are stored as binary floats: rounded back to whole ten-thousandths (exact below 2^53),
    // then whole-number arithmetic in 64 bits, where `/` of two integers is integer division.
    scaled: (money) => `cast(round(${money} * 10000) as integer)`,
    quotient: (dividend, divisor) => `((${dividend}) / (${divisor}))`,
  },
  nullsLast: NULLS_LAST_SYNTAX,
  trimWhiteSpace: (sql) => `trim(${sql}, char(${TRIMMED_WHITE_SPACE.join(', ')}))`,
};

interface SqliteConnection {
  pragma(s: string): unknown;
  prepare(sql: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: () => unknown): unknown;
}

let sqliteConnections = 0;

/** Distinct SQL texts the service runs are a few hundred at most (filters × sorts × paging shapes). */
const SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * knex's better-sqlite3 client prepares every statement again on each call (parsing and planning
 * the SQL: a quarter of a simple request's database time). Statements are reusable: knex runs them
 * to completion with all()/run() on this one connection, and SQLite re-prepares a statement itself
 * when the schema changes. Least-recently-used SQL texts are dropped beyond `max`.
 */
function cachePreparedStatements(conn: SqliteConnection, max: number): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement !== undefined) {
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
}
