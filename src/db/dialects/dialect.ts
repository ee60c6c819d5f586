import type { Knex } from 'knex';
import type { DbClient, DbConfig } from '../../config.js';
import type { DbCause, DbFailure } from '../failures.js';

/**
 * What differs for one database, in one record (one module per database in this folder). The rest
 * of src/ asks the record of its knex instance (index.ts dialectOf) and never compares client names.
 */
export interface Dialect {
  /** DB_CLIENT's value, which is also knex's client name. */
  readonly client: DbClient;
  /**
   * knex's configuration: `common` (what every database shares: pool limits' wait, migrations,
   * seeds, logging of errors) with this database's connection, pool and driver options.
   */
  knexConfig(db: DbConfig, common: Knex.Config): Knex.Config;
  /** How its driver says what went wrong (../errors.ts reads every dialect's: an error does not say whose it is). */
  readonly errors: DialectErrors;
  /** How contains-filters are answered (queries/search/searches.ts holds the strategies by these names). */
  readonly search: {
    readonly strategy: SearchStrategyName;
  };
  /** LIKE as the contains-filters write it: wildcards made literal, ASCII-only case folding. */
  readonly like: DialectLike;
  /**
   * SQL of a text value (an expression a SELECT list can hold) that changes whenever a commit may
   * have happened (queries/freshness/data-token.ts keeps answers under it); undefined where the
   * database has no equally cheap and exact signal, and nothing is kept.
   */
  readonly changeTokenSql?: string;
  /** How a statement is held to QUERY_TIMEOUT_MS (queries/run.ts). */
  readonly cancellation: Cancellation;
  /**
   * A file of this service rather than a server (SQLite): migrated at start-up by default
   * (config.ts) and seeded with the demo data while empty (../setup.ts); described by its path.
   */
  readonly embedded: boolean;
  /** The server's port when the configuration names none (../target.ts). */
  readonly defaultPort?: number;
  /**
   * The instants its datetime columns can hold, where narrower than a day bound's
   * (queries/predicates.ts leaves a bound beyond them out).
   */
  readonly storableInstants: readonly [first: number, last: number];
  /** An instant as a bound value, where a bound Date cannot carry every storable instant. */
  instantBound?(client: Knex.Client, instant: Date): Date | Knex.Raw;
  /**
   * A bound on a money column (decimal(18, 4)), in whole ten-thousandths, as that decimal; undefined
   * beyond what the column holds. Where a bound number would not compare as the column's decimal
   * (queries/predicates.ts whereMoneyRange); elsewhere the number is bound as it is.
   */
  readonly moneyBound?: (client: Knex.Client, units: bigint) => Knex.Raw | undefined;
  /**
   * The join to parts is written `straight_join` when the listed table must drive it: the planner
   * would otherwise scan parts, join every listed row and sort them all (MySQL/MariaDB).
   */
  readonly straightJoin?: boolean;
  /**
   * How a long list of values reaches `in (…)`: one bound parameter each (undefined), or `openjson`,
   * the list as one JSON array read by OPENJSON (SQL Server takes at most 2,100 parameters a
   * statement; queries/predicates.ts whereInList).
   */
  readonly valueLists?: 'openjson';
  /**
   * How a pricing row reaches the latest approved pricing before it (queries/operations/pricing-change.ts):
   * `left join lateral (… limit 1)`, SQL Server's `outer apply (select top 1 …)`, or, where the
   * database has neither (SQLite, MariaDB), a correlated scalar subquery for each value.
   */
  readonly priorRow: 'lateral' | 'outer-apply' | 'scalar';
  /**
   * Where a statement needs the previous approved pricing of every row of some statuses (a count
   * or an order by the rate), one ordered window pass over those statuses' rows instead of a seek
   * per row (pricing-change.ts previousApprovedInOnePass): set where the database's plans make that cheaper.
   */
  readonly priorRowsInOnePass?: boolean;
  /** Whole-number arithmetic on decimal(18,4) money, exact on this database (changeRate). */
  readonly exact: DialectExact;
  /**
   * An ORDER BY term for a nullable expression (our own SQL, no bindings): its nulls last either way.
   * `isNull`: a condition true exactly where it is null, for a flag that need not compute it.
   */
  nullsLast(sql: string, direction: 'asc' | 'desc', isNull?: string): string;
  /**
   * SQL of a text expression (our own SQL, no bindings) without the white space at its ends that
   * String.prototype.trim removes (TRIMMED_WHITE_SPACE), as the same Unicode text type: names that
   * differ only there are one name.
   */
  trimWhiteSpace(sql: string): string;
  /**
   * A read replica of this database (DATABASE_READ_URL): how far behind the primary it is, and
   * which errors say that it cancelled a read so that replay could go on. None on SQLite.
   */
  readonly replica?: DialectReplica;
}

/** Runs one statement of a lag reading on one server and gives its rows (src/db/replica-monitor.ts). */
export type LagQuery = (sql: string) => Promise<Record<string, unknown>[]>;

export interface DialectReplica {
  /**
   * One reading. `replica` runs on the replica: its errors are the reading's (a connection error:
   * unreachable; a permission the login lacks: the lag is unknown). `primary` runs on the primary
   * and may fail: the reading then does without the primary's position.
   */
  observe(on: { primary: LagQuery; replica: LagQuery }): Promise<ReplicaReading>;
  /** A read the replica cancelled so that replay could go on: retried on the primary like a lost connection. */
  isReplayConflict(err: { code?: unknown; number?: unknown; message?: unknown }): boolean;
}

/**
 * Positions are places in the primary's log (WAL, binlog, transaction log) as one number, so that
 * the monitor can tell how long ago the primary passed the place the replica has applied. That,
 * not the age of the last applied commit, is the lag: the latter grows on an idle primary.
 */
export interface ReplicaReading {
  /** False: the server no longer follows a primary (promoted, or never was a replica): reads go to the primary. */
  following: boolean;
  /** What the replica has applied (replayed, redone, executed). */
  appliedPosition?: bigint;
  /** Where the primary's log ends, when the primary could be asked. */
  primaryPosition?: bigint;
  /** What the replica has received of the primary's log: the reference when the primary cannot be asked. */
  receivedPosition?: bigint;
  /**
   * The server's own idea of how far behind it is, in ms: used once, for a replica already behind
   * when the service starts (no history yet), or when no position can be compared at all.
   */
  behindMs?: number | null;
  /** Why the lag cannot be measured at all (the replica is then read, its lag reported as unknown). */
  lagUnknown?: string;
  /** For the log: what was read. */
  detail: string;
}

/** `16/B374D848` (PostgreSQL) or a decimal (SQL Server's numeric LSNs) as one number; undefined for null. */
export function positionOf(value: unknown): bigint | undefined {
  const text = textOf(value)?.trim();
  if (!text) return undefined;
  const lsn = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(text);
  if (lsn) return (BigInt(`0x${lsn[1]}`) << 32n) | BigInt(`0x${lsn[2]}`);
  return /^\d+$/.test(text) ? BigInt(text) : undefined;
}

/**
 * changeRate is computed from money that whole numbers multiply and divide exactly: the
 * decimal(18,4) values themselves where decimals are exact; SQLite keeps decimals as binary floats,
 * so there each is rounded back to its whole number of ten-thousandths first.
 */
export interface DialectExact {
  /** SQL of a money expression in that exact form. */
  scaled(money: string): string;
  /** SQL of `dividend` divided by `divisor`, both non-negative and in that form, rounded down to a whole number. */
  quotient(dividend: string, divisor: string): string;
}

/**
 * The code points String.prototype.trim removes (ECMAScript's WhiteSpace and LineTerminator): ASCII
 * white space, no-break and ideographic spaces (U+3000, typed by Chinese input methods), the BOM.
 */
export const TRIMMED_WHITE_SPACE: readonly number[] = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
];

/** SQLite and PostgreSQL write NULLS LAST in ORDER BY; the others sort by a null flag first. */
export const NULLS_LAST_SYNTAX = (sql: string, direction: 'asc' | 'desc') => `${sql} ${direction} nulls last`;

/** The last instant a datetime column holds on SQL Server (datetime2) and MySQL/MariaDB (DATETIME). */
export const LAST_STORABLE_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * - 'in-process': the database runs in-process and synchronously (SQLite): nothing could interrupt a
 *   statement, and run() lets statements take turns with I/O instead;
 * - 'on-server': the statement, run on a connection of its own, is cancelled on the server after
 *   `ms`: `bound` arranges that before it runs, `unbound` undoes it once the driver is done.
 */
export type Cancellation =
  | { readonly kind: 'in-process' }
  | {
      readonly kind: 'on-server';
      bound(qb: Knex.QueryBuilder | Knex.Raw, connection: object, ms: number): void;
      unbound?(connection: object): void;
    };

/** knex sends the cancel itself (pg_cancel_backend, KILL QUERY) on a connection of its own. */
export const KNEX_CANCEL: Cancellation = {
  kind: 'on-server',
  bound: (qb, _conn, ms) => void qb.timeout(ms, { cancel: true }),
};

/**
 * Contains-filter strategies: SQLite's FTS5 trigram tables, PostgreSQL's GIN indexes, LIKE scans.
 */
export type SearchStrategyName = 'sqlite-trigram' | 'pg-grams' | 'like';

export interface DialectLike {
  /** `text` (already folded) with the LIKE wildcards, and the escape character, matching themselves. */
  escape(text: string): string;
  /** What follows `like ?` for escape()'s patterns: the ESCAPE clause, if one is needed. */
  readonly escapeClause: string;
  /**
   * SQL for a column (`??`) with only its ASCII letters lower-cased, so that every database folds
   * exactly what SQLite does (Φ in a spec must not match a search for φ).
   */
  readonly foldAsciiSql: string;
  /**
   * Compare the column itself, not its fold, when the needle has no ASCII letter: the fold maps
   * letters to letters one for one, so it cannot change where such a pattern matches under a binary
   * collation, and costs a function call per row. Not on pg, whose trigram index is on the fold.
   */
  readonly letterlessUnfolded?: boolean;
}

const LIKE_ESCAPE = '!';

/**
 * LIKE with an escape character: `!`, because `\` is itself an escape in MySQL string literals.
 * The escape character is our constant, written as a literal: only the user's text is a parameter.
 */
export const LIKE_ESCAPED_BY_BANG: Pick<DialectLike, 'escape' | 'escapeClause'> = {
  escape: (text) => text.replace(/[!%_]/g, (c) => LIKE_ESCAPE + c),
  escapeClause: ` escape '${LIKE_ESCAPE}'`,
};

/** The letters that fold, where lower() would fold more than ASCII. */
export const UPPER_ASCII = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A driver's errors: the database cannot be used (503), a statement was cancelled (504), our tables are missing. */
export interface DialectErrors {
  /** `code`s (the driver's, or the server's as the driver passes them on) that mean the database cannot be used. */
  readonly causeByCode: Readonly<Record<string, DbCause>>;
  /** The cause where the code alone does not tell (its message, or a family of codes); asked before the tables. */
  causeOf?(code: string, message: string): DbCause | undefined;
  /** The server's error numbers, where the driver keeps them in `number`. */
  readonly causeByNumber?: Readonly<Record<number, DbCause>>;
  /** Codes of errors that wrap the socket's error (`cause`, `errors`), which names the cause better. */
  readonly wrapperCodes?: readonly string[];
  /** The failure of an error whose code means one thing or another by its class; asked before the code tables. */
  failureOf?(err: object, code: string | undefined, message: string): { failure: DbFailure; cause?: DbCause } | undefined;
  /** Codes of a statement cancelled at its time-out. */
  readonly timeoutCodes: readonly string[];
  /** A table of the service is missing: the database was never migrated (or is not ours). */
  readonly schemaMissingCodes: readonly string[];
  readonly schemaMissingMessages: readonly RegExp[];
}

/** The server, port, login and database of a networked configuration given without DATABASE_URL. */
export function serverParts(db: DbConfig) {
  return {
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    database: db.database,
  };
}

/** A driver's scalar as text (a string, number or bigint column); undefined for null and anything else. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : undefined;
}
